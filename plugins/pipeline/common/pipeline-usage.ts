import { serviceRef } from '../../../core/common/service-token';
import type { VersionsQueryable } from '../../projects/common/project-versions-service';

/** What an account's runs processed in a period (the billing plugin meters plans with it). */
export interface ProcessedUsage {
  /** Seconds of media of the runs that did not fail, counted once the run has read its video (the probe step, seconds after set-up). */
  seconds: number;
  /** Voice-overs made: one per dubbing language of each voice-over run that did not fail. */
  voiceOvers: number;
}

/**
 * The pipeline's usage for other plugins, provided under PIPELINE_USAGE: they read the runs'
 * minutes through it, never the pipeline's tables.
 */
export interface PipelineUsageService {
  processed(db: VersionsQueryable, accountId: string, from: Date, to: Date): Promise<ProcessedUsage>;
}

export const PIPELINE_USAGE = serviceRef<PipelineUsageService>('pipeline.usage');
