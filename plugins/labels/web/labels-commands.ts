import { SHELL_CHROME, type Command, type CommandChoice, type CommandContext, type WhenContext } from '../../../core';
import { PROJECTS_HOME, PROJECTS_TABLE_HOST, selectedProjectVersionCount } from '../../projects/web/extension-points';
import { LABEL_COMMANDS, loadLabelsManager } from './labels-command-ids';
import { loadLabelsModel } from './labels-model-loader';

const inWorkspace = (ctx: WhenContext) => ctx.isMember && ctx.workspaceId !== null;
const onProjects = (ctx: WhenContext) => inWorkspace(ctx) && ctx.path === PROJECTS_HOME;
const withSelection = (ctx: WhenContext) => onProjects(ctx) && selectedProjectVersionCount() > 0;

function selectedIds(ctx: CommandContext): string[] {
  return ctx.container.isBound(PROJECTS_TABLE_HOST) ? [...ctx.container.get(PROJECTS_TABLE_HOST).$selection.getState()] : [];
}

const countOf = (n: number) => (n === 1 ? '1 project version' : `${n} project versions`);

/** Labels as nested palette choices; the model (and its list) loads with the first such page. */
async function labelChoices(ctx: CommandContext, run: (labelId: string, c: CommandContext) => void): Promise<CommandChoice[]> {
  const model = await loadLabelsModel(ctx.container);
  return model.$labels.getState().map((label) => ({
    id: label.id,
    title: label.attributes.caption,
    subtitle: countOf(label.attributes.projectVersionCount),
    run: (c) => run(label.id, c),
  }));
}

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
    choices: async (ctx, search) => {
      const choices = await labelChoices(ctx, async (labelId, c) => void (await loadLabelsModel(c.container)).assignRequested({ labelId, projectVersionIds: selectedIds(c) }));
      const caption = search.trim();
      if (caption && !choices.some((choice) => choice.title.toLowerCase() === caption.toLowerCase())) {
        choices.push({
          id: `new:${caption}`,
          title: `Create label “${caption}”`,
          subtitle: `and apply it to ${countOf(selectedIds(ctx).length)}`,
          keywords: [caption],
          run: async (c) => void (await loadLabelsModel(c.container)).createSubmitted({ caption, projectVersionIds: selectedIds(c) }),
        });
      }
      return choices;
    },
  },
  {
    id: LABEL_COMMANDS.remove,
    title: 'Remove label…',
    group: 'Labels',
    keywords: ['label', 'tag', 'unassign', 'remove label', 'bulk'],
    shortcut: 'shift+l',
    when: withSelection,
    choicesPlaceholder: 'Label to remove…',
    choices: (ctx) => labelChoices(ctx, async (labelId, c) => void (await loadLabelsModel(c.container)).removeRequested({ labelId, projectVersionIds: selectedIds(c) })),
  },
  {
    id: LABEL_COMMANDS.filter,
    title: 'Filter by label…',
    group: 'Labels',
    keywords: ['label', 'tag', 'filter', 'show only'],
    when: onProjects,
    choicesPlaceholder: 'Label to show or hide…',
    choices: async (ctx) => {
      const model = await loadLabelsModel(ctx.container);
      const selected = model.$selectedLabelIds.getState();
      const choices: CommandChoice[] = model.$labels.getState().map((label) => ({
        id: label.id,
        title: label.attributes.caption,
        subtitle: selected.includes(label.id) ? 'Shown · choose to stop filtering by it' : undefined,
        run: () => void model.labelToggled(label.id),
      }));
      if (selected.length) choices.unshift({ id: 'clear', title: 'Clear label filter', run: () => void model.filterCleared() });
      return choices;
    },
  },
];
