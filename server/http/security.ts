import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
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
}

/** `scriptHashes`: `'sha256-…'` of the inline scripts the page carries: the import map when outside plugins are installed. */
export function securityHeaders(config: Pick<AppConfig, 'publicUrl' | 'analytics' | 'errorReporting'>, scriptHashes: string[] = []): Record<string, string> {
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
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * One bucket per IP shared by every route with `config.authRateLimit: true` (so guessing
 * passwords on sign-in and reset together still counts once). Added as a route hook by an
 * onRoute hook, so it must be installed before plugin routes are registered.
 */
export async function registerAuthRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
  const limiter: onRequestHookHandler = app.rateLimit({
    max: app.config.authRateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => httpError(429, 'rate_limited', RATE_LIMIT_MESSAGE),
  });
  app.addHook('onRoute', (route) => {
    if (!route.config?.authRateLimit) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [limiter, ...existing];
  });
}
