import type { ApiClient } from '../../../core';
import { READING_RULES } from '../../pipeline/common/craft/cue-types';
import { PIPELINE_PATHS, type ProcessingInfoResponse } from '../../pipeline/common/pipeline-contract';
import type { ReadingRulesChoice } from '../../subtitles/web/extension-points';
import { GUIDELINES_PATHS, type GuidelineAttributes, type GuidelinesResponse } from '../common/guidelines-contract';

/**
 * The subtitle editor's reading-rules choices (the subtitles plugin's `readingRulesSources`): the
 * workspace's guidelines, each with the reading speed it asks for (the only limit a guideline
 * sets), marking the one the version's processing run was set up with.
 */
export async function readingRulesChoices({
  api,
  workspaceId,
  projectVersionId,
}: {
  api: ApiClient;
  workspaceId: string;
  projectVersionId: string;
}): Promise<ReadingRulesChoice[]> {
  const [guidelines, runGuidelineId] = await Promise.all([
    api.get<GuidelinesResponse>(GUIDELINES_PATHS.guidelines, { params: { workspaceId } }),
    // None for an imported subtitle, or when the version was never processed.
    api.get<ProcessingInfoResponse>(PIPELINE_PATHS.showProcessingInfo(projectVersionId)).then(
      (res) => res.data.data?.guidelineId ?? null,
      () => null,
    ),
  ]);
  return guidelineRulesChoices(guidelines.data.data, READING_RULES.maxCharsPerSecond, runGuidelineId);
}

/** Guidelines as reading-rules choices; `defaultCps` names the speed of one that sets none. */
export function guidelineRulesChoices(
  guidelines: { id: string; attributes: Pick<GuidelineAttributes, 'name' | 'isDefault' | 'parameters'> }[],
  defaultCps: number,
  runGuidelineId: string | null = null,
): ReadingRulesChoice[] {
  return guidelines.map((g) => {
    const cps = g.attributes.parameters.maxCharsPerSecond ?? null;
    return {
      id: g.id,
      label: `${g.attributes.name} (${cps ?? defaultCps} characters a second)`,
      rules: cps ? { maxCharsPerSecond: cps } : {},
      isDefault: g.attributes.isDefault,
      isRun: g.id === runGuidelineId,
    };
  });
}
