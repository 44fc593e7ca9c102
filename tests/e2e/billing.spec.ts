import type { Page } from '@playwright/test';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Plans with the local provider, by keyboard: a set-up asking for two translations is refused
 * by the Free plan and opens the upgrade popup; choosing Starter goes to the app's own checkout,
 * "Subscribe" changes the plan, and the same set-up is accepted. Then the billing page: usage,
 * invoice, change of plan from the palette, cancel (asked first). The contract's (docs/product-contract.md#messages) toasts, verbatim.
 */

async function setUpTwoTranslations(page: Page) {
  await runCommand(page, 'Set up subtitles…');
  const dialog = page.getByRole('dialog', { name: 'Set up subtitles' });
  await expect(dialog.getByLabel('Video language')).toHaveValue('en');
  const languages = dialog.getByRole('group', { name: 'Subtitle languages' });
  for (const name of ['Spanish', 'Catalan']) {
    await languages.getByRole('checkbox', { name }).focus();
    await page.keyboard.press('Space');
    await expect(languages.getByRole('checkbox', { name })).toBeChecked();
  }
  await page.keyboard.press('Enter');
}

test('checkout (local provider) -> plan changed -> the limit is lifted; change plan and cancel from the billing page', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(120_000);
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Billing clip.mp4', 2)]);
  await versionRow(page, 'Billing clip').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);

  // Free: one translation a run. The refusal is the upgrade popup, not a bare error.
  await setUpTwoTranslations(page);
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(upgrade.getByRole('alert')).toHaveText(
    'The Free plan translates into 1 language a run; this set-up asks for 2. Upgrade to Starter for more.',
  );
  await expect(toast(page, 'Request has failed')).toHaveCount(0);
  await expectAccessible(page, 'upgrade popup');
  // Focus starts on the first plan: Enter chooses Starter.
  await expect(upgrade.getByRole('button', { name: /^Choose Starter/ })).toBeFocused();
  await page.keyboard.press('Enter');

  // The local provider's checkout is a page of the app.
  await expect(page).toHaveURL(/\/billing\/checkout\?session=lcs_/);
  const subscribe = page.getByRole('button', { name: 'Subscribe to Starter' });
  await expect(subscribe).toBeFocused();
  await expectAccessible(page, 'local checkout');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Subscription has been updated')).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Starter plan' })).toBeVisible();

  // The limit is lifted: the same set-up is accepted now.
  await page.getByRole('link', { name: 'Projects' }).click();
  await versionRow(page, 'Billing clip').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  await setUpTwoTranslations(page);
  await expect(toast(page, 'Request submitted')).toBeVisible();

  // The billing page: usage with bars, the invoice, change of plan from the palette, cancel.
  await runCommand(page, 'Open billing');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Starter plan' })).toBeVisible();
  await expect(page.getByLabel('Minutes processed')).toHaveAttribute('max', '300');
  const invoices = page.getByRole('table');
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices).toContainText('$19.00');
  await expectAccessible(page, 'billing');

  // A plan change is asked first: the new plan's price and limits beside the current one's.
  await runCommand(page, 'Change plan…');
  await page.keyboard.type('Pro');
  await page.keyboard.press('Enter');
  const confirmChange = page.getByRole('dialog', { name: 'Change to Pro' });
  await expect(confirmChange).toContainText(
    'Pro, $79 a month, from now on: 1500 minutes a month, videos up to 8 GB, 20 target languages a run',
  );
  await expect(confirmChange).toContainText('Now: Starter, $19 a month: 300 minutes a month');
  await expectAccessible(page, 'plan change confirmation');
  // Keeping it changes nothing.
  await confirmChange.getByRole('button', { name: 'Keep Starter' }).click();
  await expect(confirmChange).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Starter plan' })).toBeVisible();
  await expect(invoices.getByRole('row')).toHaveCount(2);
  // The page's own button asks the same; focus starts on the change, Enter confirms.
  await page.getByRole('button', { name: 'Change to Pro' }).click();
  await expect(confirmChange.getByRole('button', { name: 'Change to Pro' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Subscription has been updated').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(invoices.getByRole('row')).toHaveCount(3);

  await runCommand(page, 'Cancel the subscription');
  const confirm = page.getByRole('dialog', { name: 'Cancel the subscription' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel the subscription' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Subscription has been canceled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Starter' })).toBeVisible();

  // On Free there is nothing to cancel: neither the page nor the palette offers it.
  await expect(page.getByRole('button', { name: 'Cancel the subscription' })).toHaveCount(0);
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+k' : 'Control+k');
  await page.keyboard.type('Cancel the subscription');
  await expect(
    page.getByRole('dialog', { name: 'Command palette' }).getByPlaceholder('Type a command or search…'),
  ).toHaveValue('Cancel the subscription');
  await expect(page.getByRole('option', { name: /^Cancel the subscription/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
});
