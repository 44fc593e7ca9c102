import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/database';
import { migrateAll } from './db/migrator';
import { authzPlugin } from './authz/index';
import { accessPlugin } from './http/access';
import { csrfPlugin } from './http/csrf';
import { installErrorHandler } from './http/error-handler';
import { parseNestedForm } from './http/form-body';
import { registerInputGuard } from './http/input-guard';
import type { AppConfig } from './http/request-context';
import { registerAuthRateLimit, registerSecurityHeaders } from './http/security';
import { sessionsPlugin } from './http/sessions';
import { requestCredentialsPlugin } from './http/request-credentials';
import { spaPlugin } from './http/spa';
import { registerOpenApi } from './http/openapi';
import { apiDocsRoutes } from './http/api-docs/api-docs-page';
import { pluginHostRoutes } from './http/plugin-host-routes';
import { operationsRoutes } from './http/operations-routes';
import { loadSharedModules } from './http/shared-modules';
import type { ExternalWebAsset } from './external-plugins';
import { schemaController } from './http/validation';
import { compactWorkspaceChangesJob } from './identity/workspace-revision';
import { PgBossJobQueue } from './jobs/job-queue';
import { mailDeliverJob, NodeMailer } from './mail/mailer';
import { outboxPageRoutes } from './mail/outbox-page';
import type { JobDefinition, ServerPlugin } from './plugin-api';
import { unmetRequirements } from './service-requirements';
import { fileRoutes } from './storage/file-routes';
import { createStorage } from './storage/create-storage';
import { ServiceRegistry } from './services';
import { ServerExtensions } from './extensions';
import { deliverEventJob } from './events/event-delivery';
import { EventOutbox } from './events/event-outbox';
import { sweepEventsJob } from './events/event-sweep';
import { isInTransaction, type EventSubscription } from './events/event-subscription';
import { trackRequestOrigin } from './http/request-origin';
import { AccountDataRegistry } from './plugin-api/account-data';
import { HOST_ACCOUNT_DATA } from './identity/host-account-data';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  plugins: ServerPlugin[];
  /**
   * Server halves of plugins installed outside the build: migrated after Polycue's, and one whose
   * migration fails is left out (with its web half) while the rest starts.
   */
  outsidePlugins?: ServerPlugin[];
  /** Where a left-out plugin is reported (default: stderr). */
  reportPluginError?: (message: string) => void;
  logger?: FastifyServerOptions['logger'];
  /** Where built browser files live (tests point it elsewhere). Default: <repo>/dist. */
  distDir?: string;
  /** Web entries of plugins installed outside the build (server/external-plugins.ts). */
  webPlugins?: ExternalWebAsset[];
  /**
   * Outside plugins the loader already left out (server/external-plugins.ts `leftOut`): with
   * those whose migration fails, the page names them so the shell can toast them.
   */
  pluginsNotLoaded?: string[];
}

/** Advisory lock serialising job-queue set-up between processes (any number unused elsewhere). */
const QUEUE_SETUP_LOCK_KEY = 7_243_901_116;

/** Upper bound of a multipart upload through the core parser; routes check their own limits. */
const MULTIPART_FILE_LIMIT = 50 * 1024 * 1024;

/**
 * The server host: infrastructure as fastify-plugin decorators (visible to every feature), then
 * each feature's routes in its own encapsulated context, then the SPA fallback. Migrations run
 * before anything serves; the job queue starts according to ROLE. `app.close()` stops the queue;
 * the database belongs to the caller and is closed by it.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const report = options.reportPluginError ?? ((message) => console.error(message));
  const routesLeftOut = new Set<string>();
  for (;;) {
    try {
      return await buildAppOnce(options, routesLeftOut);
    } catch (error) {
      // An outside plugin whose routes cannot be registered (a route rule broken, a path taken, its
      // `routes` throwing) is left out like one whose migration fails, and the app is built again
      // without it: the first build is closed (its job queue stopped) before anything served.
      if (!(error instanceof OutsidePluginRoutesError) || routesLeftOut.has(error.pluginId)) throw error;
      report(error.message);
      routesLeftOut.add(error.pluginId);
    }
  }
}

/** An outside plugin's routes could not be registered: it is left out and the app built again. */
class OutsidePluginRoutesError extends Error {
  constructor(
    readonly pluginId: string,
    reason: string,
  ) {
    super(`${pluginId} was not loaded: its routes could not be registered: ${reason}`);
  }
}

async function buildAppOnce(options: BuildAppOptions, routesLeftOut: ReadonlySet<string>): Promise<FastifyInstance> {
  const { config, db } = options;
  if (db.kind === 'pglite' && config.role !== 'all') {
    throw new Error(`ROLE=${config.role} needs DATABASE_URL: the embedded database lives inside one process`);
  }
  const ids = new Set<string>();
  for (const plugin of [...options.plugins, ...(options.outsidePlugins ?? [])]) {
    if (ids.has(plugin.id)) throw new Error(`Server plugin "${plugin.id}" is listed twice`);
    ids.add(plugin.id);
  }

  const report = options.reportPluginError ?? ((message) => console.error(message));
  // A plugin whose required services nobody provides is left out before its migrations run.
  const unmet = unmetRequirements([...options.plugins, ...(options.outsidePlugins ?? [])], report);
  const migrationFailed = await migrateAll(
    db,
    options.plugins.filter((plugin) => !unmet.has(plugin.id)),
    (options.outsidePlugins ?? []).filter((plugin) => !unmet.has(plugin.id)),
    report,
  );
  const kept = [...options.plugins, ...(options.outsidePlugins ?? [])].filter(
    (plugin) => !unmet.has(plugin.id) && !migrationFailed.has(plugin.id) && !routesLeftOut.has(plugin.id),
  );
  // Once more: a plugin requiring what an outside plugin left out by its migration provided.
  const unmetAfter = unmetRequirements(kept, report);
  const leftOut = new Set([...unmet, ...migrationFailed, ...routesLeftOut, ...unmetAfter]);
  const plugins = kept.filter((plugin) => !unmetAfter.has(plugin.id));
  const services = new ServiceRegistry();
  const servicesOf = new Map(plugins.map((plugin) => [plugin.id, services.forPlugin(plugin)]));

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Only the proxies the configuration names may pass the client address (the rate limit keys
    // on it): trusting every private range let anyone on one forge X-Forwarded-For.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    schemaController,
    // One id per request in every log line (pino JSON): the proxy's X-Request-Id when it sends a
    // sane one, else a new UUID; echoed in the response so a user's report can be found in logs.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  installErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!/^[\w.:-]{1,128}$/.test(request.id)) request.id = randomUUID();
    reply.header('x-request-id', request.id);
  });
  // After the id is settled: in-transaction event subscribers (the audit log) read who and where from it.
  trackRequestOrigin(app);

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('services', services);
  app.decorate('extensions', new ServerExtensions(plugins, { warn: (message: string) => app.log.warn(message) }));
  app.decorate('leftOutPlugins', [...leftOut]);
  const accountData = new AccountDataRegistry([
    { owner: 'host', declaration: HOST_ACCOUNT_DATA },
    ...plugins.flatMap((plugin) => (plugin.accountData ? [{ owner: plugin.id, declaration: plugin.accountData }] : [])),
  ]);
  app.decorate('accountData', accountData);
  app.decorate('storage', createStorage(config));
  let jobs: PgBossJobQueue | null = null;
  const mailer = new NodeMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: `Polycue <no-reply@${new URL(config.publicUrl).hostname}>`,
    jobs: () => {
      if (!jobs) throw new Error('The job queue is not started yet');
      return jobs;
    },
  });
  app.decorate('mailer', mailer);

  // Domain events: written to the outbox in the publisher's transaction with their delivery job.
  const allSubscriptions = plugins.flatMap((plugin) => plugin.subscriptions ?? []);
  // After-commit handlers see their own plugin's view of the services (what its definition declares).
  const subscriptions = plugins.flatMap((plugin) =>
    (plugin.subscriptions ?? [])
      .filter((subscription): subscription is EventSubscription => !isInTransaction(subscription))
      .map((subscription): EventSubscription => ({
        ...subscription,
        handle: (event, ctx) => subscription.handle(event, { ...ctx, services: servicesOf.get(plugin.id)! }),
      })),
  );
  const events = new EventOutbox((tx, name, data, sendOptions) => {
    if (!jobs) throw new Error('The job queue is not started yet');
    return jobs.sendInTransaction(tx, name, data, sendOptions);
  }, allSubscriptions.filter(isInTransaction));
  app.decorate('events', events);
  const subscriberIds = new Set<string>();
  for (const subscription of allSubscriptions) {
    if (subscriberIds.has(subscription.id)) throw new Error(`Event subscriber "${subscription.id}" is declared twice`);
    subscriberIds.add(subscription.id);
  }

  const jobDefinitions = [
    mailDeliverJob(mailer),
    compactWorkspaceChangesJob,
    deliverEventJob(subscriptions, events),
    sweepEventsJob,
    ...plugins.flatMap((plugin) =>
      (plugin.jobs ?? []).map((job): JobDefinition => ({
        ...job,
        handler: (data, ctx) => job.handler(data, { ...ctx, services: servicesOf.get(plugin.id)! }),
      })),
    ),
  ];
  const jobNames = new Set<string>();
  for (const job of jobDefinitions) {
    if (jobNames.has(job.name)) throw new Error(`Job "${job.name}" is declared twice`);
    jobNames.add(job.name);
  }
  const startQueue = () =>
    PgBossJobQueue.start({
      db,
      databaseUrl: config.databaseUrl,
      jobs: jobDefinitions,
      work: config.role !== 'web',
      log: app.log,
    });
  // Processes starting together on a fresh PostgreSQL database (machines booting at once) made
  // pg-boss's queue creation (a partition table per queue) deadlock and one process exit; one
  // at a time sets the queues up, under a lock held for this database only.
  jobs =
    db.kind === 'postgres'
      ? await db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
          return startQueue();
        })
      : await startQueue();
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs?.stop();
  });

  await app.register(cookie);
  await app.register(formbody, { parser: parseNestedForm });
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT, files: 1 } });
  registerInputGuard(app);
  // Outside plugins' web entries get an import map lending them the app's modules; it is an
  // inline script, so its hash joins the CSP. Nothing of it exists when none is installed.
  const webPlugins = (options.webPlugins ?? []).filter((plugin) => !leftOut.has(plugin.id));
  const shared = webPlugins.length ? await loadSharedModules() : null;
  await registerSecurityHeaders(app, shared ? [shared.importMapHash] : []);
  // API tokens and other credentials plugins authenticate, before (and instead of) the session.
  await app.register(requestCredentialsPlugin);
  await app.register(sessionsPlugin);
  await app.register(csrfPlugin);
  await app.register(accessPlugin);
  // Before any route: checks every route's tenant declaration and resolves request.tenant.
  await app.register(authzPlugin);
  await registerAuthRateLimit(app);
  // Before any route: the OpenAPI document records every route (plugins' included) as it is added.
  await registerOpenApi(app);
  await app.register(apiDocsRoutes);

  app.get('/health', { config: { access: 'public' } }, async () => ({ ok: true }));
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  await app.register(operationsRoutes, {
    db,
    jobs,
    metricsToken: config.metricsToken,
    draining: () => draining,
    plugins: plugins.map((plugin) => plugin.id).sort(),
  });
  await app.register(fileRoutes);
  if (config.outboxEnabled)
    await app.register(outboxPageRoutes, {
      outboxDir: path.join(config.dataDir, 'outbox'),
      public: config.outboxPublic,
    });

  const outsideIds = new Set((options.outsidePlugins ?? []).map((plugin) => plugin.id));
  for (const plugin of plugins) {
    const routes = plugin.routes;
    if (!routes) continue;
    // An encapsulated context whose `services` is the plugin's own view; its routes are
    // registered inside it (encapsulated, as always), so they and their hooks inherit that view.
    // Assigned, not decorated: Fastify refuses to decorate a name a parent context already has.
    try {
      await app.register(async (scope) => {
        (scope as { services: ServiceRegistry }).services = servicesOf.get(plugin.id)!;
        await scope.register(routes);
      });
    } catch (error) {
      if (!outsideIds.has(plugin.id)) throw error;
      await app.close().catch(() => {});
      throw new OutsidePluginRoutesError(plugin.id, (error as Error).message);
    }
  }
  if (shared) await app.register(pluginHostRoutes, { web: webPlugins, shared });
  const pagePlugins = shared
    ? { plugins: webPlugins.map(({ id, url, version }) => ({ id, url, version })), importMapJson: shared.importMapJson }
    : undefined;
  // A plugin left out on the server has no web half either: without this the browser would never
  // know it was meant to be there (docs/plugins.md, section 8).
  const pluginsLeftOut = [...new Set([...(options.pluginsNotLoaded ?? []), ...leftOut])];
  await app.register(spaPlugin, { distDir: options.distDir, pagePlugins, pluginsLeftOut });
  if (config.role !== 'web') {
    await jobs.startWorking({
      db,
      log: app.log,
      config,
      storage: app.storage,
      jobs,
      mailer,
      services: app.services,
      extensions: app.extensions,
      events,
      accountData,
    });
  }
  return app;
}
