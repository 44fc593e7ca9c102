import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens mailed to people (confirmation, password reset): 32 random bytes, base64url. Only the
 * SHA-256 is stored, so a database leak cannot be turned into working links.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
