import type { Queryable } from '../db/database';
import type { Storage } from '../http/request-context';

/**
 * How a plugin takes part in the tenant-isolation sweep (tests/http/isolation-sweep.test.ts),
 * from its own folder: `plugins/<id>/server/isolation-fixtures.ts` default-exports these. The
 * sweep calls every route of every plugin as outsiders with the owner's ids; the plugin seeds its
 * rows in the owner's hidden workspace and says which request fields carry which of its ids. An
 * id-like field no plugin names fails the sweep, so a new route cannot slip past it.
 */
export interface IsolationSeedContext {
  db: Queryable;
  storage?: Storage;
  /** The owner's workspace that outsiders (and a member without access) must not reach. */
  workspaceId: string;
  accountId: string;
  ownerUserId: string;
  /** Put it into every text seeded in the hidden workspace: a response to an outsider, or to a member without access, that contains it leaks. */
  tag: string;
  /** For account-level rows members of the account may see (an invitation): only outsiders of the account must never see it. */
  accountTag: string;
  /** Ids seeded before by the plugins named in `after` (and by the host), by name. */
  ids: Readonly<Record<string, string>>;
}

export type MultipartKind = 'image' | 'subtitle';

export interface IsolationFixtures {
  /** Plugins whose rows must exist first (e.g. labels after projects). */
  after?: string[];
  /** Seeds the plugin's rows; returns their ids by name (`labelId`), which requests then carry. */
  seed?(ctx: IsolationSeedContext): Promise<Record<string, string>>;
  /** Request field or path parameter -> the seeded id it carries, when the names differ (`{ label: 'labelId' }`). */
  idFields?: Record<string, string>;
  /** `ids` of a bulk body, by the route's collection segment (`{ elements: 'elementId' }`). */
  bulkIds?: Record<string, string>;
  /** Optional id fields naming other plugins' resources (which may be absent): left out unless seeded. */
  optionalIds?: string[];
  /** Text fields whose pattern a generic value cannot meet: a valid value (`{ language: 'en' }`). */
  textValues?: Record<string, string>;
  /** `METHOD /path` of routes whose body is multipart: the file field and what to send in it. */
  multipartRoutes?: Record<string, { field: string; kind: MultipartKind }>;
  /** `METHOD /path` of protocol routes whose body is not JSON (tus uploads): called with none. */
  rawBodyRoutes?: string[];
  /**
   * `METHOD /path` -> body fields a generic value cannot meet (two languages, a term per language,
   * a file's text): laid over the filled body, whose ids stay the owner's.
   */
  exampleBodies?: Record<string, Record<string, unknown>>;
}

export function defineIsolationFixtures(fixtures: IsolationFixtures): IsolationFixtures {
  return fixtures;
}
