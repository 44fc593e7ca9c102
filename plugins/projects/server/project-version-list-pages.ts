import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ByteLru } from '../../../server/plugin-api';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Pages smaller than this are sent as they are: gzip would save less than it costs. */
const GZIP_FROM_BYTES = 1024;

/** `gzip` accepted, and not refused with `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  const entry = header?.split(',').find((part) => part.trim().split(';')[0].trim().toLowerCase() === 'gzip');
  return entry !== undefined && !/;\s*q=0(\.0+)?\s*$/i.test(entry.trim());
}

/**
 * The project-version list's pages, kept in memory under a key that holds everything an answer
 * depends on (the workspace revision among it; see project-version-routes.ts), and sent three
 * ways: 304 when the browser already has the page (weak ETag from the key), gzip when it accepts
 * it (compressed once per page, kept beside it: a 50-row page goes from ~18 KB to ~2 KB), or as is.
 */
export class ProjectVersionListPages {
  private readonly pages: ByteLru;

  constructor(maxBytes: number) {
    this.pages = new ByteLru(maxBytes);
  }

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<string>,
  ): Promise<FastifyReply> {
    const etag = `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();

    let body = this.pages.get(key);
    if (!body) {
      body = Buffer.from(await produce());
      this.pages.set(key, body);
    }
    reply.type(JSON_TYPE);
    if (body.length < GZIP_FROM_BYTES || !acceptsGzip(request.headers['accept-encoding'])) return reply.send(body);
    const gzipKey = `${key}\ngzip`;
    let gzipped = this.pages.get(gzipKey);
    if (!gzipped) {
      gzipped = gzipSync(body);
      this.pages.set(gzipKey, gzipped);
    }
    return reply.header('content-encoding', 'gzip').send(gzipped);
  }
}
