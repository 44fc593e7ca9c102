import type { Database, TenantOwner } from '../../../server/plugin-api';
import type { SqlRunner, StoredCue, SubtitleKind, SubtitleStore, SubtitleSummary } from '../common/subtitle-store';
import { cueChunkSize, cueColumns, yieldToEventLoop, type CueColumnChunk } from './cue-columns';
import { TEXT_EDIT_OF_APPROVED, type ReviewState } from '../common/cue-review';
import { refuseUnapproved } from './review-settings';

/** How many cues a replacement moved to each review state (states no cue moved to are absent). */
export type ReviewMoves = Partial<Record<ReviewState, number>>;

/** A subtitle with what the routes show beside it (its version's project and title). */
export interface SubtitleRecord extends SubtitleSummary {
  workspaceId: string;
  projectId: string;
  title: string;
}

const SUMMARY_COLUMNS = `s.id::text AS id, s.project_version_id::text AS "projectVersionId", s.language, s.kind,
  s.cues_count AS "cuesCount", s.revision, s.reviewed_count AS "reviewedCount", s.approved_count AS "approvedCount", to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;
const RECORD_COLUMNS = `${SUMMARY_COLUMNS}, s.workspace_id::text AS "workspaceId", v.project_id::text AS "projectId", v.title`;

/** Transcript first (the video's own language), then translations by language: the same order everywhere. */
const ORDER = `ORDER BY (s.kind = 'transcript') DESC, s.language, s.id`;

/**
 * SQL for subtitles and cues, and the SubtitleStore other plugins write through. Every method
 * takes the runner to use, so a caller inside a transaction passes its `tx`. Cues are replaced
 * as a whole in two statements whatever their number: arrays go in as parameters and come out
 * of `unnest … WITH ORDINALITY` (no loop of INSERTs, no statement size that grows with the cues).
 */
export class SubtitleRepository implements SubtitleStore {
  constructor(private readonly db: Database) {}

  /** Set by the plugin once the live documents are there (./live/live-cue-ids.ts). */
  cueIds?: SubtitleStore['cueIds'];

  async ownerOf(subtitleId: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM subtitles s JOIN workspaces w ON w.id = s.workspace_id
       JOIN project_versions v ON v.id = s.project_version_id AND v.deleted_at IS NULL WHERE s.id = $1`,
      [subtitleId],
    );
    return rows[0] ?? null;
  }

  async ensureSubtitle(
    db: SqlRunner,
    input: { projectVersionId: string; workspaceId: string; language: string; kind: SubtitleKind },
  ): Promise<SubtitleSummary> {
    const { subtitle } = await this.upsert(db, input);
    return subtitle;
  }

  /**
   * INSERT … ON CONFLICT DO UPDATE (a no-op update) so the row comes back whether it was made now
   * or by someone else, even one committing concurrently; `xmax = 0` tells which.
   */
  private async upsert(
    db: SqlRunner,
    input: { projectVersionId: string; workspaceId: string; language: string; kind: SubtitleKind },
  ) {
    const { rows } = await db.query<SubtitleSummary & { created: boolean }>(
      `INSERT INTO subtitles AS s (project_version_id, workspace_id, language, kind) VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_version_id, language) DO UPDATE SET language = EXCLUDED.language
       RETURNING ${SUMMARY_COLUMNS}, (s.xmax = 0) AS created`,
      [input.projectVersionId, input.workspaceId, input.language, input.kind],
    );
    const { created, ...subtitle } = rows[0];
    return { subtitle: subtitle as SubtitleSummary, created };
  }

  /** The create route: the subtitle (made now or found) with whether it is new (201 or 200). */
  async createOrFind(
    db: SqlRunner,
    input: { projectVersionId: string; workspaceId: string; language: string; kind: SubtitleKind },
  ) {
    const { subtitle, created } = await this.upsert(db, input);
    return { subtitle: (await this.find(db, input.workspaceId, { id: subtitle.id }))!, created };
  }

  /** How many cues one statement writes or reads (cue-columns.ts: small on PGlite, which runs on the event loop). */
  get chunkSize(): number {
    return cueChunkSize(this.db.kind);
  }

  async replaceCues(db: SqlRunner, subtitleId: string, cues: StoredCue[]): Promise<void> {
    await this.replaceCueColumns(db, subtitleId, cueColumns(cues, this.chunkSize));
  }

  /** The cues with their italic and review state always said (the live document's rows: live/live-doc-store.ts). */
  async readCueRows(db: SqlRunner, subtitleId: string): Promise<(StoredCue & { review: ReviewState })[]> {
    const { rows } = await db.query<{
      start: number;
      end: number;
      text: string;
      speaker: string | null;
      italic: boolean;
      review: ReviewState;
    }>(
      'SELECT start_ms AS start, end_ms AS "end", text, speaker, italic, review FROM subtitle_cues WHERE subtitle_id = $1 ORDER BY position',
      [subtitleId],
    );
    // The keys in the order live-cues.ts rowsOf writes them: the two lists are compared as JSON.
    return rows.map(({ start, end, text, speaker, italic, review }) =>
      speaker ? { start, end, text, speaker, italic, review } : { start, end, text, italic, review },
    );
  }

  /**
   * Replaces the cues from insert chunks (cue-columns.ts), old cues deleted chunk by chunk too:
   * on PGlite one statement over 100,000 rows would hold the event loop for seconds.
   *
   * Review states (../common/cue-review.ts): a replacement whose cues name none (an import, a
   * pipeline run, an API save of text only) keeps each position's state, an approved cue whose
   * text changed going back to "reviewed"; one that names any takes them as given ("to do" where
   * a cue names none). Returns how many cues moved to each state, for the `subtitles.reviewChanged`
   * event of the callers that publish it.
   */
  async replaceCueColumns(db: SqlRunner, subtitleId: string, chunks: CueColumnChunk[]): Promise<ReviewMoves> {
    const { rows } = await db.query<{ cuesCount: number }>(
      'SELECT cues_count AS "cuesCount" FROM subtitles WHERE id = $1',
      [subtitleId],
    );
    // Only cues past "to do" are read: most subtitles have few, and a new subtitle none.
    const { rows: before } = await db.query<{
      positions: number[] | null;
      reviews: string[] | null;
      texts: string[] | null;
    }>(
      `SELECT array_agg(position) AS positions, array_agg(review) AS reviews,
         array_agg(CASE WHEN review = 'approved' THEN text END) AS texts
       FROM subtitle_cues WHERE subtitle_id = $1 AND review <> 'todo'`,
      [subtitleId],
    );
    const old = {
      positions: before[0]?.positions ?? [],
      reviews: before[0]?.reviews ?? [],
      texts: before[0]?.texts ?? [],
    };
    // Italics the same way: a replacement naming none keeps each position's (an API client that
    // saves text only must not lose them).
    const keepItalic = !chunks.some((chunk) => chunk.saysItalic);
    const italicAt = keepItalic
      ? ((
          await db.query<{ positions: number[] | null }>(
            'SELECT array_agg(position) AS positions FROM subtitle_cues WHERE subtitle_id = $1 AND italic',
            [subtitleId],
          )
        ).rows[0]?.positions ?? [])
      : [];
    for (let from = (rows[0]?.cuesCount ?? 0) - this.chunkSize; from > 0; from -= this.chunkSize) {
      await db.query('DELETE FROM subtitle_cues WHERE subtitle_id = $1 AND position >= $2', [subtitleId, from]);
      await yieldToEventLoop();
    }
    await db.query('DELETE FROM subtitle_cues WHERE subtitle_id = $1', [subtitleId]);
    let offset = 0;
    for (const chunk of chunks) {
      await db.query(
        `INSERT INTO subtitle_cues (subtitle_id, position, start_ms, end_ms, text, speaker, italic, review)
         SELECT $1, $6 + (u.ord - 1)::int, u.start_ms, u.end_ms, u.text, u.speaker, coalesce(u.italic, false), coalesce(u.review, 'todo')
         FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $8::boolean[], $7::text[]) WITH ORDINALITY AS u(start_ms, end_ms, text, speaker, italic, review, ord)`,
        [subtitleId, chunk.starts, chunk.ends, chunk.texts, chunk.speakers, offset, chunk.reviews, chunk.italics],
      );
      offset += chunk.count;
      await yieldToEventLoop();
    }
    if (old.positions.length > 0 && !chunks.some((chunk) => chunk.saysReview)) {
      await db.query(
        `UPDATE subtitle_cues c SET review = CASE WHEN o.review = 'approved' AND o.text IS DISTINCT FROM c.text
           THEN '${TEXT_EDIT_OF_APPROVED}' ELSE o.review END
         FROM unnest($2::int[], $3::text[], $4::text[]) AS o(position, review, text)
         WHERE c.subtitle_id = $1 AND c.position = o.position`,
        [subtitleId, old.positions, old.reviews, old.texts],
      );
    }
    if (italicAt.length > 0)
      await db.query('UPDATE subtitle_cues SET italic = true WHERE subtitle_id = $1 AND position = ANY($2::int[])', [
        subtitleId,
        italicAt,
      ]);
    const { rows: moved } = await db.query<{ review: ReviewState; cues: number }>(
      `SELECT c.review, count(*)::int AS cues FROM subtitle_cues c
       LEFT JOIN unnest($2::int[], $3::text[]) AS o(position, review) ON o.position = c.position
       WHERE c.subtitle_id = $1 AND c.review <> coalesce(o.review, 'todo') GROUP BY c.review`,
      [subtitleId, old.positions, old.reviews],
    );
    await db.query(
      `UPDATE subtitles SET cues_count = $2, revision = revision + 1, updated_at = now(),
         reviewed_count = r.reviewed, approved_count = r.approved
       FROM (SELECT count(*) FILTER (WHERE review IN ('reviewed', 'approved'))::int AS reviewed,
               count(*) FILTER (WHERE review = 'approved')::int AS approved
             FROM subtitle_cues WHERE subtitle_id = $1) AS r
       WHERE id = $1`,
      [subtitleId, offset],
    );
    return Object.fromEntries(moved.map((row) => [row.review, row.cues]));
  }

  /**
   * The editor's save: replaces the cues only when the subtitle is still at `expected` (the
   * revision the editor started from), under a row lock so two saves cannot both pass the check.
   * `saved` false hands back the current revision and cues (the other side of a conflict).
   */
  async replaceCuesAt(
    workspaceId: string,
    subtitleId: string,
    expected: number,
    chunks: CueColumnChunk[],
    /** Runs in the save's transaction once it is saved (its domain event is published there). */
    onSaved: (tx: SqlRunner, subtitle: SubtitleRecord, moved: ReviewMoves) => Promise<unknown> = async () => {},
  ): Promise<
    | { saved: true; subtitle: SubtitleRecord }
    | { saved: false; revision: number; cuesJson: string; updatedAt: string }
    | null
  > {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ revision: number }>(
        'SELECT revision FROM subtitles WHERE id = $1 AND workspace_id = $2 FOR UPDATE',
        [subtitleId, workspaceId],
      );
      if (rows.length === 0) return null;
      if (rows[0].revision !== expected) {
        const current = (await this.find(tx, workspaceId, { id: subtitleId }))!;
        return {
          saved: false,
          revision: current.revision,
          cuesJson: await this.readCuesJson(tx, subtitleId),
          updatedAt: current.updatedAt,
        };
      }
      const moved = await this.replaceCueColumns(tx, subtitleId, chunks);
      const subtitle = (await this.find(tx, workspaceId, { id: subtitleId }))!;
      await onSaved(tx, subtitle, moved);
      return { saved: true, subtitle };
    });
  }

  refuseUnapprovedExport(db: SqlRunner, workspaceId: string, subtitles: SubtitleSummary[]): Promise<void> {
    return refuseUnapproved(db, workspaceId, subtitles);
  }

  async readCues(db: SqlRunner, subtitleId: string): Promise<StoredCue[]> {
    const { rows } = await db.query<{
      start: number;
      end: number;
      text: string;
      speaker: string | null;
      italic: boolean;
    }>(
      'SELECT start_ms AS start, end_ms AS "end", text, speaker, italic FROM subtitle_cues WHERE subtitle_id = $1 ORDER BY position',
      [subtitleId],
    );
    return rows.map((row) => {
      const cue: StoredCue = { start: row.start, end: row.end, text: row.text };
      if (row.speaker) cue.speaker = row.speaker;
      if (row.italic) cue.italic = true;
      return cue;
    });
  }

  /**
   * The cues as a JSON array text, built by the database chunk by chunk (the same objects as
   * readCues): the routes send it as it is, so 100,000 cues are neither parsed into rows nor
   * serialized on the event loop.
   */
  async readCuesJson(db: SqlRunner, subtitleId: string, options: { review?: boolean } = {}): Promise<string> {
    // The review state ("to do" left out, as the live document does) is the editor's: downloads
    // and share links never carry it.
    const review = options.review ? `, 'review', NULLIF(review, 'todo')` : '';
    const { rows } = await db.query<{ last: number }>(
      'SELECT coalesce(max(position), -1) AS last FROM subtitle_cues WHERE subtitle_id = $1',
      [subtitleId],
    );
    const parts: string[] = [];
    // Ranges of positions, not "after the last one, LIMIT n": PGlite's generic plan for that sorts
    // every remaining row on each chunk (175 ms a chunk against 22 ms).
    for (let from = 0; from <= rows[0].last; from += this.chunkSize) {
      const chunk = await db.query<{ cues: string | null }>(
        `SELECT json_agg(json_strip_nulls(json_build_object('start', start_ms, 'end', end_ms, 'text', text, 'speaker', speaker, 'italic', CASE WHEN italic THEN true END${review})) ORDER BY position)::text AS cues
         FROM subtitle_cues WHERE subtitle_id = $1 AND position >= $2 AND position < $3`,
        [subtitleId, from, from + this.chunkSize],
      );
      const cues = chunk.rows[0]?.cues;
      if (cues) parts.push(cues.slice(1, -1));
      await yieldToEventLoop();
    }
    return `[${parts.join(',')}]`;
  }

  async listForProjectVersion(db: SqlRunner, projectVersionId: string): Promise<SubtitleSummary[]> {
    const { rows } = await db.query<SubtitleSummary>(
      `SELECT ${SUMMARY_COLUMNS} FROM subtitles s WHERE s.project_version_id = $1 ${ORDER}`,
      [projectVersionId],
    );
    return rows;
  }

  /** A subtitle of the workspace, by id (optionally of a given version) or by version and language. */
  async find(
    db: SqlRunner,
    workspaceId: string,
    by: { id: string; projectVersionId?: string } | { projectVersionId: string; language: string },
  ): Promise<SubtitleRecord | null> {
    const params: unknown[] = [workspaceId];
    const where = ['s.workspace_id = $1', 'v.deleted_at IS NULL'];
    if ('id' in by) where.push(`s.id = $${params.push(by.id)}`);
    if (by.projectVersionId) where.push(`s.project_version_id = $${params.push(by.projectVersionId)}`);
    if ('language' in by) where.push(`s.language = $${params.push(by.language)}`);
    const { rows } = await db.query<SubtitleRecord>(
      `SELECT ${RECORD_COLUMNS} FROM subtitles s JOIN project_versions v ON v.id = s.project_version_id WHERE ${where.join(' AND ')}`,
      params,
    );
    return rows[0] ?? null;
  }

  /**
   * The stored media of the subtitle's version (a ready upload or download), for the editor's player;
   * without it, `removedAfterDays` says whether the workspace's media retention removed it (the
   * editor then says so instead of "no video").
   */
  async media(
    workspaceId: string,
    subtitleId: string,
    projectVersionId: string,
  ): Promise<{ key: string | null; removedAfterDays: number | null }> {
    const { rows } = await this.db.query<{ key: string | null; removedAfterDays: number | null }>(
      `SELECT CASE WHEN e.state = 'ready' THEN e.storage_key END AS key, e.media_removed_after_days AS "removedAfterDays"
       FROM subtitles s
       JOIN project_versions v ON v.id = s.project_version_id AND v.deleted_at IS NULL LEFT JOIN elements e ON e.id = v.element_id
       WHERE s.id = $1 AND s.workspace_id = $2 AND s.project_version_id = $3`,
      [subtitleId, workspaceId, projectVersionId],
    );
    return { key: rows[0]?.key ?? null, removedAfterDays: rows[0]?.removedAfterDays ?? null };
  }

  /** The Storage key of the subtitle's version's media (`media` without the why), for SUBTITLE_STORE. */
  async mediaKey(workspaceId: string, subtitleId: string, projectVersionId: string): Promise<string | null> {
    return (await this.media(workspaceId, subtitleId, projectVersionId)).key;
  }

  /** The version's subtitles with its facts, or null when the version is not in the workspace. */
  async listWithVersion(workspaceId: string, projectVersionId: string) {
    const { rows: versions } = await this.db.query<{ projectId: string; title: string; durationMs: number }>(
      `SELECT project_id::text AS "projectId", title, duration_ms AS "durationMs" FROM project_versions WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
      [projectVersionId, workspaceId],
    );
    if (versions.length === 0) return null;
    const { rows } = await this.db.query<SubtitleRecord>(
      `SELECT ${RECORD_COLUMNS} FROM subtitles s JOIN project_versions v ON v.id = s.project_version_id
       WHERE s.project_version_id = $1 AND s.workspace_id = $2 ${ORDER}`,
      [projectVersionId, workspaceId],
    );
    return { version: versions[0], subtitles: rows };
  }

  /**
   * What a download holds: the workspace's subtitles of the named versions (optionally of some
   * languages) that have cues, versions in the order asked, metadata only (cues are read later,
   * one subtitle at a time, while the archive streams).
   */
  async forDownload(
    workspaceId: string,
    projectVersionIds: string[],
    languages: string[] | null,
  ): Promise<SubtitleRecord[]> {
    const params: unknown[] = [workspaceId, projectVersionIds];
    const languageFilter = languages ? `AND s.language = ANY($${params.push(languages)}::text[])` : '';
    const { rows } = await this.db.query<SubtitleRecord>(
      `SELECT ${RECORD_COLUMNS} FROM unnest($2::bigint[]) WITH ORDINALITY AS asked(id, ord)
       JOIN subtitles s ON s.project_version_id = asked.id
       JOIN project_versions v ON v.id = s.project_version_id
       WHERE s.workspace_id = $1 AND s.cues_count > 0 AND v.deleted_at IS NULL ${languageFilter}
       ORDER BY asked.ord, (s.kind = 'transcript') DESC, s.language, s.id`,
      params,
    );
    return rows;
  }
}
