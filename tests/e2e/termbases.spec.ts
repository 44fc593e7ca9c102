import type { Page } from '@playwright/test';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, modKey, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/** A file of terms made in the test, chosen in the "import terms" popup. */
async function importFile(page: Page, name: string, text: string) {
  const popup = page.getByRole('dialog', { name: 'Import terms into Medical' });
  await popup.getByLabel('File of terms').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await popup.getByRole('button', { name: 'Import' }).click();
  return popup;
}

/**
 * Term bases, a plugin in its own folder: one made with two languages (shown in full), a term
 * added by keyboard, files imported in Google's and DeepL's layouts (a bad one refused with its
 * line, nothing added), entries searched, deleted and undone, then the term base chosen in the
 * set-up popup (the pipeline's picker point), whose request names it.
 */
test('a term base gets terms typed and imported, searched and deleted, and is chosen at set-up', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(150_000);
  await dismissNewsletter(page);

  await runCommand(page, 'Create term base');
  await expect(page).toHaveURL(/\/termbases\?new=1$/);
  const create = page.getByRole('dialog', { name: 'New term base' });
  await create.getByLabel('Name').fill('Medical');
  // Moving through the list only picks (↓ used to add Albanian); Enter or "Add" adds.
  const addLanguage = create.getByLabel('Add a language');
  await addLanguage.focus();
  await page.keyboard.press('ArrowDown');
  await addLanguage.selectOption({ label: 'English' });
  await expect(create.getByRole('listitem')).toHaveCount(0);
  await addLanguage.press('Enter');
  await expect(create.getByText('Choose at least two languages.')).toBeVisible();
  await addLanguage.selectOption({ label: 'Spanish' });
  await create.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(create.getByRole('listitem')).toHaveText([/^English/, /^Spanish/]);
  await expect(create.getByRole('button', { name: 'Remove Spanish' })).toBeVisible();
  await expectAccessible(page, 'new term base');
  await page.keyboard.press(`${modKey}+Enter`);
  await expect(toast(page, 'Term base created')).toBeVisible();

  const grid = page.getByRole('grid', { name: 'Term bases' });
  const row = grid.getByRole('row').filter({ hasText: 'Medical' });
  await expect(row).toContainText('English');
  await expect(row).toContainText('Spanish');
  await expectAccessible(page, 'term bases');
  await row.dblclick();
  await expect(page).toHaveURL(/\/termbases\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Medical' })).toBeVisible();
  const entries = page.getByRole('grid', { name: 'Entries' });
  await expect(entries.getByRole('columnheader', { name: 'English' })).toBeVisible();
  await expect(entries.getByRole('columnheader', { name: 'Spanish' })).toBeVisible();

  // A term typed in the row of fields; Enter adds it.
  const add = page.getByRole('form', { name: 'Add a term' });
  await add.getByLabel('English').fill('bone');
  await add.getByLabel('Spanish').fill('hueso');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Term added')).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'hueso' })).toBeVisible();
  await expect(add.getByLabel('English')).toHaveValue('');
  await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
  await expectAccessible(page, 'term base entries');

  // Google's layout: a header row of language codes.
  await page.getByRole('button', { name: 'Import terms…' }).click();
  await expectAccessible(page, 'import terms');
  await importFile(page, 'glossary.csv', 'en,es\nskull,cráneo\n"rib, lower",costilla\n');
  await expect(toast(page, 'Terms imported')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  await expect(page.getByText('3 entries', { exact: true })).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'costilla' })).toContainText('rib, lower');

  // A bad line: refused with its number, nothing added, the popup stays.
  await page.getByRole('button', { name: 'Import terms…' }).click();
  const refused = await importFile(page, 'bad.csv', 'en,es\nknee,rodilla\nhip,cadera,extra\n');
  await expect(toast(page, 'Terms could not be imported')).toBeVisible();
  await expect(refused.getByRole('alert')).toHaveText('Line 3: 2 terms expected, 3 found');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('3 entries', { exact: true })).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'rodilla' })).toHaveCount(0);

  // DeepL's layout from the palette: two columns, no header, English then Spanish.
  await runCommand(page, 'Import terms');
  await page.getByRole('option', { name: /^Medical/ }).click();
  await importFile(page, 'deepl.tsv', 'heart\tcorazón\n');
  await expect(toast(page, 'Terms imported')).toBeVisible();
  // Focus after an import is somewhere named (what opened it, or the page's content), never the page body.
  await expect
    .poll(() =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 30)}`),
    )
    .not.toMatch(/^BODY/);
  await expect(page.getByText('4 entries', { exact: true })).toBeVisible();

  // Search, by the server.
  await page.getByRole('searchbox', { name: 'Search terms' }).fill('cost');
  await expect(entries.getByRole('row').filter({ hasText: 'hueso' })).toHaveCount(0);
  await expect(entries.getByRole('row').filter({ hasText: 'costilla' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search terms' }).fill('');
  await expect(entries.getByRole('row').filter({ hasText: 'hueso' })).toBeVisible();

  // Delete, undo, delete again.
  const heart = entries.getByRole('row').filter({ hasText: 'corazón' });
  await heart.getByRole('checkbox').click();
  await page.getByRole('toolbar', { name: 'Selected entries' }).getByRole('button', { name: 'Delete' }).click();
  await expect(heart).toHaveCount(0);
  await expect(page.getByText('3 entries', { exact: true })).toBeVisible();
  await toast(page, 'Term deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(heart).toBeVisible();
  await expect(page.getByText('4 entries', { exact: true })).toBeVisible();
  await heart.getByRole('checkbox').click();
  await page.keyboard.press('Delete');
  await expect(heart).toHaveCount(0);
  await expect(page.getByText('3 entries', { exact: true })).toBeVisible();

  // The list says so too.
  await page.getByRole('link', { name: '← Term bases' }).click();
  await expect(row).toContainText('3');

  // At set-up, the term base is a choice of the popup; the request names it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await uploadVideos(page, [testVideo('Clinic tour.mp4')]);
  await versionRow(page, 'Clinic tour')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Set up subtitles…' })
    .click();
  const setup = page.getByRole('dialog', { name: 'Set up subtitles' });
  const picker = setup.getByLabel('Term base');
  const option = 'Medical — English, Spanish · 3 entries';
  await expect(picker.getByRole('option', { name: option })).toBeAttached();
  await picker.selectOption({ label: option });
  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/project_versions/setup'),
  );
  await setup.getByRole('button', { name: 'Start subtitles' }).click();
  const body = (await request).postDataJSON() as { settings: { termbaseId?: string } };
  expect(body.settings.termbaseId).toMatch(/^\d+$/);
  await expect(toast(page, 'Request submitted')).toBeVisible();
});

test('a term base is renamed and deleted from the palette', async ({ page, confirmedUser }) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await runCommand(page, 'Create term base');
  const create = page.getByRole('dialog', { name: 'New term base' });
  await create.getByLabel('Name').fill('Legal');
  await create.getByLabel('Add a language').selectOption({ label: 'French' });
  await create.getByLabel('Add a language').press('Enter');
  await create.getByLabel('Add a language').selectOption({ label: 'German' });
  await create.getByLabel('Add a language').press('Enter');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Term base created')).toBeVisible();

  await runCommand(page, 'Rename term base');
  await page.getByRole('option', { name: /^Legal/ }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Legal' });
  await rename.getByLabel('Name').fill('Contracts');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Term bases' });
  await expect(grid.getByRole('row').filter({ hasText: 'Contracts' })).toContainText('French');

  await runCommand(page, 'Delete term base');
  await page.getByRole('option', { name: /^Contracts/ }).click();
  await page.getByRole('dialog', { name: 'Delete Contracts' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Term base deleted')).toBeVisible();
  await expect(grid.getByText('No term bases yet.', { exact: false })).toBeVisible();
});
