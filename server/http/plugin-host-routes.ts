import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SHARED_MODULE_PREFIX } from '../../core/common/shared-modules';
import { PLUGIN_ASSETS_PREFIX, type ExternalWebAsset } from '../external-plugins';
import { errorBody } from './errors';
import type { SharedModules } from './shared-modules';

/**
 * What the browser fetches for plugins installed outside the build: each plugin's web folder under
 * `/plugin-assets/<id>/`, and the modules of the import map under `/plugin-sdk/` that lend the
 * app's own React, router, Effector, inversify and kernel to them. Public, like the app's assets:
 * they are code, not data.
 */
export async function pluginHostRoutes(
  app: FastifyInstance,
  options: { web: ExternalWebAsset[]; shared: SharedModules },
): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });

  app.get(`${SHARED_MODULE_PREFIX}*`, async (request, reply) => {
    const specifier = (request.params as { '*': string })['*'].replace(/\.js$/, '');
    const source = options.shared.source(specifier);
    if (source === null) return reply.code(404).send(errorBody(404, 'not_found', `No shared module "${specifier}"`));
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(source);
  });

  for (const plugin of options.web) {
    await app.register(fastifyStatic, {
      root: plugin.root,
      prefix: `${PLUGIN_ASSETS_PREFIX}${plugin.id}/`,
      decorateReply: false,
      index: false,
      // The version is in the page's address for the entry; its own chunks are revalidated.
      cacheControl: true,
      maxAge: 0,
    });
  }
}
