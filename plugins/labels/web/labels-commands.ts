import { SHELL_CHROME, type Command, type WhenContext } from '../../../core';
import { PROJECTS_HOME, selectedProjectVersionCount } from '../../projects/web/extension-points';
import { LABEL_COMMANDS, loadLabelsManager } from './labels-command-ids';

const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const onProjects = (ctx: WhenContext) => inWorkspace(ctx) && ctx.path === PROJECTS_HOME;
const withSelection = (ctx: WhenContext) => onProjects(ctx) && selectedProjectVersionCount(ctx) > 0;

const choicesCode = () => import('./label-choices');
/** Published by the labels model (`labels.filterCount`); a string here keeps the model's code out of this file. */
const filtering = (ctx: WhenContext) => Number(ctx.keys?.['labels.filterCount'] ?? 0) > 0;

/** Palette commands: plain data; bulk ones act on the projects table's selection. */
export const labelsCommands: Command[] = [
  {
    id: LABEL_COMMANDS.manage,
    title: 'Manage labels',
    group: 'Labels',
    keywords: ['labels', 'tags', 'create label', 'rename label', 'delete label'],
    when: inWorkspace,
    run: (ctx) => ctx.container.get(SHELL_CHROME).openDialog(loadLabelsManager),
  },
  {
    id: LABEL_COMMANDS.apply,
    title: 'Apply label…',
    group: 'Labels',
    keywords: ['label', 'tag', 'assign', 'add label', 'bulk'],
    shortcut: 'l',
    when: withSelection,
    choicesPlaceholder: 'Label to apply, or a new one…',
    choices: async (ctx, search) => (await choicesCode()).applyLabelChoices(ctx, search),
  },
  {
    id: LABEL_COMMANDS.remove,
    title: 'Remove label…',
    group: 'Labels',
    keywords: ['label', 'tag', 'unassign', 'remove label', 'bulk'],
    shortcut: 'shift+l',
    when: withSelection,
    choicesPlaceholder: 'Label to remove…',
    choices: async (ctx) => (await choicesCode()).removeLabelChoices(ctx),
  },
  {
    id: LABEL_COMMANDS.filter,
    title: 'Filter by label…',
    group: 'Labels',
    keywords: ['label', 'tag', 'filter', 'show only'],
    when: onProjects,
    choicesPlaceholder: 'Label to show or hide…',
    choices: async (ctx) => (await choicesCode()).filterLabelChoices(ctx),
  },
  {
    id: LABEL_COMMANDS.clearFilter,
    title: 'Clear label filter',
    group: 'Labels',
    keywords: ['labels', 'show all', 'reset filter', 'clear labels'],
    when: (ctx) => onProjects(ctx) && filtering(ctx),
    run: async (ctx) => (await (await import('./labels-model-loader')).loadLabelsModel(ctx.container)).filterCleared(),
  },
];
