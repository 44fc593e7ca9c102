/** A failure the user must fix (no audio track, a missing file): the run fails at once, no retry. */
export class PipelineFailure extends Error {}
