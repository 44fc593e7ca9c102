import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from './errors';

/**
 * Refuses, once for every route, the strings no field of this app may hold: NUL (PostgreSQL
 * cannot store it in text, so it used to surface as a 500 from the database), lone UTF-16
 * surrogates (not Unicode: they cannot be written as UTF-8) and the other C0 control characters,
 * which no name, title or e-mail contains; tab, line feed and carriage return stay allowed, as
 * multi-line text carries them. Body (JSON or form), query string and path parameters are all
 * checked, keys included, before schema validation, so every route answers the same 400.
 *
 * Bodies nested deeper than any route's schema are refused here too: walking (and validating)
 * them costs time for nothing.
 */

// In Unicode mode a well-formed surrogate pair is one code point, so the surrogate range matches lone halves only.
// oxlint-disable-next-line no-control-regex -- matching control characters is this module's purpose.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/u;
export const MAX_BODY_DEPTH = 32;
export const INVALID_CHARACTERS_CODE = 'invalid_characters';

/** `U+0000` for the first forbidden character of `text`, or null when it has none. */
export function forbiddenCharacter(text: string): string | null {
  const match = FORBIDDEN.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null;
}

function refuse(field: string, character: string, what: 'contains' | 'has a key with'): never {
  const name = field || 'body';
  throw httpError(
    400,
    INVALID_CHARACTERS_CODE,
    `${name} ${what} a character that is not allowed (${character})`,
    field || undefined,
  );
}

/** Walks a parsed value without recursion (a deep body must not overflow the stack). */
export function assertCleanValue(value: unknown, root = ''): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const bad = forbiddenCharacter(current);
      if (bad) refuse(path, bad, 'contains');
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_BODY_DEPTH)
      throw httpError(400, 'too_deep', `${path || 'body'} is nested too deeply`, path || undefined);
    const join = (key: string) => (path ? `${path}.${key}` : key);
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: join(String(index)), depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const bad = forbiddenCharacter(key);
      if (bad) refuse(path, bad, 'has a key with');
      stack.push({ value: item, path: join(key), depth: depth + 1 });
    }
  }
}

function assertMultipartBoundary(request: FastifyRequest): void {
  const type = String(request.headers['content-type'] ?? '');
  if (/^multipart\//i.test(type) && !/;\s*boundary=/i.test(type)) {
    throw httpError(400, 'invalid_multipart', malformedMultipartMessage({ message: 'Boundary required' })!);
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertMultipartBoundary(request);
    assertCleanValue(request.params);
    assertCleanValue(request.query);
    assertCleanValue(request.body);
  });
}

/**
 * The multipart parser (busboy) reports a body cut short or without a boundary with plain Errors
 * and no code; their sentences are its only mark, so they are recognised here, in one place, and
 * answered as the 400 they are.
 */
const MULTIPART_PROBLEMS: [RegExp, string][] = [
  [/^Multipart: Boundary not found$|^Boundary required$/, 'its Content-Type names no boundary'],
  [/unexpected end of multipart data$/i, 'it ends before its last part is complete'],
];

/** The sentence to answer a malformed multipart body with, or null for any other error. */
export function malformedMultipartMessage(error: { message?: string; statusCode?: number }): string | null {
  if (error.statusCode !== undefined) return null;
  const problem = MULTIPART_PROBLEMS.find(([pattern]) => pattern.test(error.message ?? ''));
  return problem ? `The request is not valid multipart/form-data: ${problem[1]}` : null;
}
