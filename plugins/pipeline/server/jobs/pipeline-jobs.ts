import type { JobDefinition } from '../../../../server/plugin-api';
import { mixingStep, synthesisStep } from './dubbing-steps';
import { finishStep } from './finish-step';
import { extractAudioStep, fetchMediaStep, probeStep } from './media-steps';
import { alignmentStep, speechToTextStep } from './recognition-steps';
import { stepJob } from './step-runner';
import { segmentationStep, translationStep } from './subtitle-steps';
import { watchdogJob } from './watchdog-job';

/** Every pipeline queue: one per step (`pipeline.<step>`) and the runs' watchdog. */
export const pipelineJobs: JobDefinition[] = [
  ...[
    fetchMediaStep,
    probeStep,
    extractAudioStep,
    speechToTextStep,
    alignmentStep,
    segmentationStep,
    translationStep,
    synthesisStep,
    mixingStep,
    finishStep,
  ].map(stepJob),
  watchdogJob,
];
