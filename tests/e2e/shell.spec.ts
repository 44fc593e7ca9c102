import { test, expect, toast, logOut, logIn } from './support/fixtures';
import { E2E_ALERT } from './support/e2e-alert';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

test('the site-wide alert banner, once dismissed, stays dismissed across reloads and log-ins', async ({
  page,
  confirmedUser,
}) => {
  const banner = page.getByRole('region', { name: /alert/i }).or(page.locator('.alert-banner'));
  await expect(page.getByText(E2E_ALERT.message)).toBeVisible();
  await expect(page.getByRole('link', { name: E2E_ALERT.linkLabel })).toHaveAttribute('href', E2E_ALERT.linkUrl);

  // The banner hides at once; the server records the dismissal in the background. Reload only
  // after it answered, or the reload races the write (seen once in CI).
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/set_last_viewed_alert') && r.ok());
  await page.getByRole('button', { name: 'Dismiss alert' }).click();
  await expect(page.getByText(E2E_ALERT.message)).toBeHidden();
  await recorded;

  await page.reload();
  await expect(page.getByLabel('Workspace')).toBeVisible();
  await expect(page.getByText(E2E_ALERT.message)).toBeHidden();

  await logOut(page);
  await logIn(page, confirmedUser);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Workspace')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByText(E2E_ALERT.message)).toBeHidden();
});

test('writes without the CSRF token are refused, the app’s own writes carry it', async ({ page, confirmedUser }) => {
  const attempt = (headers: Record<string, string>) =>
    page.evaluate(async (h) => {
      const response = await fetch('/api/v1/users/reset_should_see_newsletter_popup', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...h },
        body: JSON.stringify({ subscribe: false }),
      });
      return { status: response.status, body: await response.json() };
    }, headers);

  const missing = await attempt({});
  expect(missing.status).toBe(403);
  expect(missing.body.message).toBe('Invalid authenticity token');
  const wrong = await attempt({ 'X-CSRF-Token': 'forged' });
  expect(wrong.status).toBe(403);

  // The page's own token (meta tag) works; so does the profile form, a write through the app.
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  expect((await attempt({ 'X-CSRF-Token': token ?? '' })).status).toBe(200);
  await page.goto('/profile');
  await page.getByLabel('Last name').fill(`${confirmedUser.lastName}-Renamed`);
  await page.getByRole('button', { name: /save/i }).first().click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
});

test('the palette lists commands by group with their shortcuts, and shortcuts work without it', async ({
  page,
  confirmedUser,
}) => {
  expect(confirmedUser.email).toContain('@');
  await page.keyboard.press(`${mod}+k`);
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('option', { name: /Show keyboard shortcuts/ })).toBeVisible();
  await expect(dialog.getByRole('option', { name: /Log out/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A command's own shortcut runs it directly.
  await page.keyboard.press(`${mod}+b`);
  await expect(page.getByRole('link', { name: 'Polycue, home' })).toBeHidden();
  await page.keyboard.press(`${mod}+b`);
  await expect(page.getByRole('link', { name: 'Polycue, home' })).toBeVisible();
});
