import type { PasswordSignInStep } from '../../auth/server/extension-points';
import {
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_SETUP_REQUIRED,
  TWO_FACTOR_MESSAGES as MESSAGES,
} from '../common/two-factor-contract';
import { TwoFactorRepository } from './two-factor-repository';

/**
 * Asked by the auth plugin after a correct password: a user with two-factor sign-in on, or a
 * member of an account requiring it who has not set it up, gets no session yet. The log-in is
 * held under the browser's session until the code (or the set-up) comes to POST /users/two_factor.
 */
export const twoFactorSignInStep: PasswordSignInStep = {
  id: 'two-factor',
  async challenge(user, { db, sessionId }) {
    const repo = new TwoFactorRepository(db);
    const credential = await repo.credential(user.id, db);
    const kind = credential?.confirmed ? 'code' : (await repo.requiredFor(user.id, db)) ? 'setup' : null;
    if (!kind) return null;
    if (sessionId) await repo.hold(db, sessionId, user.id, kind);
    return kind === 'code'
      ? { code: SECOND_FACTOR_REQUIRED, message: MESSAGES.secondFactorRequired }
      : { code: SECOND_FACTOR_SETUP_REQUIRED, message: MESSAGES.setupRequired };
  },
};
