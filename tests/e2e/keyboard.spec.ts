import { test, expect, toast } from './support/fixtures';
import { dismissNewsletter, projectsGrid, testVideo, uploadVideos } from './support/projects-helpers';

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Ctrl+K, the command's name and Enter, typed at full speed with no waits in between. */
async function typeCommand(page: import('@playwright/test').Page, title: string) {
  await page.keyboard.press(`${mod}+k`);
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
}

test('the palette never loses a key: a command typed at full speed right after a page load, and again and again', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(120_000);
  // Cold: the keys start the moment the document and its scripts have loaded, before the app has
  // drawn anything (the first render waits for the session).
  for (let i = 0; i < 20; i++) {
    await page.goto(i % 2 ? '/' : '/profile', { waitUntil: 'domcontentloaded' });
    const [title, url] = i % 2 ? ['Open profile', /\/profile$/] : ['Open account settings', /\/account$/];
    await typeCommand(page, title);
    await expect(page, `cold run ${i + 1}`).toHaveURL(url);
  }
  // Warm: one after another on the same page.
  for (let i = 0; i < 20; i++) {
    const [title, url] = i % 2 ? ['Open profile', /\/profile$/] : ['Open account settings', /\/account$/];
    await typeCommand(page, title);
    await expect(page, `warm run ${i + 1}`).toHaveURL(url);
  }
});

test('from a row’s checkbox, L then a label’s name and Enter applies that label (typed at full speed)', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(
    page,
    ['Alpha.mp4', 'Bravo.mp4'].map((name) => testVideo(name)),
  );
  const rows = projectsGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
  await expect(rows).toHaveCount(2);

  // A new caption: Enter creates the label for the selected row.
  await rows
    .nth(0)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page.keyboard.press('l');
  await page.keyboard.type('Final');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Label created and assigned')).toBeVisible();
  await expect(rows.nth(0)).toContainText('Final');

  // Part of an existing one: it is the highlighted match, and Enter applies it.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await rows
    .nth(1)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await expect(rows.nth(1).getByRole('checkbox', { name: /^Select (?!all)/ })).toBeFocused();
  await page.keyboard.press('l');
  await page.keyboard.type('fin');
  await page.keyboard.press('Enter');
  await expect(rows.nth(1)).toContainText('Final');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);

  // A project version by name, from the palette's search of the list: its page opens.
  await typeCommand(page, 'Bravo');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Bravo', level: 1 })).toBeVisible();
  // From there, its processing (none yet: the page says so).
  await typeCommand(page, 'Open processing');
  await expect(page).toHaveURL(/\/processing\?projectVersionId=\d+$/);
});
