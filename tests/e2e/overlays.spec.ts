import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, modKey } from './support/projects-helpers';

// @needs-plugins themes (it opens /themes): scripts/check-plugin-removal.mjs leaves this file out without one of them.

test('the newsletter popup never covers a dialog: hidden while one is open, back once it closes', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  const popup = page.getByRole('dialog', { name: 'Stay in the loop' });
  await expect(popup).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: /project/i }).and(page.locator('[aria-modal="true"]'));
  await expect(dialog).toBeVisible();
  await expect(popup).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(popup).toBeVisible();
  // The palette is a dialog too.
  await page.keyboard.press(`${modKey}+k`);
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await expect(popup).toBeHidden();
});

test('a skip link is the first Tab stop of an app page and takes focus to the content; the palette’s empty state passes axe', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await page.goto('/themes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  await page.keyboard.press(`${modKey}+k`);
  await page.keyboard.type('qqzzxx');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('status')).toHaveText('No commands match “qqzzxx”');
  await expectAccessible(page, 'palette with no results');
});
