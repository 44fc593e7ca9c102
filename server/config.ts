import path from 'node:path';
import type { AppConfig, StorageSettings } from './http/request-context';
import { AddressAllowance } from './net/address-allowance';

/** A bad environment variable stops start-up with a message naming it, not a stack trace later. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `${value} is outside ${min}..${max}`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = text(env, name) ?? '0';
  if (!['1', '0', 'true', 'false'].includes(raw)) throw new ConfigError(name, `"${raw}" must be 1 or 0`);
  return raw === '1' || raw === 'true';
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `"${raw}" is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `protocol must be one of ${protocols.join(', ')}, got ${parsed.protocol}`);
  }
  return raw;
}

/** Comma-separated CIDR ranges, each checked now so a typo stops start-up. */
function cidrs(env: Env, name: string): string[] {
  const list = (text(env, name) ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter(Boolean);
  try {
    new AddressAllowance(list);
  } catch (error) {
    throw new ConfigError(name, (error as Error).message);
  }
  return list;
}

/**
 * Proxies whose X-Forwarded-For the app believes: addresses or CIDR ranges, a bare address made a
 * one-address range. None by default: a client could otherwise name any address it likes and
 * walk past the log-in limit, which counts per address.
 */
function proxies(env: Env, name: string): string[] {
  const list = (text(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ranges = list.map((entry) => (entry.includes('/') ? entry : `${entry}/${entry.includes(':') ? 128 : 32}`));
  try {
    new AddressAllowance(ranges);
  } catch (error) {
    throw new ConfigError(name, (error as Error).message);
  }
  return ranges;
}

/**
 * STORAGE=local (default): DATA_DIR/files. STORAGE=s3: S3_BUCKET (required), S3_REGION (default
 * us-east-1), S3_ENDPOINT for MinIO and other S3-compatible stores, S3_FORCE_PATH_STYLE=true for
 * those that do not serve buckets as host names, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (both
 * or neither; neither: the SDK's own chain, e.g. an instance role).
 */
function storageSettings(env: Env): StorageSettings {
  const kind = text(env, 'STORAGE') ?? 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError('STORAGE', `"${kind}" must be one of local, s3`);
  const bucket = text(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET', 'STORAGE=s3 needs a bucket name');
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError(
      accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  }
  const pathStyle = text(env, 'S3_FORCE_PATH_STYLE') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle))
    throw new ConfigError('S3_FORCE_PATH_STYLE', `"${pathStyle}" must be true or false`);
  return {
    kind,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    bucket,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

/**
 * OPERATOR_EMAILS: instance operators (a role above account admins: they publish, edit and
 * withdraw the site-wide alert banner), comma-separated, compared lower-case. The CLI
 * (server/cli/operators.ts) grants the same role for good in the database.
 */
function emails(env: Env, name: string): string[] {
  const list = (text(env, name) ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((email) => !/^[^@\s]+@[^@\s]+$/.test(email));
  if (bad !== undefined) throw new ConfigError(name, `"${bad}" is not an e-mail address`);
  return list;
}

const ROLES = ['all', 'web', 'worker'] as const;

export function loadConfig(env: Env = process.env): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const role = (text(env, 'ROLE') ?? 'all') as AppConfig['role'];
  if (!ROLES.includes(role)) throw new ConfigError('ROLE', `"${role}" must be one of ${ROLES.join(', ')}`);
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    role,
    smtpUrl,
    publicUrl,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    outboxEnabled: smtpUrl === null,
    outboxPublic: flag(env, 'OUTBOX_PUBLIC'),
    authRateLimitPerMinute: integer(env, 'AUTH_RATE_LIMIT', 30, 1, 1_000_000),
    trustedProxies: proxies(env, 'TRUSTED_PROXIES'),
    sessionTtlDays: integer(env, 'SESSION_TTL_DAYS', 30, 1, 3650),
    maxElementBytes: integer(env, 'MAX_ELEMENT_BYTES', 2 * 1024 ** 3, 1024, Number.MAX_SAFE_INTEGER),
    undoDeleteSeconds: integer(env, 'UNDO_DELETE_SECONDS', 30, 0, 3600),
    listCacheMb: integer(env, 'LIST_CACHE_MB', 32, 0, 4096),
    listModelMinVersions: integer(env, 'LIST_MODEL_MIN_VERSIONS', 5000, 0, Number.MAX_SAFE_INTEGER),
    listModelMaxVersions: integer(env, 'LIST_MODEL_MAX_VERSIONS', 1_000_000, 0, Number.MAX_SAFE_INTEGER),
    linkImportAllowCidrs: cidrs(env, 'LINK_IMPORT_ALLOW_CIDRS'),
    analytics: { key: text(env, 'ANALYTICS_KEY'), host: url(env, 'ANALYTICS_HOST', ['http:', 'https:']) },
    errorReporting: { dsn: url(env, 'ERROR_REPORTING_DSN', ['http:', 'https:']) },
    metricsToken: text(env, 'METRICS_TOKEN'),
    storage: storageSettings(env),
    // Several folders are separated like PATH entries (':' here).
    pluginsDirs: (text(env, 'PLUGINS_DIR') ?? './installed-plugins')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.resolve(dir)),
    operatorEmails: emails(env, 'OPERATOR_EMAILS'),
    dnsServers: (text(env, 'DNS_SERVERS') ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
  };
}
