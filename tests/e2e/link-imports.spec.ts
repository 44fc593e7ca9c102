import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Links the server will not import say why (issue 24, item 1): a private address is refused, a
 * video over the Free plan's largest (500 MB) is refused with the plan's upgrade; both in a toast
 * when it happens and on their rows, which stay across a reload until dismissed. Their projects are
 * gone (the contract's (docs/product-contract.md#states-and-transitions) deletion, on the server): the count stays at 0.
 */

const FREE_PLAN_LIMIT = 'The file is larger than the allowed 500 MB';

/** Announces 600 MB of video and sends none of it: the import must refuse it from the header. */
async function hugeVideoServer(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(600 * 1024 * 1024) });
    res.flushHeaders();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

test("a refused link and one over the plan's largest video say why, offer the upgrade, and stay after a reload until dismissed", async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(90_000);
  await dismissNewsletter(page);
  const server = await hugeVideoServer();
  try {
    const huge = `http://127.0.0.1:${(server.address() as AddressInfo).port}/huge.mp4`;
    const privateLink = 'http://10.255.255.1/clip.mp4';
    await page.getByRole('button', { name: 'Paste links' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Links (one per line)').fill(`${privateLink}\n${huge}`);
    await dialog.getByRole('button', { name: 'Import 2 links' }).click();
    await expect(toast(page, 'Request submitted')).toBeVisible();

    // Said when it happens: the spec's toast, each link's reason in it.
    await expect(toast(page, 'Element(s) could not be created!')).toBeVisible({ timeout: 30_000 });
    const imported = dialog.getByRole('list', { name: 'Imported links' });
    await expect(imported).toContainText('refused: 10.255.255.1 is not on the public internet', { timeout: 30_000 });
    await expect(imported).toContainText(`refused: ${FREE_PLAN_LIMIT}`, { timeout: 30_000 });
    await expect(imported).not.toContainText('Downloading…');
    await expect(imported.getByRole('button', { name: 'Upgrade' })).toHaveCount(1);
    await expectAccessible(page, 'new project popup with refused links');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Kept on the page, and after a reload; their projects were deleted.
    const failed = page.getByRole('list', { name: 'Links that did not import' });
    await page.reload();
    await expect(failed.getByRole('listitem')).toHaveCount(2);
    await expect(failed).toContainText('refused: 10.255.255.1 is not on the public internet');
    await expect(failed).toContainText(`refused: ${FREE_PLAN_LIMIT}`);
    await expect(page.getByLabel('Project count')).toHaveText('0 projects');
    await expectAccessible(page, 'projects page with links that did not import');

    // The upgrade action opens the plan's upgrade popup with the reason.
    await failed.getByRole('button', { name: 'Upgrade' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(upgrade.getByRole('alert')).toHaveText(FREE_PLAN_LIMIT);
    await expect(upgrade.getByRole('button', { name: /^Choose Starter/ })).toBeVisible();
    await upgrade.getByRole('button', { name: 'Not now' }).click();

    // Dismissed by keyboard: gone, for good.
    await failed.getByRole('button', { name: `Dismiss ${privateLink}` }).focus();
    await page.keyboard.press('Enter');
    await expect(failed.getByRole('listitem')).toHaveCount(1);
    await page.reload();
    await expect(failed.getByRole('listitem')).toHaveCount(1);
    await expect(failed).toContainText(FREE_PLAN_LIMIT);

    // The palette dismisses what is left.
    await runCommand(page, 'Dismiss links that did not import');
    await expect(failed).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Project count')).toHaveText('0 projects');
    await expect(failed).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
