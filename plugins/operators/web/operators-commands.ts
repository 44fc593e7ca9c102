import { TOKENS, type CommandContext } from '../../../core';
import { OPERATORS_MESSAGES, OPERATORS_PAGE } from '../common/operators-contract';
import { shownAlert } from './operators-model';
import { operatorsModel } from './operators-model-loader';

/**
 * "Withdraw the alert banner": the alert shown now (the newest active one) stops showing; the
 * operators' page opens with the outcome. The list is asked first: a command reads no store.
 */
export async function withdrawShownAlert(ctx: CommandContext): Promise<void> {
  const model = await operatorsModel.load(ctx.container);
  ctx.navigate(OPERATORS_PAGE);
  const alerts = await model.fetchAlertsFx().catch(() => null);
  if (!alerts) return;
  const shown = shownAlert(alerts);
  if (shown) model.withdrawRequested(shown.id);
  else ctx.container.get(TOKENS.ToastService).info(OPERATORS_MESSAGES.noneShown);
}
