import {
  test,
  expect,
  newPerson,
  signUp,
  answerSurvey,
  confirmEmail,
  logIn,
  logOut,
  runCommand,
} from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, modKey, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

// @needs-plugins billing, channels, guidelines, termbases, themes, vocabularies (it visits their pages): scripts/check-plugin-removal.mjs leaves this file out without one of them.

/**
 * Every screen of the app through axe-core (WCAG 2.1 AA): no serious or critical finding. Each
 * screen is reached the way people reach it; dialogs are checked open, over their page.
 */
test('every screen passes axe: the pages before log-in and the onboarding', async ({ page }) => {
  await page.goto('/users/sign_in');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectAccessible(page, 'log-in');
  await page.goto('/users/sign_up');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.goto('/users/password/new');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, 'forgotten password');
  await page.goto('/users/password/edit?reset_password_token=unknown');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'new password');

  const person = newPerson();
  await signUp(page, person);
  await expectAccessible(page, 'onboarding survey');
  await answerSurvey(page);
  await expectAccessible(page, 'check your inbox');
  await confirmEmail(page, person.email);
  if (new URL(page.url()).pathname !== '/') await logIn(page, person);
  await expect(page).toHaveURL(/\/$/);
});

test('every screen passes axe: the app, its pages and its dialogs', async ({ page, confirmedUser }) => {
  void confirmedUser;
  // Many screens, each analysed with the experimental rules too: minutes on a shared machine.
  test.setTimeout(300_000);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'projects (empty)');
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Harbour tour.mp4')]);
  await expect(versionRow(page, 'Harbour tour')).toBeVisible();
  await expectAccessible(page, 'projects');

  await page.keyboard.press(`${modKey}+k`);
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await expectAccessible(page, 'command palette');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New project' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'new project');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Manage labels' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'labels manager');
  await page.keyboard.press('Escape');

  await versionRow(page, 'Harbour tour').getByRole('checkbox').click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Set up subtitles…' })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'set up subtitles');
  await page.keyboard.press('Escape');

  await versionRow(page, 'Harbour tour').dblclick();
  await expect(page).toHaveURL(/\/project_versions\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'project version');

  for (const [path, name] of [
    ['/vocabularies', 'vocabulary lists'],
    ['/termbases', 'term bases'],
    ['/themes', 'themes'],
    ['/guidelines', 'guidelines'],
    ['/external_channels', 'external channels'],
    ['/billing', 'billing'],
    ['/profile', 'profile'],
    ['/account', 'account settings'],
    ['/account/members', 'members'],
    ['/account/workspaces', 'workspaces'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, name);
  }
  // The resource pages' create dialogs, from the palette on their own page.
  for (const [path, command] of [
    ['/themes', 'Create theme'],
    ['/vocabularies', 'Create vocabulary list'],
    ['/guidelines', 'Create guideline'],
    ['/termbases', 'Create term base'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await runCommand(page, command);
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await expectAccessible(page, command);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // The account's dialogs and the shortcuts sheet, opened from the palette as people do.
  for (const [command, name] of [
    ['Invite member', 'invite member'],
    ['Create workspace', 'create workspace'],
    ['Rename account', 'rename account'],
    ['Show keyboard shortcuts', 'keyboard shortcuts'],
  ] as const) {
    await runCommand(page, command);
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await expectAccessible(page, name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page.goto('/no/such/page');
  await expectAccessible(page, 'not found');
  await page.goto('/');
  await logOut(page);
});
