import type { Queryable } from '../../../server/plugin-api';
import { looksLikeRecoveryCode } from './recovery-codes';
import { acceptedTimeStep } from './totp';
import type { TwoFactorRepository } from './two-factor-repository';

export type CodeOutcome = { ok: false } | { ok: true; recoveryCodesLeft: number | null };

/**
 * A code typed by a user whose two-factor sign-in is on: a TOTP code (its time step spent, so it
 * works once) or one of their recovery codes (spent; a user with passkeys only has those too).
 * Inside the caller's transaction.
 */
export async function checkCode(
  repo: TwoFactorRepository,
  tx: Queryable,
  userId: string,
  code: string,
): Promise<CodeOutcome> {
  const credential = await repo.credential(userId, tx);
  if (credential?.confirmed) {
    const step = await acceptedTimeStep(credential.secret, code, credential.lastTimeStep);
    if (step !== null && (await repo.spendTimeStep(tx, userId, step))) return { ok: true, recoveryCodesLeft: null };
  }
  if (looksLikeRecoveryCode(code)) {
    const left = await repo.spendRecoveryCode(tx, userId, code);
    if (left !== null) return { ok: true, recoveryCodesLeft: left };
  }
  return { ok: false };
}
