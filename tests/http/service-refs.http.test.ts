import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { serverSdk } from '../../server/server-sdk';
import type { ServerPlugin } from '../../server/plugin-api';
import { describeOnBothDatabases } from '../support/test-app';

/**
 * Service refs at start-up and at run time, with plugins built as an outside author builds them
 * (through the server SDK, refs by name): a plugin whose required service nobody provides is left
 * out by name and reason, and so is one that requires what it provided; everything else starts.
 * A plugin's routes see only the refs its definition declares.
 */
const sdk = serverSdk;
const NOBODY = sdk.serviceRef<{ hello(): string }>('nobody.here');
const LONELY = sdk.serviceRef<{ hello(): string }>('lonely.greeting');
const INVITATIONS = sdk.serviceRef<{ seatsTaken(accountId: string): Promise<number> }>('accounts.invitations');
const SUBTITLES = sdk.serviceRef<unknown>('subtitles.store');

const ping = (id: string) => async (app: FastifyInstance) => {
  app.get(`/api/v1/${id}/ping`, { config: { access: 'public' } }, async () => ({ pong: id }));
};

const lonely: ServerPlugin = sdk.defineServerPlugin({
  id: 'lonely',
  apiVersion: sdk.apiVersion,
  provides: [LONELY],
  requires: [NOBODY],
  routes: ping('lonely'),
});
const follower: ServerPlugin = sdk.defineServerPlugin({
  id: 'follower',
  apiVersion: sdk.apiVersion,
  requires: [LONELY],
  routes: ping('follower'),
});
const reader: ServerPlugin = sdk.defineServerPlugin({
  id: 'reader',
  apiVersion: sdk.apiVersion,
  uses: [INVITATIONS, NOBODY],
  async routes(app) {
    app.get('/api/v1/reader/probe', { config: { access: 'public' } }, async () => {
      let undeclared = '';
      try {
        app.services.get(SUBTITLES);
      } catch (error) {
        undeclared = (error as Error).message;
      }
      return {
        invitations: app.services.find(INVITATIONS) !== undefined,
        nobody: app.services.find(NOBODY) === undefined,
        undeclared,
      };
    });
  },
});

const reported: string[] = [];

describeOnBothDatabases(
  'service refs: a plugin missing a required service is left out, with the reason',
  { outsidePlugins: [lonely, follower, reader], reportPluginError: (message) => reported.push(message) },
  (ctx) => {
    it('names the plugins left out and why; the others start and read only what they declare', async () => {
      expect(ctx.app.leftOutPlugins.sort()).toEqual(['follower', 'lonely']);
      expect(reported).toContain(
        'lonely was not loaded: it requires the service "nobody.here", which no installed plugin provides',
      );
      expect(reported).toContain(
        'follower was not loaded: it requires the service "lonely.greeting", whose provider "lonely" was not loaded',
      );
      expect((await ctx.client().get('/api/v1/lonely/ping')).status).toBe(404);
      expect((await ctx.client().get('/api/v1/follower/ping')).status).toBe(404);
      expect((await ctx.client().get('/api/v1/reader/probe')).body).toEqual({
        invitations: true,
        nobody: true,
        undeclared:
          'Plugin "reader" reads the service "subtitles.store" without declaring it: add it to its definition\'s `requires`',
      });
      // Polycue's own plugins all start: every ref they require is provided.
      expect((await ctx.client().get('/health')).body).toEqual({ ok: true });
    });
  },
);
