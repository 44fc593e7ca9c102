import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import {
  answerSurvey,
  confirmEmail,
  expect,
  linkIn,
  logIn,
  newPerson,
  signUpAndConfirm,
  submitSignUp,
  test,
  toast,
  waitForMail,
  type Person,
} from './support/fixtures';

/**
 * Accounts through the real pages: an admin invites by e-mail, the invitee signs up through the
 * mail's link, gets access to one workspace and sees exactly that one; workspaces are deleted in
 * bulk after a confirmation; a role change applies without logging in again.
 */

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** One of our popups, by its title (the newsletter offer is a dialog too, and may be open). */
function dialog(page: Page, title: string | RegExp) {
  return page.getByRole('dialog', { name: title });
}

async function createWorkspace(page: Page, name: string) {
  await page.goto('/account/workspaces');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await dialog(page, 'Create workspace').getByLabel('Workspace name').fill(name);
  await dialog(page, 'Create workspace').getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText('Workspace created')).toBeVisible();
  await expect(dialog(page, 'Create workspace')).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Workspaces' }).getByText(name, { exact: true })).toBeVisible();
}

async function invite(page: Page, email: string) {
  await page.goto('/account/members');
  await page.getByRole('button', { name: 'Invite member' }).click();
  await dialog(page, 'Invite member').getByLabel('E-mail addresses').fill(email);
  await dialog(page, 'Invite member').getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Account users created')).toBeVisible();
}

/** The options of the shell's workspace switcher, once the account's workspaces have arrived. */
async function switcherWorkspaces(page: Page): Promise<string[]> {
  const select = page.getByLabel('Workspace', { exact: true });
  await expect(select).toBeEnabled();
  return select.locator('option').allTextContents();
}

/**
 * Switches in the shell and waits until the server has recorded it as the last used account: the
 * tests load pages right after, and a page load reads the account from the server (the write
 * runs in the background; a navigation racing it would open the previous account).
 */
async function switchAccount(page: Page, accountName: string) {
  const select = page.getByLabel('Account', { exact: true });
  await expect(select).toBeEnabled();
  if ((await select.locator('option:checked').textContent()) !== accountName) {
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/set_last_used_account') && r.ok());
    await select.selectOption({ label: accountName });
    await recorded;
  }
  await expect(select.locator('option:checked')).toHaveText(accountName);
}

const accountOf = (person: Person) => `${person.name}'s account`;

test('an invited member signs up from the mail, is given one workspace and sees exactly that one', async ({
  page,
  browser,
  dataDir,
}) => {
  const admin = await signUpAndConfirm(page, newPerson({ name: 'Alice' }));
  await createWorkspace(page, 'Dubbing');
  const invitee = newPerson({ name: 'Ivy' });
  await invite(page, invitee.email);
  await expect(page.getByRole('row').filter({ hasText: invitee.email })).toContainText('Invitation pending');

  // The invitee follows the link in the invitation mail and signs up with that address.
  const mail = await waitForMail(dataDir, { to: invitee.email, subject: /invited/i });
  expect(mail.subject).toBe(`You are invited to ${accountOf(admin)} on Polycue`);
  const member = await newPage(browser);
  await member.goto(linkIn(mail, '/users/sign_up'));
  await expect(member).toHaveURL(/\/users\/sign_up/);
  await submitSignUp(member, invitee);
  await expect(member).toHaveURL(/\/onboarding$/);
  await answerSurvey(member);
  await confirmEmail(member, invitee.email);
  if (new URL(member.url()).pathname !== '/') await logIn(member, invitee);
  await expect(member).toHaveURL(/\/$/);

  // The admin gives access to "Dubbing" only.
  await page.goto('/account/members');
  const row = page.getByRole('row').filter({ hasText: invitee.email });
  await expect(row).toContainText('None');
  await row.getByRole('button', { name: /Manage workspace access/ }).click();
  await dialog(page, /^Workspace access/)
    .getByLabel('Dubbing')
    .check();
  await dialog(page, /^Workspace access/)
    .getByRole('button', { name: 'Save access' })
    .click();
  await expect(page.getByText('Workspace user(s) created')).toBeVisible();
  await expect(row).toContainText('Dubbing');

  // The member logs in again and, in the admin's account, sees exactly that workspace.
  await member.context().clearCookies();
  await logIn(member, invitee);
  await expect(member).toHaveURL(/\/$/);
  await switchAccount(member, accountOf(admin));
  expect(await switcherWorkspaces(member)).toEqual(['Dubbing']);
  // And cannot manage the account: the actions are there, disabled, with the reason.
  await member.goto('/account/workspaces');
  const create = member.getByRole('button', { name: 'Create workspace' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAttribute('title', 'Only account admins can do this');
});

test('an admin deletes several workspaces at once after confirming', async ({ page }) => {
  await signUpAndConfirm(page, newPerson({ name: 'Bo' }));
  await createWorkspace(page, 'Trailers');
  await createWorkspace(page, 'Podcasts');
  const grid = page.getByRole('grid', { name: 'Workspaces' });
  for (const name of ['Trailers', 'Podcasts']) {
    await grid
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('checkbox', { name: /^Select (?!all)/ })
      .click();
  }
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  const confirm = dialog(page, 'Delete 2 workspaces');
  await expect(confirm).toContainText('"Podcasts", "Trailers" and everything in them will be deleted');
  // Cancelling deletes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(grid.getByText('Trailers', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Workspace(s) deleted')).toBeVisible();
  await expect(grid.getByText('Trailers', { exact: true })).toHaveCount(0);
  await expect(grid.getByText('Podcasts', { exact: true })).toHaveCount(0);
  expect(await switcherWorkspaces(page)).toEqual(['My workspace']);
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Workspaces' }).getByRole('row')).toHaveCount(2); // header + "My workspace"
});

test('a role change applies on the next request, without logging in again', async ({ page, browser }) => {
  const admin = await signUpAndConfirm(page, newPerson({ name: 'Cy' }));
  const member = await newPage(browser);
  const colleague = await signUpAndConfirm(member, newPerson({ name: 'Dee' }));
  await invite(page, colleague.email);

  await member.reload();
  await switchAccount(member, accountOf(admin));
  await member.goto('/account');
  const rename = member.getByRole('button', { name: 'Rename account' });
  await expect(rename).toBeDisabled();
  await expect(rename).toHaveAttribute('title', 'Only account admins can do this');

  await page.goto('/account/members');
  await page.getByLabel(`Role of ${colleague.name} ${colleague.lastName}`).selectOption('admin');
  await expect(page.getByText('Role changed')).toBeVisible();

  // Same session, no new log-in: the next load knows the new role.
  await member.reload();
  await expect(member.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText(accountOf(admin));
  await expect(rename).toBeEnabled();
  await rename.click();
  await dialog(member, 'Account').getByLabel('Account name').fill('Renamed by Dee');
  await dialog(member, 'Account').getByRole('button', { name: 'Save' }).click();
  await expect(member.getByText('Account renamed')).toBeVisible();
  await expect(member.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText('Renamed by Dee');
});

test('the member count follows each invitation; at the seat limit the refusal offers the upgrade', async ({ page }) => {
  await signUpAndConfirm(page, newPerson({ name: 'Sam' }));
  const count = page.locator('.accounts-toolbar').getByRole('status');
  await page.goto('/account/members');
  await expect(count).toHaveText('1 member');
  const first = newPerson().email;
  await invite(page, first);
  // The spec's 'Account users created', and below it what the invitation did.
  await expect(toast(page, 'Account users created')).toContainText(`Invitation mailed to ${first}.`);
  // The count is the server's after the change, without a reload.
  await expect(count).toHaveText('1 member, 1 invitation pending');
  await invite(page, newPerson().email);
  await expect(count).toHaveText('1 member, 2 invitations pending');

  // Free has 3 seats: a fourth person is refused, and the popup says so with the way to upgrade.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const popup = dialog(page, 'Invite member');
  await popup.getByLabel('E-mail addresses').fill(newPerson().email);
  await popup.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Account users could not be created')).toBeVisible();
  await expect(popup.getByRole('alert')).toContainText('The Free plan has 3 seats');
  await expectAccessible(page, 'seat refusal in the invite popup');
  const upgrade = popup.getByRole('link', { name: 'Upgrade the plan' });
  await upgrade.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Starter' })).toBeVisible();
});
