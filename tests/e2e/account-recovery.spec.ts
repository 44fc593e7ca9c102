import { test, expect, toast, logOut, logIn, mailsTo, waitForMail, linkIn } from './support/fixtures';

test('a forgotten password is reset through the outbox link', async ({ page, confirmedUser, dataDir }) => {
  await logOut(page);
  await expect(page).toHaveURL(/\/users\/sign_in$/);

  const before = await mailsTo(confirmedUser.email);
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/users\/password\/new$/);
  // The router keeps the log-in page (with its own E-mail field) on screen until the new page's
  // code has arrived: type once the page people see has changed.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('E-mail').fill(confirmedUser.email);
  await page.getByRole('button', { name: 'Send reset instructions' }).click();
  await expect(toast(page, 'Reset password instructions sent')).toBeVisible();

  const mail = await waitForMail(dataDir, { to: confirmedUser.email, subject: /reset/i, excluding: before });
  await page.goto(linkIn(mail, '/users/password/edit'));
  const newPassword = `${confirmedUser.password}-2`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel(/confirm/i).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The old password no longer works; the new one does.
  await logOut(page);
  await logIn(page, confirmedUser);
  await expect(toast(page, 'Log-in failed')).toBeVisible();
  await logIn(page, { email: confirmedUser.email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);
});

test('the same reset link cannot be used twice', async ({ page, confirmedUser, dataDir }) => {
  await logOut(page);
  await page.goto('/users/password/new');
  await page.getByLabel('E-mail').fill(confirmedUser.email);
  await page.getByRole('button', { name: 'Send reset instructions' }).click();
  const mail = await waitForMail(dataDir, { to: confirmedUser.email, subject: /reset/i });
  const link = linkIn(mail, '/users/password/edit');
  for (const attempt of [1, 2]) {
    await page.goto(link);
    const password = `${confirmedUser.password}-${attempt}`;
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel(/confirm/i).fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    if (attempt === 1) {
      await expect(toast(page, 'Password changed')).toBeVisible();
      await page.context().clearCookies();
    } else {
      await expect(page.getByText(/invalid|could not be changed/i).first()).toBeVisible();
    }
  }
});
