import type { RouteCatalogEntry } from '../../server/authz/index';
import { sweepVocabulary, type SweepVocabulary } from './isolation-sweep-fixtures';
import type { SweepSeed } from './isolation-sweep-support';

/**
 * Fills a route's path params, query and body from its JSON schema with the OWNER's ids. Ids are
 * recognised by name; a route with an id-like field neither the host nor any plugin's isolation
 * fixtures name fails the sweep with a message saying where to add it, so a new plugin's routes
 * cannot slip past unswept.
 */

export class CannotFill extends Error {}

/**
 * The host's own ids (identity: accounts, workspaces, people, alerts). Plugins name theirs in
 * their isolation fixtures (plugins/<id>/server/isolation-fixtures.ts): every id a fixture seeds
 * is known by its own name, `idFields` maps other field names onto seeded ids.
 */
const HOST_ID_FIELDS: Record<string, (seed: SweepSeed) => string> = {
  accountId: (s) => s.accountId,
  workspaceId: (s) => s.hiddenWorkspaceId,
  accountUserId: (s) => s.memberAccountUserId,
  workspaceUserId: (s) => s.hiddenWorkspaceUserId,
  // Alerts are site-wide, not tenant data: any id will do.
  alertId: () => '999999999',
};

/** `ids` in a bulk body of the host's collections: which kind of id, from the route's collection segment. */
const HOST_BULK_IDS: Record<string, string> = {
  workspaces: 'workspaceId',
  account_users: 'accountUserId',
};

const FIXTURES_FILE = 'plugins/<id>/server/isolation-fixtures.ts';

/** The plugins' part (their fixtures), set once by the sweep before it fills anything. */
let vocabulary: SweepVocabulary = sweepVocabulary([]);
export function useSweepVocabulary(next: SweepVocabulary): void {
  vocabulary = next;
}

/** The file a `subtitle` multipart route gets (the owner's import must succeed). */
export const SWEEP_SUBTITLE_FILE = {
  filename: 'sweep.srt',
  contentType: 'application/x-subrip',
  content: '1\n00:00:01,000 --> 00:00:02,000\nSweep cue\n',
};

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
    const collection =
      route.url
        .split('/')
        .filter((part) => part && !part.startsWith(':'))
        .at(-1) ?? '';
    const known = HOST_BULK_IDS[collection] ?? vocabulary.bulkIds[collection];
    if (!known)
      throw new CannotFill(
        `"${name}" of ${routeKey(route)}: name "${collection}" in bulkIds of the route's ${FIXTURES_FILE}`,
      );
    key = known;
  }
  const host = HOST_ID_FIELDS[key];
  if (host) return host(seed);
  const seeded = seed.ids[vocabulary.idFields[key] ?? key];
  if (seeded === undefined) {
    throw new CannotFill(
      `id field "${name}" of ${routeKey(route)}: seed "${key}" (or map it in idFields) in the route's ${FIXTURES_FILE}`,
    );
  }
  return seeded;
}

let counter = 0;
function text(name: string, schema: Schema, route: RouteCatalogEntry): string {
  counter += 1;
  if (vocabulary.textValues[name] !== undefined) return vocabulary.textValues[name];
  const value = /^(url|link)s?$/i.test(name)
    ? // A loopback link: the import job refuses it at once (no allowance in the sweep), so nothing is fetched.
      `http://127.0.0.1:9/sweep-${counter}.mp4`
    : schema.format === 'email' || /e-?mail/i.test(name)
      ? `sweep-${counter}-${Date.now()}@example.com`
      : /password/i.test(name)
        ? `Sweep-password-${counter}`
        : `sweep value ${counter}`;
  const clipped = typeof schema.maxLength === 'number' ? value.slice(0, schema.maxLength) : value;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(clipped)) {
    throw new CannotFill(
      `"${name}" of ${routeKey(route)} has pattern ${schema.pattern}: give a value in textValues of the route's ${FIXTURES_FILE}`,
    );
  }
  return clipped;
}

/** A value for `schema`; objects get their required properties and every id-like one. */
export function fillValue(
  name: string,
  schema: Schema | undefined,
  route: RouteCatalogEntry,
  seed: SweepSeed,
): unknown {
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
        // Another plugin's resource that is not installed (nothing seeded it): left out.
        if (
          !required.has(key) &&
          vocabulary.optionalIds.has(key) &&
          seed.ids[vocabulary.idFields[key] ?? key] === undefined
        )
          continue;
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
      throw new CannotFill(
        `"${name}" of ${routeKey(route)} has type ${JSON.stringify(schema.type)}: teach tests/http/isolation-sweep-fill.ts`,
      );
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
      return encodeURIComponent(
        String(fillValue(name, paramsSchema.properties?.[name] ?? { type: 'string', pattern: '^[1-9]' }, route, seed)),
      );
    })
    .join('/');
  const query = route.schema.querystring
    ? (fillValue('query', route.schema.querystring, route, seed) as Record<string, unknown>)
    : {};
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) search.append(key, String(item));
  const url = search.size > 0 ? `${path}?${search}` : path;

  if (['GET', 'DELETE'].includes(route.method) && !route.schema.body) return { path: url };
  if (vocabulary.rawBodyRoutes.has(routeKey(route))) return { path: url };
  const multipart = vocabulary.multipartRoutes[routeKey(route)];
  if (multipart) return { path: url, multipart };
  if (!route.schema.body) {
    throw new CannotFill(
      `${routeKey(route)} has no body schema: give it one, or list it in multipartRoutes of its ${FIXTURES_FILE}`,
    );
  }
  const body = fillValue('body', route.schema.body, route, seed);
  const example = vocabulary.exampleBodies[routeKey(route)];
  return { path: url, body: example ? { ...(body as object), ...example } : body };
}
