import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from './errors';

export const UNAUTHENTICATED_MESSAGE = 'You need to sign in or sign up before continuing.';
export const UNCONFIRMED_MESSAGE = 'You have to confirm your email address before continuing.';

/**
 * One hook enforces every route's `config.access` (default `member`), so a route that forgets to
 * declare it is closed, not open. Unknown paths fall through to the 404 handler untouched.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = request.routeOptions.config?.access ?? 'member';
      if (access === 'public') return;
      const user = request.currentUser;
      if (!user) throw httpError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
      if (access === 'member' && !user.confirmed) throw httpError(403, 'unconfirmed', UNCONFIRMED_MESSAGE);
    });
  },
  { name: 'polycue-access', dependencies: ['polycue-sessions'] },
);
