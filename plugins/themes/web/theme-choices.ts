import type { CommandChoice, CommandContext } from '../../../core';
import { resourceCommandChoices } from '../../../core/model/resource-choices';
import { THEMES_PAGE, THEMES_PATHS, type ThemeResource } from '../common/themes-contract';
import { themesModel } from './themes-model-loader';

const describe = (theme: ThemeResource) =>
  `${theme.attributes.fontFamily} ${theme.attributes.fontSize} px · ${theme.attributes.box ? 'box' : 'outline'} · ${theme.attributes.position}`;

/**
 * "Edit theme…" / "Delete theme…" open the themes page with that theme's dialog or confirmation;
 * "Duplicate theme…" copies the chosen one and shows the list with the copy.
 */
export async function themeCommandChoices(
  ctx: CommandContext,
  search: string,
  action: 'edit' | 'delete' | 'duplicate',
): Promise<CommandChoice[]> {
  const choices = await resourceCommandChoices<ThemeResource>(ctx, search, {
    listPath: THEMES_PATHS.themes,
    page: THEMES_PAGE,
    action: action === 'duplicate' ? 'edit' : action,
    model: (c) => themesModel.load(c),
    subtitle: describe,
  });
  if (action !== 'duplicate') return choices;
  return choices.map((choice) => ({
    ...choice,
    run: async (c) => {
      c.navigate(THEMES_PAGE);
      (await themesModel.load(c.container)).duplicateRequested([choice.id]);
    },
  }));
}
