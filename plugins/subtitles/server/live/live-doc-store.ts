import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import type { Database } from '../../../../server/plugin-api';
import { rowsOf, writeRows } from '../../common/live-cues';
import type { SqlRunner } from '../../common/subtitle-store';
import type { SubtitleRecord, SubtitleRepository } from '../subtitle-repository';
import type { ReviewMoves } from './review-guard';

/** Review states one editor's update moved (./review-guard.ts), and who sent it. */
export interface LiveReviewChange {
  workspaceId: string;
  subtitleId: string;
  moved: ReviewMoves;
  userId: string | null;
}

/** Stored updates of one document beyond which they are merged into one (a settle does it). */
export const COMPACT_AT = 50;

/** What a settle made: the document as stored, and the update it added (to send to open editors). */
export interface Settled {
  doc: Y.Doc;
  made: { id: string; update: Uint8Array } | null;
}

const bytes = (value: Uint8Array | Buffer): Uint8Array =>
  value instanceof Uint8Array ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : value;

const sameRows = (a: readonly object[], b: readonly object[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A subtitle's live document in the database: the Yjs updates editors sent (appended as they
 * arrive: an acknowledged edit is stored, whatever happens to the process afterwards), and the
 * cue rows the rest of the product reads (exports, downloads, the pipeline) kept equal to it by
 * `settle`. Settling runs under the subtitle's row lock, so two web processes settling at once
 * take turns and the second finds nothing left to do.
 */
export class LiveDocStore {
  constructor(
    private readonly db: Database,
    private readonly subtitles: SubtitleRepository,
    /** Runs in the transaction that wrote the document's cues into the rows (publishes `subtitles.saved`). */
    private readonly onRowsWritten: (tx: SqlRunner, subtitle: SubtitleRecord) => Promise<unknown> = async () => {},
    /** Runs in the transaction that stored an update moving review states (publishes `subtitles.reviewChanged`). */
    private readonly onReviewChanged: (tx: SqlRunner, change: LiveReviewChange) => Promise<unknown> = async () => {},
  ) {}

  /** Stores an editor's update; one that moved review states is stored with its domain event, in one transaction. */
  async append(subtitleId: string, update: Uint8Array, review?: LiveReviewChange): Promise<string> {
    const insert = async (db: SqlRunner) => {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO subtitle_live_updates (subtitle_id, update) VALUES ($1, $2) RETURNING id::text AS id',
        [subtitleId, update],
      );
      return rows[0].id;
    };
    if (!review) return insert(this.db);
    return this.db.transaction(async (tx) => {
      const id = await insert(tx);
      await this.onReviewChanged(tx, review);
      return id;
    });
  }

  /** One stored update (null once merged away by a compaction: read them all then). */
  async read(updateId: string): Promise<Uint8Array | null> {
    const { rows } = await this.db.query<{ update: Uint8Array }>(
      'SELECT update FROM subtitle_live_updates WHERE id = $1',
      [updateId],
    );
    return rows[0] ? bytes(rows[0].update) : null;
  }

  /** Whether the document last matched the subtitle's current rows (no replacement made elsewhere since). */
  async matchesRows(subtitleId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ matches: boolean }>(
      `SELECT d.synced_revision = s.revision AS matches FROM subtitles s JOIN subtitle_live_docs d ON d.subtitle_id = s.id
        WHERE s.id = $1`,
      [subtitleId],
    );
    return rows[0]?.matches === true;
  }

  async readAll(subtitleId: string, db: SqlRunner = this.db): Promise<{ ids: string[]; updates: Uint8Array[] }> {
    const { rows } = await db.query<{ id: string; update: Uint8Array }>(
      'SELECT id::text AS id, update FROM subtitle_live_updates WHERE subtitle_id = $1 ORDER BY id',
      [subtitleId],
    );
    return { ids: rows.map((row) => row.id), updates: rows.map((row) => bytes(row.update)) };
  }

  /**
   * Brings the document and the cue rows together, under the subtitle's row lock:
   * - no document yet: it is made from the rows;
   * - the rows were replaced elsewhere since the document last matched them (a save through
   *   PUT …/cues, an import, a pipeline run): the rows are written into the document, cue by
   *   position, changed fields only;
   * - the document holds edits the rows lack (the usual case, a second after typing; or edits
   *   stored by a process killed before it wrote them): the rows are rewritten from it (the
   *   revision moves, `subtitles.saved` is published);
   * - more than COMPACT_AT updates: they become one.
   * Null when the subtitle is gone.
   */
  async settle(workspaceId: string, subtitleId: string): Promise<Settled | null> {
    return this.db.transaction(async (tx) => {
      const locked = await tx.query<{ revision: number }>(
        'SELECT revision FROM subtitles WHERE id = $1 AND workspace_id = $2 FOR UPDATE',
        [subtitleId, workspaceId],
      );
      if (locked.rows.length === 0) return null;
      let revision = locked.rows[0].revision;
      const synced = await tx.query<{ revision: number }>(
        'SELECT synced_revision AS revision FROM subtitle_live_docs WHERE subtitle_id = $1',
        [subtitleId],
      );
      const stored = await this.readAll(subtitleId, tx);
      const doc = new Y.Doc();
      // Merged first, then applied once: applied one by one, each is a transaction over the whole
      // document (1,389 keystrokes took 4.3 s on a 2,000-cue subtitle; bench/live-editors).
      if (stored.updates.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(stored.updates));
      const made: Uint8Array[] = [];
      doc.on('update', (update: Uint8Array) => made.push(update));

      const rows = await this.subtitles.readCueRows(tx, subtitleId);
      if (synced.rows[0]?.revision !== revision) {
        writeRows(doc, rows, randomUUID, 'rows');
      } else if (!sameRows(rowsOf(doc), rows)) {
        await this.subtitles.replaceCues(tx, subtitleId, rowsOf(doc));
        revision += 1;
        await this.onRowsWritten(tx, (await this.subtitles.find(tx, workspaceId, { id: subtitleId }))!);
      }
      await tx.query(
        `INSERT INTO subtitle_live_docs (subtitle_id, synced_revision) VALUES ($1, $2)
         ON CONFLICT (subtitle_id) DO UPDATE SET synced_revision = EXCLUDED.synced_revision`,
        [subtitleId, revision],
      );

      let kept: { id: string; update: Uint8Array } | null = null;
      if (made.length > 0) {
        const update = Y.mergeUpdates(made);
        const { rows: inserted } = await tx.query<{ id: string }>(
          'INSERT INTO subtitle_live_updates (subtitle_id, update) VALUES ($1, $2) RETURNING id::text AS id',
          [subtitleId, update],
        );
        kept = { id: inserted[0].id, update };
      }
      if (stored.ids.length + (kept ? 1 : 0) > COMPACT_AT) {
        // Only the updates read here go: one appended meanwhile (not in this document) stays.
        const merged = [...stored.ids, ...(kept ? [kept.id] : [])];
        await tx.query('DELETE FROM subtitle_live_updates WHERE id = ANY($1::bigint[])', [merged]);
        await tx.query('INSERT INTO subtitle_live_updates (subtitle_id, update) VALUES ($1, $2)', [
          subtitleId,
          Y.encodeStateAsUpdate(doc),
        ]);
      }
      return { doc, made: kept };
    });
  }
}
