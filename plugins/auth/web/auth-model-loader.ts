import { defineLazyModel } from '../../../core';
import type { AuthModel } from './auth-model';

/**
 * The auth model (every flow: sign-up, sign-in, log-out, reset, onboarding, profile), fetched and
 * built on first use — an auth page opening or an auth command running — then kept for the
 * container's lifetime, so a flow that outlives its page (e.g. the 3 s return to sign-up) goes on.
 */
export const authModel = defineLazyModel<AuthModel>('auth', async () => (await import('./auth-model')).buildAuthModel);
export const AUTH_MODEL = authModel.token;
export const loadAuthModel = authModel.load;
