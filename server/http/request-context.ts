import type {} from 'fastify';
import type { Database } from '../db/database';
import type { ServiceRegistry } from '../services';
import type { ServerExtensions } from '../extensions';
import type { EventPublisher } from '../events/event-outbox';
import type { AccountDataRegistry } from '../plugin-api/account-data';

/** The session row behind the `_polycue_session` cookie (one per browser, anonymous until log-in). */
export interface Session {
  id: string;
  userId: string | null;
  csrfToken: string;
}

/** The logged-in user as routes see it (loaded once per request by the session hook). */
export interface CurrentUser {
  id: string;
  email: string;
  confirmed: boolean;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  role: 'all' | 'web' | 'worker';
  smtpUrl: string | null;
  /** Base URL used in mails, e.g. http://localhost:3000. */
  publicUrl: string;
  nodeEnv: string;
  isProduction: boolean;
  /** Mail goes to DATA_DIR/outbox (no SMTP_URL): then the /dev/outbox page is served. */
  outboxEnabled: boolean;
  /**
   * OUTBOX_PUBLIC=1: /dev/outbox is served to any client (a demo on a shared machine). Otherwise
   * only to loopback clients: the outbox holds password-reset links, i.e. everyone's account.
   */
  outboxPublic: boolean;
  /** Rate limit on authentication routes, requests per minute per IP and per e-mail tried. */
  authRateLimitPerMinute: number;
  /** TRUSTED_PROXIES: CIDR ranges whose X-Forwarded-For gives the client's address (none by default). */
  trustedProxies: string[];
  sessionTtlDays: number;
  /** Largest element (upload or link import) in bytes: MAX_ELEMENT_BYTES, default 2 GiB. */
  maxElementBytes: number;
  /** UNDO_DELETE_SECONDS: how long deleted project versions can be brought back before the purge removes them. */
  undoDeleteSeconds: number;
  /** LIST_CACHE_MB: memory per web process for list pages kept between identical requests (0 turns it off). */
  listCacheMb: number;
  /** LIST_MODEL_MIN_VERSIONS: workspaces with at least this many versions get their list's ids from memory (plugins/projects/server/list-model). */
  listModelMinVersions: number;
  /** LIST_MODEL_MAX_VERSIONS: versions a web process holds in list models, all workspaces together (0 turns them off). */
  listModelMaxVersions: number;
  /** LINK_IMPORT_ALLOW_CIDRS: test-only ranges a link may reach besides the public internet (empty by default). */
  linkImportAllowCidrs: string[];
  analytics: { key: string | null; host: string | null };
  errorReporting: { dsn: string | null };
  /** METRICS_TOKEN: the bearer token /metrics asks for; null turns /metrics off. */
  metricsToken: string | null;
  /** STORAGE: where files live, local disk under DATA_DIR/files (default) or an S3-compatible bucket. */
  storage: StorageSettings;
  /** PLUGINS_DIR: folders of plugins installed outside the build (each a plugin folder or a folder of them). */
  pluginsDirs: string[];
  /** DNS servers (`host` or `host:port`) for TXT lookups such as domain verification; empty: the system's. */
  dnsServers: string[];
  /** OPERATOR_EMAILS: instance operators by address (lower-case), besides users whose role is `staff`. */
  operatorEmails: string[];
}

export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** S3_ENDPOINT; null: AWS's endpoint for the region. */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Queues a mail (job `mail.deliver`) so a slow SMTP server never slows a request. */
  enqueue(mail: Mail): Promise<void>;
  /** Sends now; used by the job handler. */
  deliver(mail: Mail): Promise<void>;
  /**
   * Removes what this server kept of the mails sent to `address` (the outbox's copies when there is
   * no SMTP server; a mail sent over SMTP has left and is not kept), for a person's erasure. Mails
   * queued but not yet delivered are not reached. Resolves to how many were removed.
   */
  forget(address: string): Promise<number>;
}

export interface JobQueue {
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
}

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

export interface Storage {
  put(key: string, data: Buffer | NodeJS.ReadableStream, contentType: string): Promise<StoredFile>;
  /** `range` (inclusive byte offsets, for HTTP Range): the stream holds only those bytes; `size` stays the whole file's. */
  get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string } | null>;
  /**
   * Size and type without opening the file (null: nothing there). Optional for other stores: a
   * ranged read (a video seeking) asks this first when present; otherwise it opens the whole
   * file for its size, which on S3 is a GET of the whole object, aborted.
   */
  stat?(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Public path the browser loads the file from, e.g. `/files/avatars/abc.png`. */
  urlFor(key: string): string;
}

/**
 * Who may call a route, declared in its `config.access` and enforced by one hook for all routes:
 * - public: anyone (pages, sign-up, sign-in, share links);
 * - user: a logged-in user, even with an unconfirmed e-mail (the user's own settings);
 * - member: a logged-in user with a confirmed e-mail: the product (the default, so forgetting
 *   to declare access never opens a route).
 * Defined here, beside the route config it types, so this module needs nothing of the plugin API.
 */
export type RouteAccess = 'public' | 'user' | 'member';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    mailer: Mailer;
    jobs: JobQueue;
    storage: Storage;
    /** Services plugins offer each other by token (server/services.ts). */
    services: ServiceRegistry;
    /** Contributions of plugins to the server extension points plugins declare (server/extensions.ts). */
    extensions: ServerExtensions;
    /** Publishes domain events in the transaction of the change (server/events/event-outbox.ts). */
    events: EventPublisher;
    /** What every plugin declared it holds of an account (server/plugin-api/account-data.ts). */
    accountData: AccountDataRegistry;
    /** Outside plugins left out at start-up (a migration failed): named on stderr, not served. */
    leftOutPlugins: string[];
    /** Replaces the caller's session (log-in, log-out): new id, new CSRF token, token cookie set. */
    replaceSession(request: FastifyRequest, reply: FastifyReply, userId: string | null): Promise<Session>;
  }
  interface FastifyRequest {
    session: Session | null;
    currentUser: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Default `member`. See RouteAccess. */
    access?: RouteAccess;
    /** Auth routes get the stricter rate limit. */
    authRateLimit?: boolean;
  }
}
