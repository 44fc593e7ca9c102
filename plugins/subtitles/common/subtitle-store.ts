/**
 * The subtitles plugin's storage as other server plugins see it (the pipeline writes its cues
 * through this). The subtitles server plugin provides the implementation under SUBTITLE_STORE in
 * `app.services`; job handlers get it from `ctx.services`. Types only here: `common/` is shared
 * with the browser and must not pull in server code.
 */
import { serviceRef } from '../../../core/common/service-token';
import type { ReviewState } from './cue-review';

/** A statement runner: the app's database or the transaction a caller is in. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface StoredCue {
  /** Milliseconds, integers; end >= start. */
  start: number;
  end: number;
  /** Lines joined by \n. */
  text: string;
  speaker?: string;
  /**
   * The whole cue in italics; absent or false: roman. Written: when no cue of a replacement names
   * it (true or false), every cue keeps the italic of the cue at its position, as review states
   * do; read: present only when true.
   */
  italic?: boolean;
  /**
   * Review by cue (./cue-review.ts). Written: when no cue of a replacement names one, every cue
   * keeps the state of the cue at its position (an import, a pipeline run: see
   * SubtitleRepository.replaceCueColumns); read: only by the live document and the editor.
   */
  review?: ReviewState;
}

/** `transcript`: the video's own language (speech to text, alignment or an import); `translation`: any other. */
export type SubtitleKind = 'transcript' | 'translation';

export interface SubtitleSummary {
  id: string;
  projectVersionId: string;
  language: string;
  kind: SubtitleKind;
  cuesCount: number;
  /** Moves on every replacement of the cues; the editor saves against the one it started from. */
  revision: number;
  updatedAt: string;
  /** Review by cue: cues reviewed or approved, and approved. */
  reviewedCount: number;
  approvedCount: number;
}

export interface SubtitleStore {
  /** The subtitle of that version and language, created when missing (idempotent: unique per version and language). */
  ensureSubtitle(
    db: SqlRunner,
    input: { projectVersionId: string; workspaceId: string; language: string; kind: SubtitleKind },
  ): Promise<SubtitleSummary>;
  /** Replaces every cue of the subtitle in one statement set; call inside a transaction so a failure changes nothing. */
  replaceCues(db: SqlRunner, subtitleId: string, cues: StoredCue[]): Promise<void>;
  readCues(db: SqlRunner, subtitleId: string): Promise<StoredCue[]>;
  listForProjectVersion(db: SqlRunner, projectVersionId: string): Promise<SubtitleSummary[]>;
  /**
   * Refuses (a 422 HttpError naming the language and the count) subtitles not every cue of which is
   * approved, when their workspace requires approved cues for exports (a review setting). Optional:
   * added within v1.
   */
  refuseUnapprovedExport?(db: SqlRunner, workspaceId: string, subtitles: SubtitleSummary[]): Promise<void>;
  /**
   * The ids of the subtitle's cues in its live document (./live-cues.ts), in order: what another
   * plugin anchors something to a cue by (comments). Ids stay with their cue through edits, saves
   * and re-ordering. Made from the rows when the subtitle was never opened live. Null when the
   * subtitle is not of that workspace. Optional: added within v1; call it outside a transaction.
   */
  cueIds?(workspaceId: string, subtitleId: string): Promise<string[] | null>;
  /** The storage key of the media of the subtitle's version when it is ready; null when the subtitle is not of that version and workspace, or there is none. */
  mediaKey(workspaceId: string, subtitleId: string, projectVersionId: string): Promise<string | null>;
}

export const SUBTITLE_STORE = serviceRef<SubtitleStore>('subtitles.store');
