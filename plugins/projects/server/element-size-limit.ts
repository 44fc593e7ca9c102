import type { AppConfig, Queryable, ServerExtensions } from '../../../server/plugin-api';
import { mediaLimits } from './extension-points';

/**
 * The largest video a workspace may bring: the installation's MAX_ELEMENT_BYTES, lowered by what
 * other plugins contribute to mediaLimits (the billing plugin's plans). The browser deletes a link
 * element over it (docs/product-contract.md#states-and-transitions) and the link job stops downloading past it.
 */
export async function maxElementBytesOf(
  extensions: ServerExtensions,
  db: Queryable,
  config: Pick<AppConfig, 'maxElementBytes'>,
  workspaceId: string,
): Promise<number> {
  const limits = await Promise.all(
    extensions.contributions(mediaLimits).map((limit) => limit.maxElementBytes(workspaceId, { db })),
  );
  return Math.min(config.maxElementBytes, ...limits.filter((bytes): bytes is number => bytes !== null));
}
