import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `npm run dev`: browser page loads go through the API server first, so that the page gets what
 * the server puts into it in production (the session cookie, `<meta name="csrf-token">` and the
 * JSON page configuration), while the HTML itself is Vite's (module graph, hot reload).
 *
 * - The API answers with its SPA page -> Vite's index.html with the server's meta tag and JSON
 *   scripts copied in, plus the server's Set-Cookie headers.
 * - The API answers anything else (a redirect such as the confirmation link, the /dev/outbox
 *   page, a 404) -> passed through unchanged.
 * - The API is not up yet -> Vite's page as is (empty token: the app falls back to the cookie).
 *
 * The server decides what is a page, so no list of page paths is kept here. Non-HTML requests
 * (XHR, assets) are untouched: API calls reach the server through `server.proxy`.
 */
/**
 * @param {string} apiTarget e.g. http://127.0.0.1:3001
 * @returns {import('vite').Plugin}
 */
export function pagesFromApi(apiTarget) {
  return {
    name: 'polycue-dev-pages-from-api',
    apply: 'serve',
    configureServer(server) {
      // Added before Vite's own middlewares, so before the proxy and the HTML fallback.
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        const isPageLoad =
          (req.method === 'GET' || req.method === 'HEAD') &&
          (req.headers.accept ?? '').includes('text/html') &&
          !url.startsWith('/@') &&
          !url.startsWith('/node_modules/');
        if (!isPageLoad) return next();

        servePage(url, req.headers, res, req.originalUrl).catch((error) => {
          server.config.logger.warn(
            `[dev pages] no page from the API at ${apiTarget} (${error.message}); serving Vite's page as is`,
          );
          next();
        });
      });

      /**
       * @param {string} url
       * @param {import('node:http').IncomingHttpHeaders} headers
       * @param {import('node:http').ServerResponse} res
       * @param {string} [originalUrl]
       */
      async function servePage(url, headers, res, originalUrl) {
        const upstream = await fetch(apiTarget + url, { headers: forwardable(headers), redirect: 'manual' });
        const body = Buffer.from(await upstream.arrayBuffer());
        const cookies = upstream.headers.getSetCookie();
        if (cookies.length > 0) res.setHeader('set-cookie', cookies);

        const serverHtml = (upstream.headers.get('content-type') ?? '').includes('text/html')
          ? body.toString('utf8')
          : '';
        const csrfMeta = serverHtml.match(CSRF_META)?.[0];
        if (upstream.status !== 200 || !csrfMeta) {
          res.statusCode = upstream.status;
          upstream.headers.forEach((value, name) => {
            // fetch already decoded the body, and cookies were copied above.
            if (
              !['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'set-cookie'].includes(name)
            ) {
              res.setHeader(name, value);
            }
          });
          res.end(body);
          return;
        }

        const template = await readFile(path.join(server.config.root, 'index.html'), 'utf8');
        const html = await server.transformIndexHtml(url, template, originalUrl);
        const jsonScripts = serverHtml.match(JSON_SCRIPTS) ?? [];
        // Outside plugins: the server's import map goes first in <head>, before any module script.
        const importMap = serverHtml.match(IMPORT_MAP)?.[0];
        const withMap = importMap ? html.replace(/<head>/i, (head) => `${head}\n    ${importMap}`) : html;
        const page = withMap.replace(CSRF_META, csrfMeta).replace('</head>', `${jsonScripts.join('\n')}\n</head>`);
        res.statusCode = 200;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(page);
      }
    },
  };
}

const CSRF_META = /<meta\s+name="csrf-token"[^>]*>/;
const JSON_SCRIPTS = /<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g;
const IMPORT_MAP = /<script type="importmap">[\s\S]*?<\/script>/;

/** @param {import('node:http').IncomingHttpHeaders} headers */
function forwardable(headers) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const name of ['accept', 'accept-language', 'cookie', 'user-agent']) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
