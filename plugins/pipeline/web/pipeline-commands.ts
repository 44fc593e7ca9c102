import type { Command, CommandContext, WhenContext } from '../../../core';
import {
  PROJECTS_HOME,
  selectedProjectVersionCount,
  selectedProjectVersionIds,
} from '../../projects/web/extension-points';
import type { SetupKind } from './model/setup-types';
import { PROCESSING_PAGE, projectVersionOfPage } from './pipeline-paths';

const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
/** On the projects table with rows selected, or on one project version's page. */
const hasTarget = (ctx: WhenContext) =>
  inWorkspace(ctx) &&
  ((ctx.path === PROJECTS_HOME && selectedProjectVersionCount(ctx) > 0) || projectVersionOfPage(ctx.path) !== null);

/** One version to look at: the page's, or the one selected row. */
function oneVersionOf(ctx: WhenContext): string | null {
  const page = projectVersionOfPage(ctx.path);
  if (page) return page.projectVersionId;
  const selected = ctx.path === PROJECTS_HOME ? selectedProjectVersionIds(ctx) : [];
  return selected.length === 1 ? selected[0] : null;
}

/** The opener (and the model behind it) loads when a command runs, not with the shell. */
async function runSetup(ctx: CommandContext, kind: SetupKind) {
  const { commandTargetIds, openSetup } = await import('./pipeline-actions');
  await openSetup(ctx, kind, commandTargetIds(ctx));
}

/** Palette commands: plain data, listed before the pipeline's code loads (ids spelled inline: this is initial JavaScript). */
export const pipelineCommands: Command[] = [
  {
    id: 'pipeline.setUpSubtitles',
    title: 'Set up subtitles…',
    group: 'Projects',
    keywords: ['subtitles', 'transcribe', 'translate', 'captions', 'transcript'],
    shortcut: 's',
    when: hasTarget,
    run: (ctx) => runSetup(ctx, 'subtitles'),
  },
  {
    id: 'pipeline.setUpVoiceOver',
    title: 'Set up voice-over…',
    group: 'Projects',
    keywords: ['dubbing', 'dub', 'tts', 'text to speech', 'voice'],
    shortcut: 'shift+v',
    when: hasTarget,
    run: (ctx) => runSetup(ctx, 'voiceOver'),
  },
  {
    id: 'pipeline.openProcessing',
    title: 'Open processing',
    group: 'Projects',
    keywords: ['progress', 'status', 'run', 'steps', 'voice-over', 'results'],
    when: (ctx) => inWorkspace(ctx) && !ctx.path.startsWith('/processing') && oneVersionOf(ctx) !== null,
    // The contract's processingPage(), spelled here so the contract stays out of the initial JavaScript.
    run: (ctx) => ctx.navigate(`${PROCESSING_PAGE}?projectVersionId=${encodeURIComponent(oneVersionOf(ctx.when)!)}`),
  },
  {
    // Always there: with no one version in view it asks which (the workspace's versions by title).
    id: 'pipeline.openProcessingOf',
    title: 'Open processing…',
    group: 'Projects',
    keywords: ['progress', 'status', 'run', 'steps', 'voice-over', 'results'],
    when: (ctx) => inWorkspace(ctx) && oneVersionOf(ctx) === null,
    choicesPlaceholder: 'Project version…',
    choices: async (ctx, search) => (await import('./processing-choices')).processingChoices(ctx, search),
  },
];
