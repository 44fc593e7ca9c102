import { expectAccessible } from './support/axe';
import { e2eDataDir } from './support/e2e-env';
import { expect, runCommand, test, toast, waitForMail } from './support/fixtures';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Take everything out and erase, in Chromium: the account's export from the palette (followed in
 * the progress panel, downloadable in the account settings), the account's deletion asked for
 * and kept by the mailed link, then one's own user deleted from the palette.
 */
test('exports the account, asks for its deletion and keeps it by the mailed link, then deletes the user', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(120_000);
  await dismissNewsletter(page);
  const accountName = `${confirmedUser.name.trim().split(/\s+/)[0]}'s account`;

  await runCommand(page, 'Export account data');
  await expect(toast(page, /Export asked for/)).toBeVisible();
  await expect(page.getByText('Account export').first()).toBeVisible();
  const dataDir = e2eDataDir();
  await waitForMail(dataDir, { to: confirmedUser.email, subject: 'Your account export is ready' }, 60_000);

  await page.goto('/account');
  const download = page.getByRole('link', { name: /^Download polycue-.*\.zip$/ });
  await expect(download).toBeVisible();
  const saved = page.waitForEvent('download');
  await download.click();
  expect((await saved).suggestedFilename()).toMatch(/^polycue-.*\.zip$/);
  await expectAccessible(page, 'account settings: export and deletion');

  // The name typed is the confirmation; a wrong one says why.
  await runCommand(page, 'Delete account…');
  await expect(page).toHaveURL(/\/account#account-deletion$/);
  const confirmName = page.getByLabel('Type the account’s name to confirm');
  await confirmName.fill('not the name');
  await confirmName.press('Enter');
  await expect(page.locator('.data-rights-error')).toHaveText('Type the account’s name to confirm its deletion.');
  await confirmName.fill(accountName);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(toast(page, /will be deleted in 14 days/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'This account will be deleted on' })).toBeVisible();

  const mail = await waitForMail(dataDir, { to: confirmedUser.email, subject: /will be deleted on/ });
  const undo = mail.links.find((link) => link.includes('/account_deletion/undo'))!;
  await page.goto(new URL(undo).pathname + new URL(undo).search);
  await page.getByRole('button', { name: 'Keep the account' }).click();
  await expect(page.getByRole('status')).toHaveText(`“${accountName}” is kept: nothing will be deleted.`);
  await expectAccessible(page, 'undo the deletion');

  await runCommand(page, 'Delete my user…');
  await expect(page).toHaveURL(/\/profile#delete-user$/);
  // By keyboard: Enter in the field submits (the progress panel still shows the export over the button).
  await page.getByLabel('Type your e-mail address to confirm').fill(confirmedUser.email);
  await page.getByLabel('Type your e-mail address to confirm').press('Enter');
  await expect(page).toHaveURL(/\/users\/sign_in/);
});
