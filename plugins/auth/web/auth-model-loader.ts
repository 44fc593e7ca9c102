import type { Container, ServiceIdentifier } from '../../../core';
import type { AuthModel } from './auth-model';
import { loadModelOnce } from './lazy-model';

/** Where the built auth model is bound; pages read it synchronously once `loadAuthModel` resolved. */
export const AUTH_MODEL = Symbol.for('polycue.auth.model') as ServiceIdentifier<AuthModel>;

/**
 * The auth model (every flow: sign-up, sign-in, log-out, reset, onboarding, profile), fetched and
 * built on first use — an auth page opening or an auth command running — then kept for the
 * container's lifetime, so a flow that outlives its page (e.g. the 3 s return to sign-up) goes on.
 */
export function loadAuthModel(container: Container): Promise<AuthModel> {
  return loadModelOnce(container, AUTH_MODEL, async () => (await import('./auth-model')).buildAuthModel);
}
