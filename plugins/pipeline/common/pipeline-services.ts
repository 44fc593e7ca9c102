import { serviceRef } from '../../../core/common/service-token';

/**
 * The services of the pipeline's server contract: what it asks of other plugins and what it
 * provides them (service refs, docs/plugins.md). A file of its own, apart from
 * pipeline-contract.ts, so the browser's bundles (which import the contract) never carry them.
 */

/**
 * Workspace resources the setup may name (vocabulary list, guideline, term base). Their plugins
 * provide these lookups in `app.services` under the refs below; while a plugin is absent the
 * id is refused with 422 resource_not_found. Types only (common/ is shared with the browser).
 */
export interface WorkspaceResourceLookup<T> {
  find(
    db: { query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> },
    workspaceId: string,
    id: string,
  ): Promise<T | null>;
}
export interface VocabularyForPipeline {
  words: string[];
}
export interface GuidelineForPipeline {
  prompt: string;
  /** Kept as they are in every language, by every engine (protected like glossary terms). */
  doNotTranslate?: string[];
  /** For an instruction-following engine, beside the prompt. */
  formality?: 'formal' | 'informal' | null;
  tone?: string | null;
  /** The reading speed translated cues are fitted to, instead of the house rule (20). */
  maxCharsPerSecond?: number | null;
}
export interface TermBaseForPipeline {
  /** Entries for one language pair; `source` in the video language, `target` in the subtitle language. */
  entriesFor(from: string, to: string): { source: string; target: string }[];
}
/**
 * The pipeline owns these refs (it defines what it asks) and `uses` them; the vocabularies,
 * guidelines and term-bases plugins provide them, so removing one of those never breaks the
 * pipeline. The names keep their first spelling: outside plugins may provide them by name.
 */
export const VOCABULARY_LOOKUP = serviceRef<WorkspaceResourceLookup<VocabularyForPipeline>>('vocabularies.lookup');
export const GUIDELINE_LOOKUP = serviceRef<WorkspaceResourceLookup<GuidelineForPipeline>>('guidelines.lookup');
export const TERMBASE_LOOKUP = serviceRef<WorkspaceResourceLookup<TermBaseForPipeline>>('termbases.lookup');

/**
 * The dubbed media of a version (the latest voice-over run that mixed that language), for other
 * plugins (exports copy it): storage keys, null when there is none. Provided by the pipeline's
 * server under DUBBED_MEDIA; the pipeline_dubbed_media table stays the pipeline's own.
 */
export interface DubbedMediaService {
  latest(
    db: { query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> },
    projectVersionId: string,
    language: string,
  ): Promise<{ audioKey: string; videoKey: string | null } | null>;
}
export const DUBBED_MEDIA = serviceRef<DubbedMediaService>('pipeline.dubbedMedia');
