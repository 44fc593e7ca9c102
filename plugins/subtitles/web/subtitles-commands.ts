import type { Command, CommandContext, WhenContext } from '../../../core';
import {
  PROJECTS_HOME,
  selectedProjectVersionCount,
  selectedProjectVersionIds,
} from '../../projects/web/extension-points';
import type { SubtitlesDialog } from './model/subtitles-model';
import { readProjectVersionPage } from '../../projects/common/project-version-route';

/** The opener (and the model and popup behind it) loads when a command runs, not with the shell. */
const openSubtitlesDialog = async (container: CommandContext['container'], dialog: SubtitlesDialog) =>
  (await import('./open-subtitles-dialog')).openSubtitlesDialog(container, dialog);

export const SUBTITLES_COMMANDS = {
  download: 'subtitles.download',
  import: 'subtitles.importFile',
  share: 'subtitles.createShareLink',
  open: 'subtitles.open',
  switchLanguage: 'subtitles.switchLanguage',
} as const;

/** The version (and subtitle) a page is about: the version page or the subtitle view. */
function pageTarget(path: string): { projectVersionId: string; subtitleId?: string } | null {
  const page = readProjectVersionPage(path);
  return page ? { projectVersionId: page.projectVersionId, subtitleId: page.subtitleId ?? undefined } : null;
}

const member = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const onProjects = (ctx: WhenContext) => member(ctx) && ctx.path === PROJECTS_HOME;
const onVersion = (ctx: WhenContext) => member(ctx) && pageTarget(ctx.path) !== null;
/** One version to act on: a version page, or exactly one selected row. */
const oneVersion = (ctx: WhenContext) => onVersion(ctx) || (onProjects(ctx) && selectedProjectVersionCount(ctx) === 1);

/** The versions a command acts on: the page's, else the table's selection (as the command was shown). */
export function targetOf(ctx: CommandContext): { projectVersionIds: string[]; subtitleId?: string } {
  const page = pageTarget(ctx.when.path);
  if (page) return { projectVersionIds: [page.projectVersionId], subtitleId: page.subtitleId };
  return { projectVersionIds: selectedProjectVersionIds(ctx.when) };
}

const onSubtitle = (ctx: WhenContext) => member(ctx) && pageTarget(ctx.path)?.subtitleId !== undefined;

/** Palette commands: plain data, visible where they have something to act on. */
export const subtitlesCommands: Command[] = [
  {
    id: SUBTITLES_COMMANDS.download,
    title: 'Download subtitles…',
    group: 'Subtitles',
    keywords: ['download', 'export', 'zip', 'srt', 'vtt', 'subtitles', 'captions'],
    when: (ctx) => onVersion(ctx) || (onProjects(ctx) && selectedProjectVersionCount(ctx) > 0),
    run: (ctx) =>
      openSubtitlesDialog(ctx.container, { kind: 'download', projectVersionIds: targetOf(ctx).projectVersionIds }),
  },
  {
    id: SUBTITLES_COMMANDS.open,
    title: 'Open subtitles…',
    group: 'Subtitles',
    keywords: ['subtitles', 'captions', 'language', 'translation', 'transcript', 'editor'],
    choicesPlaceholder: 'Language…',
    when: (ctx) => oneVersion(ctx) && !onSubtitle(ctx),
    choices: async (ctx) => (await import('./subtitle-choices')).subtitleChoices(ctx, targetOf(ctx)),
  },
  {
    id: SUBTITLES_COMMANDS.switchLanguage,
    title: 'Switch subtitle language…',
    group: 'Subtitles',
    keywords: ['language', 'translation', 'other language'],
    choicesPlaceholder: 'Language…',
    when: onSubtitle,
    choices: async (ctx) => (await import('./subtitle-choices')).subtitleChoices(ctx, targetOf(ctx)),
  },
  {
    id: SUBTITLES_COMMANDS.import,
    title: 'Import subtitle file…',
    group: 'Subtitles',
    keywords: ['import', 'upload', 'srt', 'vtt', 'ass', 'subtitles', 'captions'],
    when: oneVersion,
    run: (ctx) => {
      const { projectVersionIds, subtitleId } = targetOf(ctx);
      return openSubtitlesDialog(ctx.container, { kind: 'import', projectVersionId: projectVersionIds[0], subtitleId });
    },
  },
  {
    id: SUBTITLES_COMMANDS.share,
    title: 'Create share link…',
    group: 'Subtitles',
    keywords: ['share', 'link', 'public', 'external token', 'watch'],
    when: oneVersion,
    run: (ctx) => {
      const { projectVersionIds, subtitleId } = targetOf(ctx);
      return openSubtitlesDialog(ctx.container, { kind: 'share', projectVersionId: projectVersionIds[0], subtitleId });
    },
  },
];
