import type { RouteCatalogEntry } from '../../server/authz/index';
import type { SweepSeed } from './isolation-sweep-support';

/**
 * Fills a route's path params, query and body from its JSON schema with the OWNER's ids. Ids are
 * recognised by name; a route with an id-like field this file does not know fails the sweep with
 * a message saying where to add it, so a new plugin's routes cannot slip past unswept.
 */

export class CannotFill extends Error {}

/** Field or param name -> the owner's id it should carry. Add your plugin's ids here. */
const ID_FIELDS: Record<string, (seed: SweepSeed) => string> = {
  accountId: (s) => s.accountId,
  workspaceId: (s) => s.hiddenWorkspaceId,
  accountUserId: (s) => s.memberAccountUserId,
  workspaceUserId: (s) => s.hiddenWorkspaceUserId,
  invitationId: (s) => s.invitationId,
  // Alerts are site-wide, not tenant data: any id will do.
  alertId: () => '999999999',
  // The analytics id a visitor had before signing up: free text, not a row.
  anonymousId: () => 'sweep-anonymous-id',
  // plugins/projects and plugins/labels (rows seeded in the hidden workspace).
  elementId: (s) => s.elementId,
  projectVersionId: (s) => s.projectVersionId,
  selectedProjectVersionId: (s) => s.projectVersionId,
  labelId: (s) => s.labelId,
  label: (s) => s.labelId,
  // tus upload ids are random text; the owner's uploads are checked by user, so any will do.
  uploadId: () => 'sweepupload',
  // plugins/subtitles (a subtitle with cues and a share link on projectVersionId).
  subtitleId: (s) => s.subtitleId,
  externalTokenId: (s) => s.externalTokenId,
};

/** `ids` in a bulk body: which kind of id, from the route's collection segment. */
const BULK_IDS_BY_COLLECTION: Record<string, keyof typeof ID_FIELDS> = {
  workspaces: 'workspaceId',
  account_users: 'accountUserId',
  elements: 'elementId',
};

/** Protocol routes whose body is not JSON (tus uploads): called with no body; they must still refuse outsiders. */
export const RAW_BODY_ROUTES = new Set(['POST /api/v1/uploads/', 'PATCH /api/v1/uploads/:uploadId']);

/** Routes whose body is multipart (no JSON schema): the field and what to send in it. */
export const MULTIPART_ROUTES: Record<string, { field: string; kind: 'image' | 'subtitle' }> = {
  'POST /api/v1/users/change_avatar': { field: 'avatar', kind: 'image' },
  'POST /api/v1/accounts/:accountId/change_avatar': { field: 'avatar', kind: 'image' },
  'POST /api/v1/project_versions/:projectVersionId/subtitles/:subtitleId/import_srt': { field: 'srt_content', kind: 'subtitle' },
};

/** The file a `subtitle` multipart route gets (the owner's import must succeed). */
export const SWEEP_SUBTITLE_FILE = { filename: 'sweep.srt', contentType: 'application/x-subrip', content: '1\n00:00:01,000 --> 00:00:02,000\nSweep cue\n' };

/** Text fields whose schema has a pattern the generic filler cannot meet: a valid value. */
const TEXT_VALUES: Record<string, string> = {
  // plugins/subtitles: a language code (create subtitle); 'en' is the seeded one, so the owner's call is idempotent.
  language: 'en',
  // plugins/pipeline: set-up languages this installation handles (en speech, en -> es translation, es voice).
  subtitleLanguage: 'es',
  dubbingLanguage: 'es',
};

/**
 * Optional id fields naming resources of plugins not installed yet (plugins/pipeline's set-up
 * settings): left out unless required. When such a plugin arrives, move its field to ID_FIELDS.
 */
const UNINSTALLED_OPTIONAL_IDS = new Set(['vocabularyListId', 'guidelineId', 'termbaseId']);

type Schema = Record<string, any>;

const ID_LIKE = /(^ids$|Ids?$|_ids?$)/;
const DIGITS = /^\^?\[1-9\]/;

function isIdLike(name: string, schema: Schema | undefined): boolean {
  return ID_LIKE.test(name) || (typeof schema?.pattern === 'string' && DIGITS.test(schema.pattern));
}

export function routeKey(route: Pick<RouteCatalogEntry, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

function idFor(name: string, route: RouteCatalogEntry, seed: SweepSeed): string {
  let key = name.replace(/s$/, '');
  if (name === 'ids' || name === 'id') {
    const collection = route.url.split('/').filter((part) => part && !part.startsWith(':')).at(-1) ?? '';
    const known = BULK_IDS_BY_COLLECTION[collection];
    if (!known) throw new CannotFill(`"${name}" of ${routeKey(route)}: add "${collection}" to BULK_IDS_BY_COLLECTION in tests/http/isolation-sweep-fill.ts`);
    key = known;
  }
  const pick = ID_FIELDS[key];
  if (!pick) throw new CannotFill(`id field "${name}" of ${routeKey(route)}: add "${key}" to ID_FIELDS in tests/http/isolation-sweep-fill.ts (and seed it)`);
  return pick(seed);
}

let counter = 0;
function text(name: string, schema: Schema, route: RouteCatalogEntry): string {
  counter += 1;
  if (TEXT_VALUES[name] !== undefined) return TEXT_VALUES[name];
  const value =
    /^(url|link)s?$/i.test(name)
      ? // A loopback link: the import job refuses it at once (no allowance in the sweep), so nothing is fetched.
        `http://127.0.0.1:9/sweep-${counter}.mp4`
      : schema.format === 'email' || /e-?mail/i.test(name)
      ? `sweep-${counter}-${Date.now()}@example.com`
      : /password/i.test(name)
        ? `Sweep-password-${counter}`
        : `sweep value ${counter}`;
  const clipped = typeof schema.maxLength === 'number' ? value.slice(0, schema.maxLength) : value;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(clipped)) {
    throw new CannotFill(`"${name}" of ${routeKey(route)} has pattern ${schema.pattern}: teach tests/http/isolation-sweep-fill.ts to fill it`);
  }
  return clipped;
}

/** A value for `schema`; objects get their required properties and every id-like one. */
export function fillValue(name: string, schema: Schema | undefined, route: RouteCatalogEntry, seed: SweepSeed): unknown {
  if (!schema) throw new CannotFill(`"${name}" of ${routeKey(route)} has no schema`);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return fillValue(name, (schema.anyOf ?? schema.oneOf)[0], route, seed);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (isIdLike(name, schema) && type !== 'array') return idFor(name, route, seed);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, child] of Object.entries<Schema>(schema.properties ?? {})) {
        if (!required.has(key) && UNINSTALLED_OPTIONAL_IDS.has(key)) continue;
        if (required.has(key) || isIdLike(key, child)) out[key] = fillValue(key, child, route, seed);
      }
      return out;
    }
    case 'array':
      if (isIdLike(name, schema.items)) return [idFor(name, route, seed)];
      return [fillValue(name.replace(/s$/, ''), schema.items, route, seed)];
    case 'string':
      return text(name, schema, route);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      throw new CannotFill(`"${name}" of ${routeKey(route)} has type ${JSON.stringify(schema.type)}: teach tests/http/isolation-sweep-fill.ts`);
  }
}

export interface FilledRequest {
  path: string;
  body?: unknown;
  multipart?: { field: string; kind: 'image' | 'subtitle' };
}

/** The request a route gets: owner ids in the path, query and body. */
export function fillRequest(route: RouteCatalogEntry, seed: SweepSeed): FilledRequest {
  const paramsSchema: Schema = route.schema.params ?? {};
  const path = route.url
    .split('/')
    .map((part) => {
      if (part === '*') return 'sweep-missing';
      if (!part.startsWith(':')) return part;
      const name = part.slice(1);
      return encodeURIComponent(String(fillValue(name, paramsSchema.properties?.[name] ?? { type: 'string', pattern: '^[1-9]' }, route, seed)));
    })
    .join('/');
  const query = route.schema.querystring ? (fillValue('query', route.schema.querystring, route, seed) as Record<string, unknown>) : {};
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) search.append(key, String(item));
  const url = search.size > 0 ? `${path}?${search}` : path;

  if (['GET', 'DELETE'].includes(route.method) && !route.schema.body) return { path: url };
  if (RAW_BODY_ROUTES.has(routeKey(route))) return { path: url };
  const multipart = MULTIPART_ROUTES[routeKey(route)];
  if (multipart) return { path: url, multipart };
  if (!route.schema.body) {
    throw new CannotFill(`${routeKey(route)} has no body schema: give it one, or list it in MULTIPART_ROUTES of tests/http/isolation-sweep-fill.ts`);
  }
  return { path: url, body: fillValue('body', route.schema.body, route, seed) };
}
