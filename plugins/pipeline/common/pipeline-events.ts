import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the pipeline publishes (docs/plugins.md, "Domain events"), in the transaction
 * that ends the run, with the workspace as tenant. Once per run, however often its last step ran.
 */

/** A processing run finished: its subtitles (and dubbing) are ready. */
export const PROCESSING_FINISHED = defineDomainEvent<{ runId: string; projectVersionId: string; kind: string }>(
  'pipeline.processingFinished',
  1,
);

/** A processing run failed at `step`; `message` is what people read on the processing page. */
export const PROCESSING_FAILED = defineDomainEvent<{
  runId: string;
  projectVersionId: string;
  step: string;
  message: string;
}>('pipeline.processingFailed', 1);
