import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, modKey, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Guidelines, a plugin in its own folder: written from the keyboard, made the workspace's
 * default, then preselected in the set-up popup (the pipeline's picker point), whose request names it.
 */
test('a guideline made by keyboard becomes the default and is preselected at set-up', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(120_000);
  await dismissNewsletter(page);

  await runCommand(page, 'Create guideline');
  await expect(page).toHaveURL(/\/guidelines\?new=1$/);
  const create = page.getByRole('dialog', { name: 'New guideline' });
  await create.getByLabel('Name').fill('House style');
  await create.getByLabel('Prompt').fill('Short sentences, plain words.');
  await create.getByLabel('Formality').selectOption('informal');
  await create.getByLabel('Never translate, one per line').fill('Polycue\nHarbour Line');
  await expect(create.getByText('2 words kept as they are by every engine.')).toBeVisible();
  await create.getByLabel('Maximum characters per second').fill('90');
  await expect(create.getByText('Characters per second: a number from 5 to 40, or empty for 20.')).toBeVisible();
  await create.getByLabel('Maximum characters per second').fill('17');
  await expectAccessible(page, 'new guideline');
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/guidelines/'));
  await page.keyboard.press(`${modKey}+Enter`);
  expect(
    ((await created).postDataJSON() as { parameters: { maxCharsPerSecond: number } }).parameters.maxCharsPerSecond,
  ).toBe(17);
  await expect(toast(page, 'Guideline created')).toBeVisible();
  await expect(create).toHaveCount(0);

  const grid = page.getByRole('grid', { name: 'Guidelines' });
  const row = grid.getByRole('row').filter({ hasText: 'House style' });
  await row.getByRole('checkbox', { name: 'Select House style' }).click();
  await page
    .getByRole('toolbar', { name: 'Selected guidelines' })
    .getByRole('button', { name: 'Make default' })
    .click();
  await expect(toast(page, 'Default guideline set')).toBeVisible();
  await expect(row).toContainText('Default');
  await expectAccessible(page, 'guidelines');

  // At set-up, the default is the popup's choice already; the request names it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await uploadVideos(page, [testVideo('Style check.mp4')]);
  await versionRow(page, 'Style check')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Set up subtitles…' })
    .click();
  const setup = page.getByRole('dialog', { name: 'Set up subtitles' });
  const picker = setup.getByLabel('Guideline');
  await expect(picker).toHaveValue(/^\d+$/);
  await expect(picker.locator('option:checked')).toHaveText(/House style/);
  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/project_versions/setup'),
  );
  await setup.getByRole('button', { name: 'Start subtitles' }).click();
  const body = (await request).postDataJSON() as { settings: { guidelineId?: string } };
  expect(body.settings.guidelineId).toMatch(/^\d+$/);
  await expect(toast(page, 'Request submitted')).toBeVisible();

  // Rename and delete by palette: the same popups as by mouse, on the guidelines page.
  await runCommand(page, 'Rename guideline');
  await page.getByRole('option', { name: /^House style/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit House style' });
  await edit.getByLabel('Name').fill('Plain style');
  await page.keyboard.press(`${modKey}+Enter`);
  await expect(toast(page, 'Changes saved')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Plain style' })).toBeVisible();
  await runCommand(page, 'Delete guideline');
  await page.getByRole('option', { name: /^Plain style/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete guidelines' });
  await expect(confirm).toContainText('Delete guideline “Plain style”?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Guideline deleted')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Plain style' })).toHaveCount(0);
});
