import type { CommandChoice, CommandContext } from '../../../core';
import { selectedProjectVersionIds } from '../../projects/web/extension-points';
import { loadLabelsModel } from './labels-model-loader';

/**
 * The nested palette pages of the labels commands, loaded with the first of them (the commands
 * themselves are data in the shell's initial JavaScript). Bulk choices act on the projects
 * table's selection as it is when the choice runs.
 */
const selectedIds = (ctx: CommandContext): string[] => selectedProjectVersionIds(ctx.when);

const countOf = (n: number) => (n === 1 ? '1 project version' : `${n} project versions`);

/** Labels as nested palette choices; the model (and its list) loads with the first such page. */
async function labelChoices(
  ctx: CommandContext,
  run: (labelId: string, c: CommandContext) => void,
): Promise<CommandChoice[]> {
  const model = await loadLabelsModel(ctx.container);
  const { labels } = await model.readChoicesFx();
  return labels.map((label) => ({
    id: label.id,
    title: label.attributes.caption,
    subtitle: countOf(label.attributes.projectVersionCount),
    run: (c) => run(label.id, c),
  }));
}

/** "Apply label…": every label, plus "Create label “…”" for a caption no label has. */
export async function applyLabelChoices(ctx: CommandContext, search: string): Promise<CommandChoice[]> {
  const choices = await labelChoices(
    ctx,
    async (labelId, c) =>
      void (await loadLabelsModel(c.container)).assignRequested({ labelId, projectVersionIds: selectedIds(c) }),
  );
  const caption = search.trim();
  if (caption && !choices.some((choice) => choice.title.toLowerCase() === caption.toLowerCase())) {
    choices.push({
      id: `new:${caption}`,
      title: `Create label “${caption}”`,
      subtitle: `and apply it to ${countOf(selectedIds(ctx).length)}`,
      keywords: [caption],
      run: async (c) =>
        void (await loadLabelsModel(c.container)).createSubmitted({ caption, projectVersionIds: selectedIds(c) }),
    });
  }
  return choices;
}

/** "Remove label…". */
export function removeLabelChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  return labelChoices(
    ctx,
    async (labelId, c) =>
      void (await loadLabelsModel(c.container)).removeRequested({ labelId, projectVersionIds: selectedIds(c) }),
  );
}

/** "Filter by label…": shown labels say so; "Clear label filter" first while any is shown. */
export async function filterLabelChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  const model = await loadLabelsModel(ctx.container);
  const { labels, selected } = await model.readChoicesFx();
  const choices: CommandChoice[] = labels.map((label) => ({
    id: label.id,
    title: label.attributes.caption,
    subtitle: selected.includes(label.id) ? 'Shown · choose to stop filtering by it' : undefined,
    run: () => void model.labelToggled(label.id),
  }));
  if (selected.length)
    choices.unshift({ id: 'clear', title: 'Clear label filter', run: () => void model.filterCleared() });
  return choices;
}
