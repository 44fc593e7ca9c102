import type { Queryable } from '../../../../server/plugin-api';
import { type ModelQuery, type ModelVersion, WorkspaceListModel } from './workspace-list-model';

/**
 * The web process's list models (workspace-list-model.ts), one per large workspace, kept fresh by
 * what PostgreSQL tells: the list-model migrations' triggers note every version whose place or
 * title words change (project_version_list_changes, with the writing transaction's id), and a
 * model remembers the snapshot (pg_current_snapshot) it was read at. Catching up reads the notes
 * of transactions that snapshot did not see — by visibility, not by number, so a transaction that
 * took its id earlier and committed later is not skipped — and those versions again, with the
 * snapshot and the workspace revision of that same statement.
 *
 * When a model answers: the request's workspace revision (read with its membership check) is not
 * newer than the model's, so every change the request could know of is in the model; a person
 * always sees their own write, whichever web process serves the next request. Otherwise the model
 * catches up first (one round trip, after a write). While a model is being built (in chunks, so
 * no request waits on a million rows being parsed) or for a small workspace, the caller asks SQL.
 */
export interface ListModelLimits {
  /** Workspaces with fewer live versions are left to SQL, which is as fast for them (0: every one). */
  minVersions: number;
  /** Versions held across all models of the process; the least recently used go first (0: no models). */
  maxVersions: number;
}

/** Versions read per statement while building: parsing one chunk stays well under 100 ms of the event loop. */
const BUILD_CHUNK = 20_000;
/** A workspace found too small is counted again after this long. */
const RECOUNT_AFTER_MS = 10 * 60_000;
/**
 * A model that has not caught up for this long is built again instead: the notes it would need
 * may have been pruned (LIST_CHANGES_KEPT in list-model-migrations.ts is twice as long).
 */
const CATCH_UP_WITHIN_MS = 30 * 60_000;

const MICROS = `(extract(epoch FROM v.created_at) * 1000000)::bigint`;
const VERSION_JSON = `json_build_array(v.id::text, ${MICROS}, tsvector_to_array(v.title_words))`;
const REVISION = `(SELECT coalesce(sum(c.weight), 0)::text FROM workspace_changes c WHERE c.workspace_id = $1)`;

type VersionTuple = [string, number, string[]];
const toVersion = ([id, micros, words]: VersionTuple): ModelVersion => ({ id, micros, words });

interface Held {
  model: WorkspaceListModel;
  snapshot: string;
  revision: bigint;
  syncedAt: number;
  /** The catch-up in flight, which every request behind it waits for. */
  catchingUp: Promise<void> | null;
}

export class ListModels {
  private readonly held = new Map<string, Held>();
  private readonly building = new Map<string, Promise<void>>();
  /** Workspaces left to SQL (too small or too large for a model) until then. */
  private readonly sqlUntil = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly limits: ListModelLimits,
    private readonly onError: (error: unknown) => void,
    /** Told of each model built: the operator's log line (and how the list bench knows it may start). */
    private readonly onBuilt: (built: { workspaceId: string; versions: number; ms: number }) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The page's ids from the workspace's model, or null when there is none ready (one is then
   * built in the background if the workspace is large enough) and the caller asks SQL.
   */
  async page(workspaceId: string, revision: string | null, query: ModelQuery): Promise<string[] | null> {
    if (this.limits.maxVersions === 0 || revision === null || this.closed) return null;
    const held = this.held.get(workspaceId);
    if (!held) {
      void this.buildLater(workspaceId);
      return null;
    }
    if (BigInt(revision) > held.revision) {
      if (this.now() - held.syncedAt > CATCH_UP_WITHIN_MS) {
        this.held.delete(workspaceId);
        void this.buildLater(workspaceId);
        return null;
      }
      held.catchingUp ??= this.catchUp(workspaceId, held).finally(() => (held.catchingUp = null));
      await held.catchingUp;
      if (this.held.get(workspaceId) !== held) return null;
    }
    // Most recently used last: eviction takes the first.
    this.held.delete(workspaceId);
    this.held.set(workspaceId, held);
    return held.model.page(query);
  }

  /** Builds stop between chunks and no new ones start (the app is closing). */
  close(): void {
    this.closed = true;
    this.held.clear();
  }

  private async catchUp(workspaceId: string, held: Held): Promise<void> {
    try {
      const { rows } = await this.db.query<{
        snapshot: string;
        revision: string;
        changed: [string, VersionTuple | null][] | null;
      }>(
        `WITH changed AS (
           SELECT DISTINCT n.version_id FROM project_version_list_changes n
           WHERE n.workspace_id = $1 AND n.xid >= pg_snapshot_xmin($2::pg_snapshot)
             AND NOT pg_visible_in_snapshot(n.xid, $2::pg_snapshot)
         )
         SELECT pg_current_snapshot()::text AS snapshot, ${REVISION} AS revision,
                (SELECT json_agg(json_build_array(c.version_id::text, CASE WHEN v.id IS NOT NULL THEN ${VERSION_JSON} END))
                 FROM changed c LEFT JOIN project_versions v
                   ON v.id = c.version_id AND v.workspace_id = $1 AND v.deleted_at IS NULL) AS changed`,
        [workspaceId, held.snapshot],
      );
      const changed = rows[0].changed ?? [];
      held.model.apply(
        changed.flatMap(([, tuple]) => (tuple ? [toVersion(tuple)] : [])),
        changed.map(([id]) => id),
      );
      held.snapshot = rows[0].snapshot;
      held.revision = BigInt(rows[0].revision);
      held.syncedAt = this.now();
    } catch (error) {
      // A model that could not catch up is dropped; SQL answers until it is built again.
      this.held.delete(workspaceId);
      this.onError(error);
    }
  }

  /** Starts the workspace's model, if it has none and is not known to be small; resolves when that build ends. */
  buildLater(workspaceId: string): Promise<void> {
    const running = this.building.get(workspaceId);
    if (running) return running;
    if (this.held.has(workspaceId) || (this.sqlUntil.get(workspaceId) ?? 0) > this.now()) return Promise.resolve();
    const build = this.build(workspaceId)
      .catch(this.onError)
      .finally(() => this.building.delete(workspaceId));
    this.building.set(workspaceId, build);
    return build;
  }

  private async build(workspaceId: string): Promise<void> {
    const started = performance.now();
    const { rows } = await this.db.query<{ snapshot: string; revision: string; live: number }>(
      `SELECT pg_current_snapshot()::text AS snapshot, ${REVISION} AS revision,
              (SELECT count(*)::int FROM (SELECT 1 FROM project_versions v WHERE v.workspace_id = $1 AND v.deleted_at IS NULL LIMIT $2) s) AS live`,
      [workspaceId, this.limits.maxVersions + 1],
    );
    const { snapshot, revision, live } = rows[0];
    // Too small to need one, or too large to hold: SQL answers, and the count is taken again later.
    if (live < this.limits.minVersions || live > this.limits.maxVersions) {
      // Remembered a while, so a small workspace is not counted on every request; forgotten when due.
      if (this.sqlUntil.size > 10_000)
        for (const [id, until] of this.sqlUntil) if (until <= this.now()) this.sqlUntil.delete(id);
      this.sqlUntil.set(workspaceId, this.now() + RECOUNT_AFTER_MS);
      return;
    }
    // Read newest first by keyset, chunk by chunk, each in a statement of its own: rows changed
    // while reading come again in the first catch-up (they were noted after `snapshot`).
    const model = new WorkspaceListModel();
    let after: [number, string] | null = null;
    for (;;) {
      if (this.closed) return;
      const chunk: { versions: VersionTuple[] | null } = (
        await this.db.query<{ versions: VersionTuple[] | null }>(
          `SELECT json_agg(${VERSION_JSON} ORDER BY v.created_at DESC, v.id DESC) AS versions FROM (
             SELECT * FROM project_versions v WHERE v.workspace_id = $1 AND v.deleted_at IS NULL ${
               after
                 ? `AND (v.created_at, v.id) < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::bigint)`
                 : ''
             }
             ORDER BY v.created_at DESC, v.id DESC LIMIT $2) v`,
          after ? [workspaceId, BUILD_CHUNK, after[0], after[1]] : [workspaceId, BUILD_CHUNK],
        )
      ).rows[0];
      const versions = (chunk.versions ?? []).map(toVersion);
      model.apply(versions);
      if (versions.length < BUILD_CHUNK) break;
      const last = versions[versions.length - 1];
      after = [last.micros, last.id];
    }
    this.makeRoomFor(model.size);
    if (this.closed || model.size > this.limits.maxVersions) return;
    this.held.set(workspaceId, { model, snapshot, revision: BigInt(revision), syncedAt: this.now(), catchingUp: null });
    this.onBuilt({ workspaceId, versions: model.size, ms: Math.round(performance.now() - started) });
  }

  private makeRoomFor(size: number): void {
    let total = size;
    for (const { model } of this.held.values()) total += model.size;
    for (const [workspaceId, { model }] of this.held) {
      if (total <= this.limits.maxVersions) return;
      this.held.delete(workspaceId);
      total -= model.size;
    }
  }
}
