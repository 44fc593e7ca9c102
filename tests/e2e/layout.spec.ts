import { test, expect } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { FERRY_SRT, openEditorWith } from './support/editor-helpers';
import { dismissNewsletter, projectsGrid, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/** Whether an element's text fits its box (nothing cut off by an ellipsis or overflow). */
const fits = (el: Element) => el.scrollWidth <= el.clientWidth + 1;

test('the projects table fits 1024, 1440 and 1920 px: the title has room, no header or date is cut off, the sidebar stays one line', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Quarterly all-hands recording.mp4')]);
  const row = versionRow(page, 'Quarterly all-hands recording');
  await expect(row).toBeVisible();
  for (const width of [1024, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const grid = projectsGrid(page);
    const title = await grid.getByRole('columnheader', { name: 'Title' }).boundingBox();
    expect(title!.width, `title column at ${width} px`).toBeGreaterThanOrEqual(180);
    for (const header of await grid.getByRole('columnheader').all()) {
      expect(await header.evaluate(fits), `header "${await header.textContent()}" at ${width} px`).toBe(true);
    }
    const created = row.getByRole('gridcell').nth(4);
    expect(await created.evaluate(fits), `created date at ${width} px`).toBe(true);
    const trigger = await page.getByRole('button', { name: /Search commands/ }).boundingBox();
    expect(trigger!.height, `palette button at ${width} px`).toBeLessThanOrEqual(32);
  }
});

test('on a phone-sized window the sidebar is a drawer: the page has the width, ☰ opens it, Escape or a link closes it', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await page.setViewportSize({ width: 390, height: 844 });
  // Opened at this width (not only narrowed to it).
  await page.reload();
  await dismissNewsletter(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const opener = page.getByRole('button', { name: 'Show sidebar' });
  await expect(sidebar).toHaveCount(0);
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  // The page's own action is on screen, not pushed out by a docked sidebar.
  const newProject = page.getByRole('button', { name: 'New project' });
  await expect(newProject).toBeInViewport();
  // The projects table keeps its title column (it scrolls sideways rather than squeeze it away).
  await uploadVideos(page, [testVideo('Narrow window interview.mp4')]);
  await expect(versionRow(page, 'Narrow window interview')).toBeVisible();
  const title = await projectsGrid(page).getByRole('columnheader', { name: 'Title' }).boundingBox();
  expect(title!.width).toBeGreaterThanOrEqual(150);

  await opener.click();
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('link', { name: 'Polycue, home' })).toBeFocused();
  await expectAccessible(page, 'sidebar drawer on a phone-sized window');
  // The page behind cannot be reached while the drawer is open.
  await expect(newProject).not.toBeFocused();
  expect(await newProject.evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sidebar).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await sidebar.getByRole('link', { name: 'Vocabularies' }).click();
  await expect(page).toHaveURL(/\/vocabularies/);
  await expect(sidebar).toHaveCount(0);

  // A wider window docks it again, as before.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(sidebar).toBeVisible();
  await expect(opener).toHaveCount(0);
});

test('every page fits a phone-sized window: nothing but a table sticks out sideways', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(120_000);
  void confirmedUser;
  await openEditorWith(page, 'Ferry', FERRY_SRT);
  const editor = new URL(page.url()).pathname;
  const version = editor.replace(/\/subtitles\/.*$/, '');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Show sidebar' }).click();
  const navLinks = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  // Plugins' items arrive with their context (the account's role): wait for them.
  await expect.poll(() => navLinks.count()).toBeGreaterThan(5);
  const pages = await navLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  await page.keyboard.press('Escape');
  for (const path of [...pages, version, editor, '/assignments', '/account/audit_log', '/workspace/webhooks']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Tables (wide by nature) scroll inside their own box; everything else stays within the window.
    const outside = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.app-content *'))
        .filter((el) => !el.closest('.data-table-container, table, video'))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.right > window.innerWidth + 1;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
        .slice(0, 5),
    );
    expect(outside, `${path} at 390 px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }

  // The read-only share page, which reviewers often open on a phone.
  await page.goto(editor);
  await page.getByRole('button', { name: 'Share link…' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share link' });
  await shareDialog.getByRole('button', { name: 'Create link' }).click();
  const link = shareDialog.getByLabel('Link to share');
  await expect(link).toHaveValue(/\/share\//);
  await page.goto(await link.inputValue());
  await expect(page.getByRole('list', { name: 'Cues' })).toContainText('The ferry leaves at noon');
  const sticking = await page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter((el) => !el.closest('table, video'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(sticking, 'share page at 390 px').toEqual([]);
});
