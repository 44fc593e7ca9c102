import type { JobContext } from '../../../server/plugin-api';
import { WEBHOOKS_PAGE } from '../common/webhooks-contract';

/**
 * "A webhook was turned off" to every admin of the account, through the app's mail queue (the
 * outbox in development), after the transaction that turned it off committed (never inside it).
 */
export async function mailEndpointDisabled(
  ctx: JobContext,
  endpoint: { url: string; accountId: string; workspaceId: string; reason: string },
): Promise<void> {
  const { rows } = await ctx.db.query<{ email: string; name: string | null; workspace: string }>(
    `SELECT u.email, u.name, w.name AS workspace FROM account_users au
       JOIN users u ON u.id = au.user_id JOIN workspaces w ON w.id = $2
      WHERE au.account_id = $1 AND au.role = 'admin' ORDER BY u.id`,
    [endpoint.accountId, endpoint.workspaceId],
  );
  for (const admin of rows) {
    await ctx.mailer.enqueue({
      to: admin.email,
      subject: `A webhook of "${admin.workspace}" was turned off`,
      text:
        `Hello${admin.name ? ` ${admin.name}` : ''},\n\n` +
        `Polycue could not deliver events to ${endpoint.url} and has turned this webhook off.\n` +
        `Last error: ${endpoint.reason}\n\n` +
        `Deliveries made while it is off are not sent. Fix the receiver, turn the webhook on and send ` +
        `failed deliveries again from ${ctx.config.publicUrl}${WEBHOOKS_PAGE}\n`,
    });
  }
}
