import { generate } from 'otplib';
import { expectAccessible } from './support/axe';
import { expect, logIn, logOut, runCommand, test, toast } from './support/fixtures';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Two-factor sign-in in Chromium: set up from the palette (QR code, first code, recovery codes
 * shown once), then a log-in asks for the code after the password and lands in the app only with
 * it; the admin's audit log shows both, filtered by action.
 */
test('sets up two-factor sign-in, logs in with a TOTP code, and finds both in the audit log', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(90_000);
  await dismissNewsletter(page);
  await runCommand(page, 'Set up two-factor sign-in');
  await expect(page).toHaveURL(/\/profile#two-factor$/);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.two-factor-secret').textContent())!.trim();
  await page.getByRole('textbox', { name: 'Code from your app' }).fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(toast(page, 'Two-factor sign-in could not be turned on')).toContainText('The code is not valid.');
  await expect(page.getByRole('textbox', { name: 'Code from your app' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Code from your app' }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(toast(page, 'Two-factor sign-in turned on')).toBeVisible();
  const codes = page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page, 'recovery codes');
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByText('Two-factor sign-in is on. 10 recovery codes left.')).toBeVisible();

  await logOut(page);
  await logIn(page, confirmedUser);
  await expect(page).toHaveURL(/\/users\/two_factor\?step=second_factor_required/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page, 'second step of the log-in');
  // The next 30 s step's code: never the one that turned it on (each code works once).
  await page
    .getByLabel('Code from your app, or a recovery code')
    .fill(await generate({ secret, epoch: Date.now() / 1000 + 30 }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').first()).toBeVisible();

  await runCommand(page, 'Open audit log');
  await expect(page).toHaveURL(/\/account\/audit_log$/);
  const log = page.getByRole('grid', { name: 'Audit log' });
  await expect(log).toContainText('Two-factor sign-in on');
  await expect(log).toContainText('Signed in');
  await expectAccessible(page, 'audit log');
  await page.getByLabel('Action').selectOption({ label: 'Two-factor sign-in on' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'Two-factor sign-in on' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /action=two-factor.enabled/);
});
