// Default import: mailchecker is CommonJS, and Node's ESM loader cannot see its named exports.
import mailchecker from 'mailchecker';

/** Stored form of an e-mail: no surrounding spaces, lower case (one account per address). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Deliberately loose: one @, something on each side, a dot in the domain. The mail proves the rest. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

let disposableDomains: Set<string> | null = null;

/**
 * Disposable (throw-away) domains, checked offline against mailchecker's maintained list. A
 * sub-domain of a listed domain (`x.mailinator.com`) counts too.
 */
export function isDisposableEmail(email: string): boolean {
  disposableDomains ??= mailchecker.blacklist();
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposableDomains.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
