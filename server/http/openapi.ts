import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { CSRF_HEADER } from '../../core/common/csrf';
import { derivedSummary } from './operation-summary';
import { SESSION_COOKIE } from './sessions';

/** Where the document is served (public: it describes the API, not anyone's data). */
export const OPENAPI_PATH = '/api/openapi.json';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }
).version;

/** The ways to call the API. */
function securitySchemes() {
  return {
    apiToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'pcu_…',
      description:
        'A personal API token (account settings → API tokens), as `Authorization: Bearer pcu_…`: acts as its person ' +
        'inside its account (and workspace, when limited), within its scope (`read`: GET only; `write`; `admin`: ' +
        'account administration too). No CSRF header, no cookie. Rate limited per token (`RateLimit-*` headers).',
    },
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: 'The browser session, from signing in.',
    },
    csrfToken: {
      type: 'apiKey',
      in: 'header',
      name: CSRF_HEADER,
      description: 'With the session cookie, every write carries the session’s CSRF token (the `CSRF-TOKEN` cookie).',
    },
  } as const;
}

const NOT_JSON_RESPONSE = {
  '2XX': {
    description: 'Not JSON: a file or media stream (with its own content type), a redirect, or a tus upload answer',
    content: {
      'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
  },
};

/** `core/common/error-body.ts` as a schema: what every refusal answers, named once for generated clients. */
const ERROR_SCHEMA: {
  type: 'object';
  required: string[];
  properties: Record<string, { type: 'integer' | 'string'; description: string }>;
} = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status again' },
    error: { type: 'string', description: 'Its reason phrase, e.g. "Unprocessable Entity"' },
    message: { type: 'string', description: 'For people: show it as it is' },
    code: { type: 'string', description: 'For code, e.g. `not_found`, `invalid`, `plan_limit`, `rate_limited`' },
    field: { type: 'string', description: 'The input it is about, e.g. `workspaceId` or `settings.language`' },
  },
};
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * The refusals a route may answer besides its own responses, so that a generated client types
 * them (without these, an error's type is `never`). Every route: 4XX (400 a malformed request,
 * 404, 409, 413, 422 …). A route a token may call: 401 (an unknown, expired or revoked token) and
 * 429 (its rate limit), each with the header that says what to do.
 */
export function errorResponses(tokenAllowed: boolean) {
  const responses: Record<string, unknown> = {
    '4XX': { description: 'Refused: `message` says why (`code` for code, `field` the input)', content: ERROR_CONTENT },
  };
  if (tokenAllowed) {
    responses['401'] = {
      description: 'The API token is unknown, expired or revoked',
      headers: { 'WWW-Authenticate': { type: 'string', description: '`Bearer error="invalid_token"`' } },
      content: ERROR_CONTENT,
    };
    responses['429'] = {
      description: 'Past the token’s rate limit (`API_TOKEN_RATE_LIMIT` requests a minute)',
      headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait' } },
      content: ERROR_CONTENT,
    };
  }
  return responses;
}

type Config = {
  access?: string;
  tenant?: unknown;
  credentials?: boolean | 'self' | 'handler';
  role?: string;
  multipartBody?: object;
};

/**
 * Who may call a route, in OpenAPI terms, from the same `config` the host enforces: public routes
 * need nothing; tenant routes under /api/v1 take an API token (its scope as the role: read for
 * safe methods, write, or admin for `role: 'admin'`) or the session (with the CSRF header on
 * writes); the rest only the session. Mirrors server/http/request-credentials.ts.
 */
export function routeSecurity(
  method: string,
  url: string,
  config: Config,
  withBearer: boolean,
): Record<string, string[]>[] {
  if ((config.access ?? 'member') === 'public') return [];
  const write = WRITE_METHODS.has(method);
  const session: Record<string, string[]> = write ? { session: [], csrfToken: [] } : { session: [] };
  // About the calling token itself: a token, read scope, and nothing else.
  if (config.credentials === 'self' && withBearer) return [{ apiToken: ['read'] }];
  const tenant = config.tenant;
  const tokenAllowed =
    withBearer &&
    url.startsWith('/api/v1/') &&
    ((typeof tenant === 'object' && tenant !== null && config.credentials !== false) ||
      config.credentials === 'handler');
  if (!tokenAllowed) return [session];
  const scope = (tenant as { role?: string }).role === 'admin' ? 'admin' : write ? 'write' : 'read';
  return [{ apiToken: [scope] }, session];
}

/**
 * The OpenAPI 3.1 document, generated by @fastify/swagger from every route's own JSON schemas as
 * registered (first-party and outside plugins alike: it records routes as they are added, so it is
 * registered before any plugin's routes). Only `/api/` routes are listed; pages, sign-in forms and
 * files are not the API. Security is computed when the document is first asked for, after every
 * plugin registered its authenticators.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const withBearer = () => app.requestAuthenticators.has('bearer');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Polycue API',
        version: PACKAGE_VERSION ?? '1.0.0',
        description:
          'Every call the Polycue app makes, for your own scripts. Resources travel as `{ id, type, attributes }`; ' +
          'errors as `{ statusCode, code, message, field? }`. Recipes: docs/api.md.',
      },
      servers: [{ url: app.config.publicUrl }],
      // Declared whether or not a plugin authenticates tokens; routes name `apiToken` only when one does.
      components: { securitySchemes: securitySchemes(), schemas: { Error: ERROR_SCHEMA } },
    },
    // Requests of any kind are described by their schemas; `hide` drops what is not the API.
    transform: ({ schema, url, route }) => {
      const method = String([(route as RouteOptions).method].flat()[0]);
      const config = ((route as RouteOptions).config ?? {}) as Config;
      if (!url.startsWith('/api/') || url === OPENAPI_PATH || url.startsWith('/api/docs'))
        return { schema: { ...schema, hide: true }, url };
      const security = routeSecurity(method, url, config, withBearer());
      // Files, media streams, redirects and the tus protocol answer no JSON: said so, not left blank.
      const response: Record<string, unknown> = {
        ...((schema as { response?: object } | undefined)?.response ?? NOT_JSON_RESPONSE),
      };
      // A route's own description of a status (a 409 with its body) wins over the generic one.
      for (const [status, refusal] of Object.entries(errorResponses(security.some((way) => 'apiToken' in way))))
        response[status] ??= refusal;
      // Grouped by collection (`/api/v1/labels/…` under "labels") unless the route names its own tags.
      const tags = (schema as { tags?: string[] } | undefined)?.tags ?? [url.split('/')[3] || 'api'];
      // A multipart route's fields, as `consumes` + `body` only here (see Config.multipartBody).
      const multipart = config.multipartBody ? { body: config.multipartBody, consumes: ['multipart/form-data'] } : {};
      // Every operation has a one-line summary: the route's own, else one derived from method and path.
      const summary = (schema as { summary?: string } | undefined)?.summary || derivedSummary(method, url);
      return { schema: { ...schema, ...multipart, summary, security, response, tags }, url };
    },
  });
  // Not cached (JSON is no-store here, see security.ts): it changes with the installed plugins.
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route reading multipart/form-data itself (`request.parts()`, `request.file()`): the JSON
     * schema of its fields, for the OpenAPI document only (`consumes: multipart/form-data`). Never
     * a `schema.body`: Fastify would validate the body the multipart parser leaves empty.
     */
    multipartBody?: object;
  }
}
