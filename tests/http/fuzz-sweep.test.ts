import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { RouteCatalogEntry } from '../../server/authz/index';
import { serverPlugins } from '../../server/plugins';
import { describeOnBothDatabases } from '../support/test-app';
import type { TestClient } from '../support/test-client';
import { fillRequest, routeKey, useSweepVocabulary, CannotFill } from './isolation-sweep-fill';
import { loadIsolationFixtures, sweepVocabulary } from './isolation-sweep-fixtures';
import { clientFor, seedTenants } from './isolation-sweep-support';

/**
 * Every route (app.routeCatalog, as the isolation sweep enumerates it) fed by fast-check: bodies
 * and query strings made from the route's own schema, then the same with garbage (wrong types,
 * huge strings, deep nesting, bad ids, control characters) and garbage path ids, sent by the
 * owner of the seeded tenant and by a visitor. Not one answer may be a 5xx. Runs with a fixed
 * seed, so a failure names a request that fails again.
 */

type Schema = Record<string, any>;

const CONTROL = fc.constantFrom('\u0000', '\u0007', '\u001b', '\ud800', '\udfff', '\u202e', '\uffff', '\r\n');
/** Characters of generated text: mostly ordinary, one in eight a control character or a lone surrogate. */
const TEXT_UNIT = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 7 },
  { arbitrary: CONTROL, weight: 1 },
);
const BAD_IDS = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999999',
  'abc',
  '../../etc/passwd',
  '%00',
  ' 1',
  '',
  '0x10',
  'null',
);
const HUGE = fc.constantFrom('x'.repeat(100_000), '€'.repeat(30_000), '9'.repeat(5_000));
const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: [deep(depth - 1)] });
const NESTED = fc.constantFrom(deep(40), deep(200), [[[[[[[[[[[]]]]]]]]]]]);
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  HUGE,
  NESTED,
  BAD_IDS,
  fc.tuple(fc.string({ maxLength: 8 }), CONTROL, fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b),
  fc.constantFrom(
    null,
    true,
    -1,
    1e308,
    -0,
    [],
    {},
    [null],
    { __proto__: { polluted: 1 } },
    { constructor: { prototype: 1 } },
  ),
);

/** A value shaped by `schema`: the right type, mostly; sometimes garbage in its place. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return garbage;
  // The whole body is garbage often; a field inside an otherwise fitting body now and then.
  return fc.oneof(
    { arbitrary: shaped(schema, depth), weight: depth === 0 ? 3 : 12 },
    { arbitrary: garbage, weight: 1 },
  );
}

function shaped(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...(variants as Schema[]).map((variant) => fromSchema(variant, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({
          unit: TEXT_UNIT,
          minLength: Math.min(schema.minLength ?? 0, 40),
          maxLength: Math.max(Math.min(schema.maxLength ?? 40, 40), schema.minLength ?? 0),
        }),
        BAD_IDS,
        fc
          .tuple(fc.constantFrom('a@b.co', '2024-01-01T00:00:00Z', 'https://example.com/v.mp4', 'en'), CONTROL)
          .map(([text, control]) => text + control),
        fc.constantFrom('a@b.co', '2024-01-01T00:00:00Z', 'https://example.com/v.mp4', 'en'),
      );
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constantFrom(2 ** 53, -(2 ** 31), 0.5));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    case 'object':
    case undefined: {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 6 }), garbage, { maxKeys: 3 });
      return fc.record(Object.fromEntries(properties.map(([name, child]) => [name, fromSchema(child, depth + 1)])), {
        requiredKeys: [],
      });
    }
    default:
      return garbage;
  }
}

function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    for (const one of [item].flat()) search.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
  }
  return search.size > 0 ? `?${search}` : '';
}

interface Fuzzed {
  path: string;
  body: unknown;
}

function requestsFor(route: RouteCatalogEntry, filledPath: string, seed: number): Fuzzed[] {
  const base = filledPath.split('?')[0];
  const badPath = fc.array(BAD_IDS, { minLength: 4, maxLength: 4 }).map((ids) =>
    route.url
      .split('/')
      .map((part, i) => (part.startsWith(':') ? encodeURIComponent(ids[i % 4]) : part === '*' ? 'x' : part))
      .join('/'),
  );
  const arbitrary = fc.record({
    path: fc.oneof({ arbitrary: fc.constant(base), weight: 3 }, { arbitrary: badPath, weight: 1 }),
    query: route.schema.querystring ? fromSchema(route.schema.querystring) : fc.constant(undefined),
    body: route.schema.body ? fromSchema(route.schema.body) : garbage,
  });
  return fc
    .sample(arbitrary, { numRuns: 16, seed })
    .map(({ path, query, body }) => ({ path: path + queryString(query), body }));
}

async function send(client: TestClient, method: string, request: Fuzzed) {
  const payload = ['GET', 'HEAD'].includes(method) ? undefined : (JSON.stringify(request.body) ?? 'null');
  return client.request(method as 'POST', request.path, payload, {
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
  });
}

describeOnBothDatabases('fuzz sweep (every route, generated and garbage input)', (ctx) => {
  it('answers every generated request of every route without a 5xx', async () => {
    const routes = ctx.app.routeCatalog.filter(
      (route) => !route.url.startsWith('/dev/') && route.url !== '/users/sign_out',
    );
    expect(routes.length).toBeGreaterThan(50);
    const fixtures = await loadIsolationFixtures(new Set(serverPlugins.map((plugin) => plugin.id)));
    useSweepVocabulary(sweepVocabulary(fixtures));
    const seed = await seedTenants(ctx.db, fixtures, ctx.app.storage);
    const owner = await clientFor(ctx, seed.ownerUserId);
    const visitor = ctx.client();
    const problems: string[] = [];
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      let filled: string;
      try {
        filled = fillRequest(route, seed).path;
      } catch (error) {
        if (!(error instanceof CannotFill)) throw error;
        filled = route.url;
      }
      for (const [n, request] of requestsFor(route, filled, 14_000 + index).entries()) {
        const res = await send(n % 3 === 2 ? visitor : owner, route.method, request);
        sent++;
        if (res.status >= 500)
          problems.push(
            `${routeKey(route)} ${request.path.slice(0, 120)} ${JSON.stringify(request.body)?.slice(0, 200)} -> ${res.status} ${res.text.slice(0, 160)}`,
          );
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 600_000);
});
