import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../common/auth-contract';

/**
 * argon2id (the library's default algorithm; its `Algorithm` const enum cannot be imported under
 * isolatedModules) with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one real verification when the e-mail is unknown, so the answer time does
 * not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('polycue-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Devise-style sentences; null when the password is acceptable. */
export function passwordProblem(password: string, confirmation?: string): { field: string; message: string } | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { field: 'password', message: `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)` };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { field: 'password', message: `Password is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)` };
  }
  if (confirmation !== undefined && confirmation !== password) {
    return { field: 'passwordConfirmation', message: "Password confirmation doesn't match Password" };
  }
  return null;
}
