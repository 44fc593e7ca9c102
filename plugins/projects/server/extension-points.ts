import { defineServerExtensionPoint, type Queryable } from '../../../server/plugin-api';

/**
 * What other plugins may add to the projects plugin's server: columns and filters of the
 * project-version list (`GET /api/v1/project_versions`), e.g. the labels plugin's labels of each
 * row and its label filter. The list stays one statement: a column is a select expression over
 * the row `v` (project_versions), evaluated on the page's rows only; a filter is a condition over
 * `v` that keeps the list's indexes usable.
 */
export interface ProjectVersionListQuery {
  workspaceId: string;
  /** The `labels[]` query parameter (the spec's label filter), as ids. */
  labelIds: string[];
  /**
   * Added in plugin API 1.x: the workspace revision the request read with its membership check
   * (server/identity/workspace-revision.ts), under which what a filter or a column reads may be
   * kept in memory; null when the caller has none (then read fresh).
   */
  workspaceRevision?: string | null;
}

/** The page whose rows a column's `resolve` finishes. */
export interface ProjectVersionListPage {
  workspaceId: string;
  /** As in ProjectVersionListQuery: a key to keep what `resolve` reads under, null to read fresh. */
  workspaceRevision: string | null;
}

export interface ProjectVersionListContribution {
  id: string;
  /**
   * A row attribute and its SQL, e.g. `{ attribute: 'labels', sql: '(SELECT json_agg(…) …)' }`:
   * a select expression over `v`, evaluated on the page's rows only, served as
   * `attributes[attribute]` (null when the expression is). Keep it to an index lookup per row.
   */
  column?: {
    attribute: string;
    sql: string;
    /**
     * Added in plugin API 1.x (optional): turns the page's values of `sql` (one per row, in order)
     * into the served ones, in the web process, once per page. For values every page repeats from
     * a small table, e.g. the labels plugin serves its label ids as labels from a copy kept under
     * the workspace revision: a sub-select per row cost the database a quarter of the page.
     */
    resolve?(values: unknown[], page: ProjectVersionListPage, ctx: { db: Queryable }): Promise<unknown[]>;
  };
  /**
   * A condition over `v` for this query, with its values placed through `add` (it returns the
   * `$n` placeholder); `null` when the query does not concern it; `'nothing'` when no row can match.
   */
  filter?(
    query: ProjectVersionListQuery,
    ctx: { db: Queryable; add(value: unknown): string },
  ): Promise<string | null | 'nothing'>;
}

export const projectVersionListExtensions = defineServerExtensionPoint<ProjectVersionListContribution>(
  'projects.versionList',
  {
    members: { column: 'object?', filter: 'function?' },
    check: ({ column, filter }) => {
      if (column === undefined && filter === undefined)
        return 'it has neither `column` nor `filter`, so it adds nothing';
      if (column === undefined) return null;
      const { attribute, sql, resolve, ...rest } = column as Record<string, unknown>;
      if (typeof attribute !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(attribute))
        return '`column.attribute` is not a name (letters, digits, _)';
      if (typeof sql !== 'string' || sql.trim() === '') return '`column.sql` is not an SQL expression';
      if (resolve !== undefined && typeof resolve !== 'function') return '`column.resolve` is not a function';
      const unknown = Object.keys(rest)[0];
      return unknown ? `\`column.${unknown}\` is not a member of it (it takes attribute, sql, resolve)` : null;
    },
  },
);

/**
 * Files another plugin keeps in Storage derived from a stored media file (the editor's waveform
 * and shot changes of a video): their keys, given the media's key. Whenever this plugin removes
 * media (a purged version, an expired upload, a link import given up, media retention) those files go with it:
 * deleting a video leaves nothing made from it behind. `keysOf` is pure (no I/O); a key that was
 * never written is fine (removing it is a no-op).
 */
export interface DerivedMediaFiles {
  id: string;
  keysOf(mediaKey: string): string[];
}

export const derivedMediaFiles = defineServerExtensionPoint<DerivedMediaFiles>('projects.derivedMediaFiles', {
  members: { keysOf: 'function' },
});

/**
 * What another plugin knows of a link before it is downloaded: a channel's episode has its
 * feed's title ("Episode 23 & friends") where the media file is only "clip-a.mp4". The link
 * import takes the first contribution's title over the one the download finds (issue 24).
 * `titleOf` answers null when it knows nothing of that link in that workspace.
 */
export interface LinkDetails {
  id: string;
  titleOf(db: Queryable, workspaceId: string, url: string): Promise<string | null>;
  /**
   * Added in plugin API 1.x (optional): everything known of the link — its title, a plain-text
   * description the project keeps, and a picture's http(s) address that replaces the frame
   * grabbed from the video (fetched under the link guard; an audio-only podcast gets one at all).
   * When present it is asked instead of `titleOf`.
   */
  detailsOf?(db: Queryable, workspaceId: string, url: string): Promise<KnownLinkDetails | null>;
}

export interface KnownLinkDetails {
  title: string | null;
  description: string | null;
  thumbnailUrl: string | null;
}

export const linkDetailsExtensions = defineServerExtensionPoint<LinkDetails>('projects.linkDetails', {
  members: { titleOf: 'function', detailsOf: 'function?' },
});

/**
 * A limit on the media a workspace may bring, below the installation's MAX_ELEMENT_BYTES: the
 * billing plugin's plans (the largest video of each). `maxElementBytes` answers null when it sets
 * none; the smallest answer wins. Without a contribution only the installation's limit holds.
 */
export interface MediaLimit {
  id: string;
  maxElementBytes(workspaceId: string, ctx: { db: Queryable }): Promise<number | null>;
}

export const mediaLimits = defineServerExtensionPoint<MediaLimit>('projects.mediaLimits', {
  members: { maxElementBytes: 'function' },
});
