// The API reference page's start-up (served as a file: the CSP allows no inline script).
// "Try it out" runs as the signed-in browser: writes carry the session's CSRF token, as the app's do.
window.addEventListener('load', function () {
  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)CSRF-TOKEN=([^;]*)/);
    return match ? decodeURIComponent(match[1]) : null;
  }
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    requestInterceptor: function (request) {
      var token = csrfToken();
      var auth = request.headers && (request.headers.Authorization || request.headers.authorization);
      if (token && !auth && request.method && request.method !== 'GET') request.headers['X-CSRF-Token'] = token;
      return request;
    },
  });
});
