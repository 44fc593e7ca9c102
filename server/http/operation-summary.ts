/**
 * The one-line `summary` of an OpenAPI operation whose route names none: derived from its method
 * and path, so that a reference page or a generated client never shows a blank line. A route's
 * own `schema.summary` (a sentence for people) always wins. Every first-party route writes its own
 * (tests/http/openapi.http.test.ts fails otherwise): this default is for outside plugins' routes.
 *
 *   GET    /api/v1/labels/                          -> "Labels: list"
 *   DELETE /api/v1/labels/:labelId                  -> "Labels: delete one"
 *   PUT    /api/v1/accounts/:accountId/rename       -> "Accounts: rename"
 *   GET    /api/v1/sso/settings                     -> "SSO: read settings"
 */
const ON_COLLECTION: Record<string, string> = {
  GET: 'list',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};
const ON_ONE: Record<string, string> = {
  GET: 'read one',
  POST: 'act on one',
  PUT: 'update one',
  PATCH: 'update one',
  DELETE: 'delete one',
};

const ON_THING: Record<string, string> = { GET: 'read', POST: 'add', PUT: 'change', PATCH: 'change', DELETE: 'remove' };
/** A last path segment that is itself a verb (`rename`, `show_settings`, `import_srt`). */
const ACTION =
  /^(add|cancel|change|check|complete|confirm|connect|create|destroy|download|duplicate|export|get|import|open|read|reload|rename|reopen|reset|resend|resolve|restore|roll|set|setup|show|start|undo|update|updates|verify|youtube)(_|$)/;

/** Acronyms a path writes in lower case. */
const ACRONYMS: Record<string, string> = { sso: 'SSO', api: 'API', srt: 'SRT', vtt: 'VTT', tts: 'TTS' };

const wordsOf = (segment: string) =>
  segment
    .split(/[_.]/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function derivedSummary(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/v\d+\//, '')
    .split('/')
    .filter(Boolean);
  const named = segments.filter((segment) => !segment.startsWith(':'));
  const collection = capitalised(wordsOf(named[0] ?? 'API'));
  const verb = method.toUpperCase();
  if (named.length <= 1) {
    const endsWithId = segments.length > named.length;
    return `${collection}: ${(endsWithId ? ON_ONE : ON_COLLECTION)[verb] ?? verb.toLowerCase()}`;
  }
  const rest = named.slice(1).map(wordsOf).join(' ');
  if (segments.at(-1)?.startsWith(':')) return `${collection}: ${rest}: ${ON_ONE[verb] ?? verb.toLowerCase()}`;
  // The last segment names an action (`rename`, `import_srt`), said as it is, or a thing the
  // method acts on (`settings`, `cues`: several methods on one path), said with the method's verb.
  const last = named.at(-1) ?? '';
  if (ACTION.test(last)) return `${collection}: ${rest}`;
  return `${collection}: ${ON_THING[verb] ?? verb.toLowerCase()} ${rest}`;
}
