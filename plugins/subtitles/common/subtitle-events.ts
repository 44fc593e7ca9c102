import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the subtitles plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the workspace as tenant.
 */

/** A person saved a subtitle's cues: in the editor, or by importing a file over them. `revision` is the subtitle's new one. */
export const SUBTITLE_SAVED = defineDomainEvent<{
  subtitleId: string;
  projectVersionId: string;
  language: string;
  revision: number;
  by: 'editor' | 'import';
}>('subtitles.saved', 1);
