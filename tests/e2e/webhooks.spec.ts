import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from './support/axe';
import { expect, runCommand, test, toast } from './support/fixtures';
import { csrfHeaders } from './support/editor-helpers';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Webhooks in the browser (issue 26): an admin adds one from the palette ("New webhook…") by
 * keyboard, copies its secret, a project created in the workspace reaches a local receiver
 * (the e2e server's LINK_IMPORT_ALLOW_CIDRS allows 127.0.0.0/8) signed for that secret, the
 * delivery log shows it, and the webhook is deleted through its confirmation.
 */
test('an admin adds a webhook by keyboard, a signed delivery arrives and is logged, the webhook is deleted', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('got it');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/polycue`;
  try {
    await dismissNewsletter(page);
    // The way in from the account settings.
    await page.goto('/account');
    await expectAccessible(page, 'account settings with the webhooks section');
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await expect(page).toHaveURL(/\/workspace\/webhooks$/);
    await expect(page.getByText('No webhooks in this workspace yet.')).toBeVisible();
    await expectAccessible(page, 'Webhooks, empty');

    await runCommand(page, 'New webhook');
    await expect(page).toHaveURL(/\/workspace\/webhooks\?new=1$/);
    await expect(page.getByLabel('Endpoint URL')).toBeFocused();
    await page.keyboard.type(hook);
    await page.getByRole('checkbox', { name: /A project version was created/ }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(toast(page, 'Webhook created')).toBeVisible();
    const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretBox).toBeFocused();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'Webhooks with a new secret shown');
    await page.getByRole('button', { name: 'Done' }).click();

    const me = await (await page.request.get('/api/v1/users/')).json();
    const made = await page.request.post('/api/v1/projects/', {
      headers: await csrfHeaders(page),
      data: { workspaceId: me.data.attributes.lastUsedWorkspaceId, title: 'Webhook e2e' },
    });
    expect(made.status()).toBe(201);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = received[0];
    expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({
      type: 'projects.versionCreated',
      data: { title: 'Webhook e2e' },
    });

    await page.getByRole('button', { name: `Deliveries of ${hook}` }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${hook}` });
    await expect(log.getByRole('row', { name: /projects\.versionCreated/ })).toContainText('delivered');
    await expect(log.getByRole('row', { name: /projects\.versionCreated/ })).toContainText('200');
    await expectAccessible(page, 'Webhooks: delivery log');

    await page.getByRole('button', { name: `Delete ${hook}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'Webhooks: delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Webhook deleted')).toBeVisible();
    await expect(page.getByText('No webhooks in this workspace yet.')).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
