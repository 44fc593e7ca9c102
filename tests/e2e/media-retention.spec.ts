import { expectAccessible } from './support/axe';
import { expect, runCommand, test, toast } from './support/fixtures';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Media retention in the browser (issue 27): the palette's "Media retention" opens the account
 * settings with the workspace's choice focused; an admin changes it by keyboard, it is saved (a
 * toast) and still chosen after a reload. What the job then deletes: tests/http/media-retention.http.test.ts.
 */
test('an admin sets the workspace media retention by keyboard from the palette; it stays after a reload', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await runCommand(page, 'Media retention');
  await expect(page).toHaveURL(/\/account#media-retention$/);
  const choice = page.getByLabel('Media of this workspace');
  await expect(choice).toBeFocused();
  await expect(choice).toHaveValue('off');
  await expectAccessible(page, 'account settings with media retention');

  await page.keyboard.press('ArrowDown');
  await expect(toast(page, 'Media retention saved')).toBeVisible();
  await expect(choice).toHaveValue('30');
  await page.reload();
  await expect(page.getByLabel('Media of this workspace')).toHaveValue('30');
});
