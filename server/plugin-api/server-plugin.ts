import type { ContributionRules } from './contribution-rules';
import { PLUGIN_API_MAJOR, isPluginId } from '../../core/common/plugin-package';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import type { AppConfig, JobQueue, Mailer, Storage } from '../http/request-context';
import type { ServiceRef, ServiceRegistry } from '../services';
import type { ServerExtensions } from '../extensions';
import type { EventPublisher } from '../events/event-outbox';
import type { AnySubscription } from '../events/event-subscription';
import type { AccountDataDeclaration, AccountDataRegistry } from './account-data';

/**
 * The server half of the plugin contract. A feature is `plugins/<id>/server/index.ts`
 * default-exporting `defineServerPlugin({...})`, found by `server/plugins.ts` without a list; a
 * plugin from outside the build is the same definition loaded from PLUGINS_DIR
 * (server/external-plugins.ts, docs/plugins.md).
 */
export interface Migration {
  /** Globally ordered id, `YYYYMMDDHHMM_<plugin>_<what>`; applied once, in id order, in a transaction. */
  id: string;
  sql: string;
}

/**
 * What a job handler gets: the same infrastructure a route sees through `app.*`, so jobs need no
 * side channel and work the same in a ROLE=worker process. Workers start only after every
 * plugin registered, so `services` is complete when the first job runs.
 */
export interface JobContext {
  /** The app's database (transactions included: a step writes its outputs in one). */
  db: Database;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  config: AppConfig;
  storage: Storage;
  jobs: JobQueue;
  /** Queue a mail (e.g. "your project is ready") the same way routes do. */
  mailer: Mailer;
  /** The job's plugin's view of the services: the refs its definition requires (`get`), uses (`find`) and provides. */
  services: ServiceRegistry;
  /** What plugins contributed to extension points (as `app.extensions` in routes), e.g. a job reading another plugin's additions. */
  extensions: ServerExtensions;
  /** Publish a domain event in the transaction of the change (as `app.events` in routes). */
  events: EventPublisher;
  /**
   * Aborted when this process is asked to stop (SIGTERM): the queue waits up to 10 s for running
   * jobs, so a long job should finish within that or hand its work back (the pipeline's steps
   * give it back uncounted, for another worker to take at once).
   */
  shutdown: AbortSignal;
  /** What every plugin declared it holds of an account (as `app.accountData`): exports and erasures read it. */
  accountData: AccountDataRegistry;
}

export interface JobDefinition<T = any> {
  /** Queue name, `<plugin>.<verb>`, e.g. `mail.deliver`. */
  name: string;
  handler(data: T, ctx: JobContext): Promise<void>;
  retryLimit?: number;
  /** Seconds before the first retry (default 5), doubled at each further one. */
  retryDelaySeconds?: number;
  /** Jobs of this queue one process works at once (default 1), e.g. one per core for CPU-bound engines. */
  concurrency?: number;
  /**
   * How long one job may stay active before pg-boss takes its worker for dead and retries it
   * (default 15 min). Short for quick jobs whose loss would stall others (e.g. a watchdog).
   */
  expireInSeconds?: number;
  /**
   * Also sent on this schedule (cron, UTC), e.g. `'*\/10 * * * *'`: pg-boss's clock sends it once
   * per tick however many worker processes run, with `{}` as data.
   */
  cron?: string;
}

/**
 * A typed slot a server plugin owns and reads; others fill it with `contributeToServer(point, value)`
 * (e.g. the projects list's columns and filters, filled by labels). Declared in the owner's
 * `server/extension-points.ts`, the one file of another plugin's server/ folder a plugin may import.
 */
export interface ServerExtensionPoint<T> {
  readonly id: string;
  /** Phantom field carrying the contribution type; never set. */
  readonly __contribution?: T;
  /** The owner's rules for a contribution (ContributionRules); absent on a handle made by a contributor. */
  readonly rules?: ContributionRules;
}

export type { ContributionMember, ContributionRules } from './contribution-rules';

export function defineServerExtensionPoint<T>(id: string, rules?: ContributionRules): ServerExtensionPoint<T> {
  return rules ? { id, rules } : { id };
}

export interface ServerContribution<T = unknown> {
  point: ServerExtensionPoint<T>;
  value: T;
}

export function contributeToServer<T>(point: ServerExtensionPoint<T>, value: T): ServerContribution<T> {
  return { point, value } as ServerContribution<T>;
}

export interface ServerPlugin {
  id: string;
  /** Points this plugin owns and reads (`app.extensions.contributions(point)`); others contribute to them. */
  extensionPoints?: ServerExtensionPoint<unknown>[];
  /** What this plugin adds to other plugins' points. */
  contributions?: ServerContribution[];
  /**
   * Service refs this plugin provides (`app.services.provide(ref, impl)` in its routes); only a
   * declared one can satisfy another plugin's `requires`.
   */
  provides?: ServiceRef<any>[];
  /**
   * Service refs this plugin cannot work without, read with `app.services.get(ref)`: when no
   * installed plugin provides one, the host leaves this plugin out (named, with the reason).
   */
  requires?: ServiceRef<any>[];
  /** Service refs read when present, with `app.services.find(ref)` (undefined when no plugin provides it). */
  uses?: ServiceRef<any>[];
  /** The plugin API major the plugin was built for (`PLUGIN_API_MAJOR`); another one is refused at start-up. */
  apiVersion: number;
  migrations?: Migration[];
  jobs?: JobDefinition[];
  /**
   * In-process listeners for domain events of any plugin (server/events, docs/plugins.md's event
   * list): each gets an event after the publishing transaction commits, once for what it writes;
   * one made with `subscribeInTransaction` is called inside the publishing transaction instead.
   */
  subscriptions?: AnySubscription[];
  /** Registered encapsulated (not through fastify-plugin): hooks and decorators stay inside. */
  routes?: FastifyPluginAsync;
  /**
   * What the plugin holds of an account (added within v1; optional for outside plugins, required
   * of Polycue's own by a test): its tables (how an account's and a person's rows are found, or
   * why a table is not account data) and its Storage folders. Account exports and erasures read it.
   */
  accountData?: AccountDataDeclaration;
}

/** Checks a definition early, so a mistake stops start-up with the plugin's name. */
export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  if (!isPluginId(plugin.id)) throw new Error(`Server plugin id "${plugin.id}" must be kebab-case`);
  if (plugin.apiVersion !== PLUGIN_API_MAJOR) {
    throw new Error(
      `Server plugin "${plugin.id}" targets plugin API v${String(plugin.apiVersion)}; this Polycue runs v${PLUGIN_API_MAJOR}`,
    );
  }
  return plugin;
}
