import { ACCOUNT_LIMITS, type AppConfig, type ServiceRegistry } from '../../../server/plugin-api';

/**
 * The largest video a workspace may bring: the installation's MAX_ELEMENT_BYTES, lowered by the
 * account's plan when a plugin (billing) provides ACCOUNT_LIMITS. The browser deletes a link
 * element over it (docs/product-contract.md#states-and-transitions) and the link job stops downloading past it.
 */
export async function maxElementBytesOf(
  services: ServiceRegistry,
  config: Pick<AppConfig, 'maxElementBytes'>,
  workspaceId: string,
): Promise<number> {
  if (!services.has(ACCOUNT_LIMITS)) return config.maxElementBytes;
  const plan = await services.get(ACCOUNT_LIMITS).maxElementBytes(workspaceId);
  return plan === null ? config.maxElementBytes : Math.min(plan, config.maxElementBytes);
}
