import { namedStatement, type Queryable } from '../../../server/plugin-api';
import type { ProjectVersionLabel } from '../../projects/common/projects-contract';

/** A workspace's labels by id, each with its place in the list order (lower(caption), id). */
export type WorkspaceLabels = ReadonlyMap<string, { label: ProjectVersionLabel; rank: number }>;

/** The order the labels page and the list share: PostgreSQL's lower() and collation, not JavaScript's. */
const WORKSPACE_LABELS = namedStatement(
  'labels_of_workspace',
  'SELECT id::text AS id, caption FROM labels WHERE workspace_id = $1 ORDER BY lower(caption), id LIMIT $2',
);
/** The same order, for the ids a page or a filter names only. */
const LABELS_BY_ID = namedStatement(
  'labels_by_id',
  'SELECT id::text AS id, caption FROM labels WHERE workspace_id = $1 AND id = ANY($2::bigint[]) ORDER BY lower(caption), id',
);

/** Workspaces whose labels one process keeps (the least recently asked goes first). */
const KEPT_WORKSPACES = 1000;
/**
 * A workspace with more labels than this is not kept whole: each page then reads the labels its
 * rows and filter name (one query), so a workspace of 100,000 labels costs neither the memory nor
 * a read of all of them after every change.
 */
export const KEPT_LABELS_PER_WORKSPACE = 2000;

/**
 * The labels of workspaces, kept in the web process under the workspace revision
 * (server/identity/workspace-revision.ts): every label write moves the revision (labels-migrations.ts),
 * so a copy kept under the revision a request read is never older than that revision. Why: each
 * listed page named its rows' labels through a sub-select per row, a quarter of the page's
 * database time (0.16 of 0.63 ms measured), and the label filter paid a round trip of its own;
 * a workspace's labels are few and change far less often than pages are listed.
 *
 * One copy per database (tests build many apps in one process, each on its own database).
 */
export class WorkspaceLabelsCache {
  private static readonly perDatabase = new WeakMap<Queryable, WorkspaceLabelsCache>();

  static of(db: Queryable): WorkspaceLabelsCache {
    let cache = this.perDatabase.get(db);
    if (!cache) this.perDatabase.set(db, (cache = new WorkspaceLabelsCache(db)));
    return cache;
  }

  /** null: the workspace has too many labels to keep whole. */
  private readonly kept = new Map<string, { revision: bigint; labels: Promise<WorkspaceLabels | null> }>();

  private constructor(private readonly db: Queryable) {}

  /**
   * Labels of the workspace as of `revision` or later, among them every one of `ids` that exists
   * (all of the workspace's when it has few enough to keep).
   */
  async labels(workspaceId: string, revision: string | null, ids: readonly string[]): Promise<WorkspaceLabels> {
    // Without a revision nothing may be kept: only the labels asked for are read.
    const whole = revision === null ? null : await this.whole(workspaceId, revision);
    if (whole) return whole;
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<ProjectVersionLabel>(LABELS_BY_ID, [workspaceId, [...new Set(ids)]]);
    return ranked(rows);
  }

  private whole(workspaceId: string, revision: string): Promise<WorkspaceLabels | null> {
    const wanted = BigInt(revision);
    const hit = this.kept.get(workspaceId);
    if (hit && hit.revision === wanted) {
      this.kept.delete(workspaceId);
      this.kept.set(workspaceId, hit);
      return hit.labels;
    }
    const labels = this.read(workspaceId);
    // A request that read an older revision than the kept one (it started before a change) reads
    // for itself, and leaves the newer copy in place.
    if (hit && hit.revision > wanted) return labels;
    this.kept.delete(workspaceId);
    this.kept.set(workspaceId, { revision: wanted, labels });
    if (this.kept.size > KEPT_WORKSPACES) this.kept.delete(this.kept.keys().next().value!);
    labels.catch(() => {
      if (this.kept.get(workspaceId)?.labels === labels) this.kept.delete(workspaceId);
    });
    return labels;
  }

  private async read(workspaceId: string): Promise<WorkspaceLabels | null> {
    const { rows } = await this.db.query<ProjectVersionLabel>(WORKSPACE_LABELS, [
      workspaceId,
      KEPT_LABELS_PER_WORKSPACE + 1,
    ]);
    return rows.length > KEPT_LABELS_PER_WORKSPACE ? null : ranked(rows);
  }
}

const ranked = (rows: ProjectVersionLabel[]): WorkspaceLabels =>
  new Map(rows.map((label, rank) => [label.id, { label, rank }]));

/** A row's label ids as its labels, in list order; ids of labels deleted since are left out. */
export function labelsOfIds(ids: readonly string[] | null | undefined, labels: WorkspaceLabels): ProjectVersionLabel[] {
  if (!ids || ids.length === 0) return [];
  if (ids.length === 1) {
    const known = labels.get(ids[0]);
    return known ? [known.label] : [];
  }
  const found: { label: ProjectVersionLabel; rank: number }[] = [];
  for (const id of ids) {
    const known = labels.get(id);
    if (known) found.push(known);
  }
  return found.sort((a, b) => a.rank - b.rank).map(({ label }) => label);
}
