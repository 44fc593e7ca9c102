import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { httpError } from './errors';
import type { AppConfig } from './request-context';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

function origin(url: string | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * Security headers. The page configuration travels in a JSON script element, not an inline
 * script, so `script-src 'self'` needs no nonce. Analytics and error reporting hosts, when
 * configured, are the only other origins the page may talk to.
 *
 * Helmet computes them once, here: they depend on configuration only. (@fastify/helmet built a
 * new helmet, parsing the CSP directives again, on every request: 5 % of a cached list request's
 * CPU, measured.)
 */
export async function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[] = []): Promise<void> {
  const headers = securityHeaders(app.config, scriptHashes);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  // JSON answers are a person's data (or about their session): no cache keeps them unless the
  // route chose otherwise (the project list revalidates with its ETag: `private, no-cache`).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && /json/.test(String(reply.getHeader('content-type') ?? '')))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * For a route that hijacks the reply and answers on the raw response (tus): the headers the
 * hooks set on the reply (security headers, request id), which Fastify would otherwise never send.
 */
export function carryReplyHeaders(reply: FastifyReply, extra: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...extra })) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
  }
}

/** `scriptHashes`: `'sha256-…'` of the inline scripts the page carries: the import map when outside plugins are installed. */
export function securityHeaders(
  config: Pick<AppConfig, 'publicUrl' | 'analytics' | 'errorReporting'>,
  scriptHashes: string[] = [],
): Record<string, string> {
  const https = config.publicUrl.startsWith('https:');
  const external = [...origin(config.analytics.host), ...origin(config.errorReporting.dsn)];
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...scriptHashes, ...external],
        connectSrc: ["'self'", ...external],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS on a plain-http localhost would only confuse browsers.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet is middleware: let it write into a recorder once and keep what it set.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Counts per key in fixed windows; a window's keys are dropped together when it ends, so memory stays bounded by one window's traffic. */
class FixedWindowCounter {
  private counts = new Map<string, number>();
  private windowEnds = 0;

  constructor(private readonly windowMs: number) {}

  hit(key: string): number {
    const now = Date.now();
    if (now >= this.windowEnds) {
      this.counts = new Map();
      this.windowEnds = now + this.windowMs;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }
}

/** The e-mail an auth request is about (`user.email` in every auth body), folded as accounts store it. */
function emailTried(request: FastifyRequest): string | null {
  const email = (request.body as { user?: { email?: unknown } } | undefined)?.user?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Two buckets shared by every route with `config.authRateLimit: true` (so guessing passwords on
 * sign-in and reset together still counts once): one per address, and one per pair of e-mail
 * tried and address. The address is the socket's, or the one a proxy named in TRUSTED_PROXIES
 * passes on. Added as route hooks by an onRoute hook, so this must be installed before plugin
 * routes are registered.
 *
 * Why the pair and not the e-mail alone: a count per e-mail let anyone lock a person out of
 * their own account, reset included (30 wrong passwords a minute from 34 addresses answered the
 * owner 429). Counted per e-mail AND address, strangers' failures never reach the owner's
 * count, so the owner's correct password and reset from their own address always pass. The
 * price: one account guessed from many addresses is limited per address only (each address its
 * own budget), as with any lock-out-free throttle short of device cookies or a CAPTCHA.
 */
export async function registerAuthRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
  const options = {
    max: app.config.authRateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => httpError(429, 'rate_limited', RATE_LIMIT_MESSAGE),
  };
  const perAddress: onRequestHookHandler = app.rateLimit(options);
  // @fastify/rate-limit runs once per request whatever the number of its hooks, so the
  // per-account count is kept here. After validation (preHandler), when the body is parsed.
  const pairs = new FixedWindowCounter(60_000);
  const perAccount: preHandlerHookHandler = async (request) => {
    const email = emailTried(request);
    if (email !== null && pairs.hit(`${email}\n${request.ip}`) > app.config.authRateLimitPerMinute)
      throw options.errorResponseBuilder();
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.authRateLimit) return;
    const list = <T>(hooks: T | T[] | undefined): T[] => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []);
    route.onRequest = [perAddress, ...list(route.onRequest)];
    route.preHandler = [perAccount, ...list(route.preHandler)];
  });
}
