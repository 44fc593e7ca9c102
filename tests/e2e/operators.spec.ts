import { ALERT_POLL_MS } from '../../shell/alert-banner-poll';
import { expectAccessible } from './support/axe';
import { E2E_ALERT, E2E_OPERATOR_EMAIL } from './support/e2e-alert';
import { expect, newPerson, runCommand, signUpAndConfirm, test, toast } from './support/fixtures';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * The alert banner while the app runs: an instance operator (the e2e server's OPERATOR_EMAILS)
 * publishes, corrects and withdraws an alert from the palette and the operators' page, with no
 * restart; a user's page that stays open shows, changes and hides the banner on its next poll.
 * The user's page runs on Playwright's clock, so "the next poll" is the app's own one-minute
 * timer brought forward, not a wait.
 */
test('an operator publishes, edits and withdraws the banner; an open page follows on its next poll', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await signUpAndConfirm(page, newPerson({ name: 'Rita' }));
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText(E2E_ALERT.message);
  await page.getByRole('button', { name: 'Dismiss alert' }).click();
  await expect(banner).toHaveCount(0);
  // Not an operator: no operators' page in the sidebar.
  await expect(page.getByRole('link', { name: 'Operators' })).toHaveCount(0);

  const operator = await (await browser.newContext()).newPage();
  await signUpAndConfirm(operator, newPerson({ name: 'Otto', email: E2E_OPERATOR_EMAIL }));
  await dismissNewsletter(operator);
  await runCommand(operator, 'Publish an alert banner');
  await expect(operator).toHaveURL(/\/operators#publish$/);
  await expect(operator.getByLabel('Message')).toBeFocused();
  await operator.keyboard.type('Maintenance tonight at 22:00 UTC');
  await operator.getByLabel('Link label (optional)').fill('Details');
  await operator.getByLabel('Link address (optional)').fill('javascript:alert(1)');
  await operator.getByRole('button', { name: 'Publish' }).click();
  await expect(operator.getByRole('form', { name: 'Publish an alert' }).getByRole('alert')).toHaveText(
    'The link must start with http://, https:// or /',
  );
  await expect(operator.getByLabel('Link address (optional)')).toHaveAttribute('aria-invalid', 'true');
  await operator.getByLabel('Link address (optional)').fill('https://status.polycue.example/tonight');
  await operator.getByLabel('Link address (optional)').press('Enter');
  await expect(toast(operator, 'Alert published')).toBeVisible();
  const published = operator.getByRole('list', { name: 'Published alerts' }).getByRole('listitem').first();
  await expect(published).toContainText('Maintenance tonight at 22:00 UTC');
  await expect(published).toContainText('Shown');
  await expectAccessible(operator, 'operators page');

  // The user's page, open all along, shows it on its next poll.
  await expect(banner).toHaveCount(0);
  await page.clock.fastForward(ALERT_POLL_MS);
  await expect(banner).toContainText('Maintenance tonight at 22:00 UTC');
  await expect(banner.getByRole('link', { name: 'Details' })).toHaveAttribute(
    'href',
    'https://status.polycue.example/tonight',
  );

  // Corrected from the palette: the form takes the shown alert.
  await runCommand(operator, 'Edit the alert banner');
  await expect(operator.getByLabel('Message')).toHaveValue('Maintenance tonight at 22:00 UTC');
  await expect(operator.getByLabel('Message')).toBeFocused();
  await operator.getByLabel('Message').fill('Maintenance tonight at 23:00 UTC');
  await operator.getByRole('button', { name: 'Save the alert' }).click();
  await expect(toast(operator, 'Alert saved')).toBeVisible();
  await page.clock.fastForward(ALERT_POLL_MS);
  await expect(banner).toContainText('Maintenance tonight at 23:00 UTC');

  // Withdrawn from the palette: gone from the open page on its next poll.
  await runCommand(operator, 'Withdraw the alert banner');
  await expect(toast(operator, 'Alert withdrawn')).toBeVisible();
  await expect(published).toContainText('Withdrawn');
  await page.clock.fastForward(ALERT_POLL_MS);
  await expect(banner).toHaveCount(0);
  await operator.context().close();
});
