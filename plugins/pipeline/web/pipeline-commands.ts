import type { Command, CommandContext, WhenContext } from '../../../core';
import { PROJECTS_HOME, selectedProjectVersionCount } from '../../projects/web/extension-points';
import type { SetupKind } from './model/setup-types';
import { projectVersionOfPage } from './pipeline-paths';

export const PIPELINE_COMMANDS = {
  setUpSubtitles: 'pipeline.setUpSubtitles',
  setUpVoiceOver: 'pipeline.setUpVoiceOver',
} as const;

const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
/** On the projects table with rows selected, or on one project version's page. */
const hasTarget = (ctx: WhenContext) =>
  inWorkspace(ctx) && ((ctx.path === PROJECTS_HOME && selectedProjectVersionCount(ctx) > 0) || projectVersionOfPage(ctx.path) !== null);

/** The opener (and the model behind it) loads when a command runs, not with the shell. */
async function runSetup(ctx: CommandContext, kind: SetupKind) {
  const { commandTargetIds, openSetup } = await import('./pipeline-actions');
  await openSetup(ctx, kind, commandTargetIds(ctx));
}

/** Palette commands: plain data, listed before the pipeline's code loads. */
export const pipelineCommands: Command[] = [
  {
    id: PIPELINE_COMMANDS.setUpSubtitles,
    title: 'Set up subtitles…',
    group: 'Projects',
    keywords: ['subtitles', 'transcribe', 'translate', 'captions', 'transcript'],
    shortcut: 's',
    when: hasTarget,
    run: (ctx) => runSetup(ctx, 'subtitles'),
  },
  {
    id: PIPELINE_COMMANDS.setUpVoiceOver,
    title: 'Set up voice-over…',
    group: 'Projects',
    keywords: ['dubbing', 'dub', 'tts', 'text to speech', 'voice'],
    shortcut: 'shift+v',
    when: hasTarget,
    run: (ctx) => runSetup(ctx, 'voiceOver'),
  },
];
