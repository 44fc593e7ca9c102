import type { AppConfig, Queryable, ServerExtensions } from '../../../server/plugin-api';
import { PROJECTS_SERVER_MESSAGES } from '../common/projects-contract';
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

/** "The file is larger than the allowed {limit} MB", with the workspace's limit in MB (one decimal at most). */
export function elementTooLargeMessage(maxBytes: number): string {
  return PROJECTS_SERVER_MESSAGES.elementTooLarge.replace('{limit}', String(Number((maxBytes / 1024 ** 2).toFixed(1))));
}
