import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../core/common/csrf';
import { httpError } from './errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Rails-style authenticity token: every write must echo the session's token in `X-CSRF-Token`.
 * A cross-site form cannot read the token, so it cannot forge the header. Routes opt out only
 * with `config.csrf: false` (protocols whose clients cannot send the header); requests that
 * authenticated with an API token instead of the session need none.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const header = CSRF_HEADER.toLowerCase();
    app.addHook('onRequest', async (request) => {
      if (!WRITE_METHODS.has(request.method)) return;
      if (request.routeOptions.config?.csrf === false) return;
      // An API token is sent by a script, never by a browser on its own: a cross-site page
      // cannot set the Authorization header, so there is no request to forge (request-credentials.ts).
      if (request.credential) return;
      const given = request.headers[header];
      const expected = request.session?.csrfToken;
      if (typeof given !== 'string' || !expected || !sameToken(given, expected)) {
        throw httpError(403, 'invalid_csrf_token', 'Invalid authenticity token');
      }
    });
  },
  { name: 'polycue-csrf', dependencies: ['polycue-sessions'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` exempts a write route from the CSRF check. Default: checked. */
    csrf?: boolean;
  }
}
