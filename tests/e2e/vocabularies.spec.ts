import { expect, runCommand, test, toast } from './support/fixtures';
import { dismissNewsletter, modKey, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Vocabulary lists, a plugin added in its own folder: created and edited from the keyboard, then
 * chosen in the subtitle set-up (through the pipeline's picker point), whose request carries it.
 */
test('a vocabulary list made by keyboard is offered at set-up and sent with the request', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(120_000);
  await dismissNewsletter(page);

  await runCommand(page, 'Create vocabulary list');
  await expect(page).toHaveURL(/\/vocabularies\?new=1$/);
  const create = page.getByRole('dialog', { name: 'New vocabulary list' });
  await create.getByLabel('Name').fill('Brands');
  await create.getByLabel('Words and phrases, one per line').fill('Polycue\nZorbatron Prime\npolycue\n');
  await expect(create.getByText('2 entries')).toBeVisible();
  await page.keyboard.press(`${modKey}+Enter`);
  await expect(toast(page, 'Vocabulary list created')).toBeVisible();
  await expect(create).toHaveCount(0);

  const grid = page.getByRole('grid', { name: 'Vocabulary lists' });
  const row = grid.getByRole('row').filter({ hasText: 'Brands' });
  await expect(row).toContainText('Polycue, Zorbatron Prime');
  await row.dblclick();
  const edit = page.getByRole('dialog', { name: 'Edit Brands' });
  await edit.getByLabel('Name').fill('Brand names');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Name saved')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Brand names' })).toBeVisible();

  // At set-up, the list is a choice of the popup; the request names it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await uploadVideos(page, [testVideo('Brand launch.mp4')]);
  await versionRow(page, 'Brand launch')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Set up subtitles…' })
    .click();
  const setup = page.getByRole('dialog', { name: 'Set up subtitles' });
  const picker = setup.getByLabel('Vocabulary list');
  await expect(picker.getByRole('option', { name: 'Brand names — 2 entries' })).toBeAttached();
  await picker.selectOption({ label: 'Brand names — 2 entries' });
  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/project_versions/setup'),
  );
  await setup.getByRole('button', { name: 'Start subtitles' }).click();
  const body = (await request).postDataJSON() as { settings: { vocabularyListId?: string } };
  expect(body.settings.vocabularyListId).toMatch(/^\d+$/);
  await expect(toast(page, 'Request submitted')).toBeVisible();

  // Rename and delete by palette, through the page's own popups.
  await runCommand(page, 'Rename vocabulary list');
  await page.getByRole('option', { name: /^Brand names/ }).click();
  await page.getByRole('dialog', { name: 'Edit Brand names' }).getByLabel('Name').fill('Brands 2026');
  await page.keyboard.press(`${modKey}+Enter`);
  await expect(toast(page, 'Name saved')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Brands 2026' })).toBeVisible();
  await runCommand(page, 'Delete vocabulary list');
  await page.getByRole('option', { name: /^Brands 2026/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete vocabulary lists' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Vocabulary list deleted')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Brands 2026' })).toHaveCount(0);
});
