/**
 * Whether a failed write means the storage under the app is full or cannot be written (a disk
 * or quota filled up, a volume mounted read-only): something people can only wait out, told as
 * such, never as "something went wrong". Anything else is not a storage condition (null).
 */
export type StorageProblem = 'full' | 'unwritable';

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

export function storageProblem(error: unknown): StorageProblem | null {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (FULL.has(code)) return 'full';
    if (UNWRITABLE.has(code)) return 'unwritable';
  }
  return null;
}

/** The sentence a person reads when storing `what` failed for that reason. */
export const STORAGE_PROBLEM_MESSAGES: Record<StorageProblem, string> = {
  full: 'There is no room left to store files. Try again later.',
  unwritable: 'Files cannot be stored right now. Try again later.',
};

/** 507 Insufficient Storage for a full disk, 503 for one that cannot be written. */
export const STORAGE_PROBLEM_STATUS: Record<StorageProblem, number> = { full: 507, unwritable: 503 };
