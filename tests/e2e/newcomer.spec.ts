import { test, expect, toast, logOut, newPerson, submitSignUp, logIn, waitForMail } from './support/fixtures';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/**
 * Issue 2's walk-through, as a newcomer does it: sign up, open the confirmation mail from the
 * local outbox page, confirm, answer the survey, land on / in their own account and workspace,
 * run a command from the palette, log out, log in again.
 */
test('a newcomer signs up, confirms through the outbox, onboards, uses the palette and logs out', async ({
  page,
  person,
  dataDir,
}) => {
  await submitSignUp(page, person);
  await expect(page).toHaveURL(/\/onboarding$/);

  // The mail, through the development outbox page and its clickable link. A job delivers it:
  // wait until it is written, as a person would reload the outbox until it shows.
  await waitForMail(dataDir, { to: person.email, subject: /confirm/i });
  await page.goto('/dev/outbox');
  const mailLink = page
    .getByRole('row')
    .filter({ hasText: person.email })
    .getByRole('link', { name: /Confirm your Polycue account/ });
  await expect(mailLink).toBeVisible();
  await mailLink.click();
  const confirmLink = page.getByRole('link', { name: /\/users\/confirmation\?confirmation_token=/ });
  await expect(confirmLink).toHaveCount(1);
  await confirmLink.click();

  // Confirmed while logged in: the product asks for the survey first.
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/check_email$/);
  await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();

  // Home, inside the account and workspace sign-up created.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Polycue, home' })).toBeVisible();
  await expect(page.getByLabel('Workspace')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Workspace').locator('option:checked')).toHaveText('My workspace');
  await expect(page.getByLabel('Account').locator('option:checked')).toHaveText(`${person.name}'s account`);

  // The palette: open with the keyboard, run a command.
  await page.keyboard.press(`${mod}+k`);
  const search = page.getByRole('combobox', { name: 'Type a command or search' });
  await expect(search).toBeFocused();
  await search.fill('keyboard shortcuts');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeHidden();

  // Log out from the palette; the recently used command now comes first.
  await page.keyboard.press(`${mod}+k`);
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first()).toContainText(
    'Show keyboard shortcuts',
  );
  await search.fill('log out');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/sign_in$/);

  // Logged out means logged out: the product redirects to the log-in page.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/users\/sign_in/);

  await logIn(page, person);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Workspace').locator('option:checked')).toHaveText('My workspace');
});

test('a disposable e-mail domain is refused and the newcomer is sent back to sign-up', async ({ page }) => {
  const person = newPerson({ email: `someone.${Date.now()}@mailinator.com` });
  await submitSignUp(page, person);
  await expect(toast(page, 'Email domain is not permitted')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/sign_up$/);
  // Nothing was created: logging in with those details fails.
  await logIn(page, person);
  await expect(toast(page, 'Log-in failed')).toBeVisible();
});

test('a wrong password shows the log-in failure and keeps the person on the log-in page', async ({
  page,
  confirmedUser,
}) => {
  await logOut(page);
  await expect(page).toHaveURL(/\/users\/sign_in$/);

  await logIn(page, { email: confirmedUser.email, password: 'not-the-password' });
  await expect(toast(page, 'Log-in failed')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/sign_in$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(confirmedUser.email);
});
