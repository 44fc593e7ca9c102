import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { httpError } from './errors';

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
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const https = config.publicUrl.startsWith('https:');
  const external = [...origin(config.analytics.host), ...origin(config.errorReporting.dsn)];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...external],
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
