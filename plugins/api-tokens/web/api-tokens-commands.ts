import type { CommandChoice, CommandContext } from '../../../core';
import { apiTokensModel } from './api-tokens-model-loader';

/** The palette's "Revoke API token…": the person's tokens in the account the palette was opened in. */
export async function revokeTokenChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  const accountId = ctx.when.accountId;
  if (!accountId) return [];
  const model = await apiTokensModel.load(ctx.container);
  const tokens = await model.readFx(accountId);
  return tokens.map((token) => ({
    id: token.id,
    title: token.attributes.name,
    subtitle: `${token.attributes.prefix}… · ${token.attributes.scope}`,
    run: async () => {
      await model.revokeFx(token.id);
    },
  }));
}
