import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_CONFIG_ELEMENT_ID, type ExternalWebPlugin, type PageConfig } from '../../core/common/page-config';
import { errorBody } from './errors';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Paths that never fall back to the page: APIs and files answer 404 themselves. */
const NOT_PAGES = /^\/(api|files|dev|assets|plugin-assets|plugin-sdk)(\/|$)/;

// The page configuration's shape and element id are the shared contract in core/common (no inline script: strict CSP).
export { PAGE_CONFIG_ELEMENT_ID };

/** JSON safe inside `<script>`: no `</script>`, no HTML comment openers, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What a page needs for plugins installed outside the build: their entries and the import map lending them the app's modules. */
export interface PagePlugins {
  plugins: ExternalWebPlugin[];
  importMapJson: string;
}

export function renderIndex(template: string, page: PageConfig, pagePlugins?: PagePlugins): string {
  const meta = `<meta name="csrf-token" content="${escapeAttribute(page.csrfToken ?? '')}" />`;
  const withMeta = /<meta\s+name="csrf-token"[^>]*>/.test(template)
    ? template.replace(/<meta\s+name="csrf-token"[^>]*>/, meta)
    : template.replace('</head>', `  ${meta}\n</head>`);
  const config = pagePlugins ? { ...page, plugins: pagePlugins.plugins } : page;
  const script = `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`;
  // The import map must come before any module script; its text is hashed into the CSP as is.
  const importMap = pagePlugins ? `<script type="importmap">${pagePlugins.importMapJson}</script>\n    ` : '';
  const withImportMap = importMap
    ? withMeta.replace(/<meta charset[^>]*>/i, (charset) => `${charset}\n    ${importMap.trimEnd()}`)
    : withMeta;
  return withImportMap.replace('</head>', `  ${script}\n  </head>`);
}

// A browser asks for text/html; a generic client (curl sends "*/*", or no Accept) gets the page too; JSON clients get a 404.
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = (request.headers.accept ?? '').trim();
  return (
    accept === '' ||
    accept.includes('text/html') ||
    accept.split(',').some((type) => type.trim().split(';')[0] === '*/*')
  );
}

/**
 * The single-page app: every page path gets index.html with the session's CSRF token in a meta
 * tag and the page configuration as JSON. Built files (`vite build` -> dist/) are served when
 * present; otherwise the repo's template (enough for HTTP tests; `npm run dev` serves via Vite).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { distDir?: string; pagePlugins?: PagePlugins; pluginsLeftOut?: string[] }) => {
    const distDir = options.distDir ?? path.join(REPO_ROOT, 'dist');
    const built = existsSync(path.join(distDir, 'index.html'));
    const template = readFileSync(
      built ? path.join(distDir, 'index.html') : path.join(REPO_ROOT, 'index.html'),
      'utf8',
    );

    if (built && existsSync(path.join(distDir, 'assets'))) {
      // File names carry content hashes, so they can be cached for good. Own context: the
      // onRoute hook marks only these routes public (access defaults to member).
      await app.register(async (assets) => {
        assets.addHook('onRoute', (route) => {
          route.config = { ...route.config, access: 'public' };
        });
        await assets.register(fastifyStatic, {
          root: path.join(distDir, 'assets'),
          prefix: '/assets/',
          maxAge: '365d',
          immutable: true,
          decorateReply: false,
          index: false,
        });
      });
    }

    async function servePage(request: FastifyRequest, reply: FastifyReply) {
      const session = await app.ensureSession(request, reply);
      const html = renderIndex(
        template,
        {
          csrfToken: session.csrfToken,
          env: app.config.nodeEnv,
          analytics: app.config.analytics,
          errorReporting: { ...app.config.errorReporting, environment: app.config.nodeEnv },
          ...(options.pluginsLeftOut?.length ? { pluginsLeftOut: options.pluginsLeftOut } : {}),
        },
        options.pagePlugins,
      );
      return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0];
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !NOT_PAGES.test(pathname) &&
        acceptsHtml(request)
      ) {
        return servePage(request, reply);
      }
      return reply.code(404).send(errorBody(404, 'not_found', `Route ${request.method}:${pathname} not found`));
    });
  },
  { name: 'polycue-spa', dependencies: ['polycue-sessions'] },
);
