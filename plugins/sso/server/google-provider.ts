import type { ProviderClient } from './identity-provider';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * "Sign in with Google": an OpenID Connect client configured by the environment
 * (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET; GOOGLE_ISSUER points elsewhere, e.g. a test provider).
 * Null when not configured. Read when called, so a test can set the environment before it builds the app.
 */
export function googleClientFromEnv(env: Record<string, string | undefined> = process.env): ProviderClient | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return { issuer: env.GOOGLE_ISSUER?.trim() || GOOGLE_ISSUER, clientId, clientSecret };
}
