import { processingPage, type SetupResponse } from '../../common/pipeline-contract';
import type { SetupKind } from './setup-types';

export type AfterSetup = { navigate: string } | { refreshProjectList: true };

/**
 * docs/product-contract.md#states-and-transitions: a single project with a transcript goes to /processing; a voice-over with a transcript
 * goes to the editor URL the server returned; otherwise the project list is refreshed from page 1.
 */
export function afterSetup(
  kind: SetupKind,
  includesTranscript: boolean,
  projectVersionIds: string[],
  response: SetupResponse,
): AfterSetup {
  if (includesTranscript && kind === 'voiceOver' && response.editorUrl) return { navigate: response.editorUrl };
  if (includesTranscript && kind === 'subtitles' && projectVersionIds.length === 1)
    return { navigate: processingPage(projectVersionIds[0]) };
  return { refreshProjectList: true };
}
