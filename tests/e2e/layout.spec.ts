import { test, expect } from './support/fixtures';
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
