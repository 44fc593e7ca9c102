import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors';
import { assertValidKey } from './local-storage';

/** Prefixes anyone may read through /files/*. Everything else is served by its feature's own authorised route. */
const PUBLIC_PREFIXES = ['avatars/'];

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*': string } }>('/files/*', { config: { access: 'public' } }, async (request, reply) => {
    const key = request.params['*'];
    const notFound = () => reply.code(404).send(errorBody(404, 'not_found', 'File not found'));
    try {
      assertValidKey(key);
    } catch {
      return notFound();
    }
    if (!PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) return notFound();
    const file = await app.storage.get(key);
    if (!file) return notFound();
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}
