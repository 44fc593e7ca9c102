import type { PasswordSignInStep } from '../../auth/server/extension-points';
import {
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_SETUP_REQUIRED,
  TWO_FACTOR_MESSAGES as MESSAGES,
} from '../common/two-factor-contract';
import { PASSKEY_MESSAGES } from '../common/passkeys-contract';
import { PasskeyRepository } from './passkey-repository';
import { TwoFactorRepository } from './two-factor-repository';

/**
 * Asked by the auth plugin after a correct password: a user with two-factor sign-in on (an
 * authenticator app or a passkey), or a member of an account requiring it who has not set it up,
 * gets no session yet. The log-in is held under the browser's session until the code, the
 * passkey's answer (or the set-up) comes to POST /users/two_factor (/passkey).
 */
export const twoFactorSignInStep: PasswordSignInStep = {
  id: 'two-factor',
  async challenge(user, { db, sessionId }) {
    const repo = new TwoFactorRepository(db);
    const app = Boolean((await repo.credential(user.id, db))?.confirmed);
    const passkeys = (await new PasskeyRepository(db).count(user.id, db)) > 0;
    const kind = app || passkeys ? 'code' : (await repo.requiredFor(user.id, db)) ? 'setup' : null;
    if (!kind) return null;
    if (sessionId) await repo.hold(db, sessionId, user.id, kind);
    if (kind === 'setup') return { code: SECOND_FACTOR_SETUP_REQUIRED, message: MESSAGES.setupRequired };
    return {
      code: SECOND_FACTOR_REQUIRED,
      message: passkeys ? PASSKEY_MESSAGES.passkeyRequired : MESSAGES.secondFactorRequired,
    };
  },
};
