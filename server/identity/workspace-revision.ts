import type { Queryable } from '../db/database';
import type { JobDefinition } from '../plugin-api/server-plugin';

/**
 * The workspace revision: a number that moves whenever something a workspace shows changes, so
 * what was computed for the workspace can be kept (in memory, per process) under it and is never
 * served stale: once anything changes, nobody asks for the old revision any more.
 *
 * How it moves: a plugin adds statement-level triggers to its workspace tables that call
 * note_workspace_change() (migration 202612040001); each changing statement inserts one row
 * into workspace_changes, and the revision is the sum of the workspace's weights.
 * - Inserted rows, not an UPDATE of one counter: writers never wait on one another or hold a
 *   lock across statements (a counter row would deadlock with the label-count triggers).
 * - A sum only grows when a change COMMITS, whatever order commits happen in (a sequence
 *   number would not: a later number can commit first).
 * - Readers read the revision first and compute after, in a later snapshot: a change committed
 *   in between makes the stored result newer than its key (the next reader misses), never older.
 * - Compaction folds a workspace's rows into one row of the same total: the revision is kept.
 *
 * server/authz reads it with the membership check (no extra round trip): `tenant.workspaceRevision`,
 * and folds a workspace's rows when it reads many; the workspace.compactChanges job folds those of
 * workspaces nobody opens (a workspace busy with processing gains a row per step).
 */
export const WORKSPACE_REVISION_COLUMNS = 'rev."workspaceRevision", rev."workspaceChangeRows"';
/** Joined after `workspaces w`: one pass over the workspace's change rows gives both columns. */
export const WORKSPACE_REVISION_JOIN = `
  CROSS JOIN LATERAL (SELECT coalesce(sum(c.weight), 0)::text AS "workspaceRevision", count(*)::int AS "workspaceChangeRows"
                      FROM workspace_changes c WHERE c.workspace_id = w.id) rev`;

/** Rows a workspace may gather before a read folds them. */
export const COMPACT_WORKSPACE_CHANGES_AFTER = 64;

const compacting = new Set<string>();

/** Folds the workspace's change rows into one of the same weight, in the background, once at a time per workspace. */
export function compactWorkspaceChanges(db: Queryable, workspaceId: string, onError: (error: unknown) => void): void {
  if (compacting.has(workspaceId)) return;
  compacting.add(workspaceId);
  db.query(
    `WITH gone AS (DELETE FROM workspace_changes WHERE workspace_id = $1 RETURNING weight)
     INSERT INTO workspace_changes (workspace_id, weight) SELECT $1, sum(weight) FROM gone HAVING count(*) > 0`,
    [workspaceId],
  )
    .catch(onError)
    .finally(() => compacting.delete(workspaceId));
}

/** Every 10 minutes: folds the rows of every workspace that gathered more than a read would allow. */
export const compactWorkspaceChangesJob: JobDefinition = {
  name: 'workspace.compactChanges',
  cron: '*/10 * * * *',
  retryLimit: 0,
  async handler(_data, ctx) {
    const { rows } = await ctx.db.query<{ n: number }>(
      `WITH crowded AS (
         SELECT workspace_id FROM workspace_changes GROUP BY workspace_id HAVING count(*) > $1
       ), gone AS (
         DELETE FROM workspace_changes c USING crowded w WHERE c.workspace_id = w.workspace_id RETURNING c.workspace_id, c.weight
       ), folded AS (
         INSERT INTO workspace_changes (workspace_id, weight) SELECT workspace_id, sum(weight) FROM gone GROUP BY workspace_id RETURNING 1
       ) SELECT count(*)::int AS n FROM folded`,
      [COMPACT_WORKSPACE_CHANGES_AFTER],
    );
    if (rows[0].n > 0) ctx.log.info({ workspaces: rows[0].n }, 'workspace change rows folded');
  },
};

/**
 * The SQL a plugin's migration runs so changes to `table` (which has a `workspace_id` column) move
 * its workspace's revision: the three statement-level triggers calling note_workspace_change().
 */
export function workspaceChangeTriggersSql(table: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
  return (['insert', 'update', 'delete'] as const)
    .map((event) => {
      const rows = event === 'delete' ? 'OLD' : 'NEW';
      return `CREATE TRIGGER ${table}_workspace_change_${event} AFTER ${event.toUpperCase()} ON ${table}
  REFERENCING ${rows} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_change();`;
    })
    .join('\n');
}
