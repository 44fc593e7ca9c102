import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPENAPI_PATH } from '../openapi';

/** The reference page of the OpenAPI document. */
export const API_DOCS_PATH = '/api/docs';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Polycue API reference</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="api-reference" aria-label="Polycue API reference"><p>Loading the API reference (<a href="${OPENAPI_PATH}">OpenAPI document</a>)…</p></main>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

interface Asset {
  type: string;
  plain: Buffer;
  gzip: Buffer;
}

/**
 * `/api/docs`: Swagger UI (swagger-ui-dist, a self-contained bundle with no dependencies) served
 * from our own origin, so the page keeps the app's strict CSP (`script-src 'self'`: the start-up
 * is a file, not an inline script; the bundle needs no eval). Files are read and gzipped once, on
 * first request, and fixed routes (no `:file` parameter) list exactly what is served.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const files: Record<string, { file: string; type: string }> = {
    [API_DOCS_PATH]: { file: '', type: 'text/html; charset=utf-8' },
    [`${API_DOCS_PATH}/swagger-ui.css`]: { file: path.join(dist, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
    [`${API_DOCS_PATH}/swagger-ui-bundle.js`]: {
      file: path.join(dist, 'swagger-ui-bundle.js'),
      type: 'text/javascript; charset=utf-8',
    },
    [`${API_DOCS_PATH}/init.js`]: {
      file: new URL('./api-docs-init.js', import.meta.url).pathname,
      type: 'text/javascript; charset=utf-8',
    },
  };
  const loaded = new Map<string, Asset>();
  const assetAt = (url: string): Asset => {
    let asset = loaded.get(url);
    if (!asset) {
      const { file, type } = files[url];
      const plain = file ? readFileSync(file) : Buffer.from(PAGE);
      asset = { type, plain, gzip: gzipSync(plain) };
      loaded.set(url, asset);
    }
    return asset;
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const asset = assetAt(request.routeOptions.url!);
    reply.type(asset.type).header('vary', 'accept-encoding');
    reply.header('cache-control', asset.type.startsWith('text/html') ? 'no-cache' : 'public, max-age=3600');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'gzip');
      return reply.send(asset.gzip);
    }
    return reply.send(asset.plain);
  };
  for (const url of Object.keys(files)) {
    app.get(url, { config: { access: 'public' }, schema: { hide: true } }, serve);
  }
}
