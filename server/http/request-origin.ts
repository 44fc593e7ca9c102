import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where a change came from: the person, their address and browser, and the request id of the log
 * lines. What an audit trail keeps beside each change (plugins/audit), read by in-transaction
 * event subscribers (server/events/event-subscription.ts) without every publisher passing it on.
 */
export interface EventOrigin {
  /** The logged-in user making the request; null before log-in (a sign-in) or in a job. */
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const current = new AsyncLocalStorage<FastifyRequest>();

/**
 * Keeps the request in the async context of everything its handler awaits. `run(…, done)` in a
 * callback hook is how @fastify/request-context does it: later hooks and the handler continue
 * inside it. The request itself is kept (not a copy) because the session hook sets the user after.
 */
export function trackRequestOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    current.run(request, done);
  });
}

/** The origin of the request being served, or null outside one (a job, a subscriber after commit). */
export function currentOrigin(): EventOrigin | null {
  const request = current.getStore();
  if (!request) return null;
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.currentUser?.id ?? null,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    requestId: request.id ?? null,
  };
}
