import type { Locator, Page } from '@playwright/test';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, modKey, testVideo, uploadVideos } from './support/projects-helpers';

/** The preview's pixels once it has loaded (the server's JPEG as the page shows it). */
async function shown(page: Page, dialog: Locator): Promise<Buffer> {
  await expect(dialog.getByRole('status').filter({ hasText: 'Preview up to date.' })).toBeVisible();
  const image = dialog.locator('.theme-preview-frame img');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.screenshot();
}

/**
 * Themes, a plugin in its own folder, by keyboard: created from the palette with its live preview
 * on a frame of the workspace's video (the picture changes as a field does), edited, duplicated
 * and deleted from the palette and the list.
 */
test('a theme made by keyboard previews live, is edited, duplicated and deleted', async ({ page, confirmedUser }) => {
  void confirmedUser;
  test.setTimeout(120_000);
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Harbour tour.mp4')]);

  await runCommand(page, 'Create theme');
  await expect(page).toHaveURL(/\/themes\?new=1$/);
  const create = page.getByRole('dialog', { name: 'New theme' });
  await create.getByLabel('Name').fill('Broadcast');
  // The latest video of the workspace is what the preview is drawn on.
  await expect(create.getByLabel('Preview on')).toHaveValue(/^\d+$/);
  await expect(create.getByRole('img', { name: 'The sample subtitle on a frame of “Harbour tour”' })).toBeVisible();
  const before = await shown(page, create);

  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/v1/themes/preview?') && new URL(r.url()).searchParams.get('fontSize') === '96',
  );
  await create.getByLabel('Font size').focus();
  await page.keyboard.press(`${modKey}+a`);
  await page.keyboard.type('96');
  await asked;
  const larger = await shown(page, create);
  expect(larger.equals(before)).toBe(false);

  // Out of range: said at once, Create disabled, the last preview kept.
  await page.keyboard.press(`${modKey}+a`);
  await page.keyboard.type('999');
  await expect(create.getByText('Font size: a whole number from 16 to 160.')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await page.keyboard.press(`${modKey}+a`);
  await page.keyboard.type('72');
  await create.getByLabel('Position').selectOption('top');
  await create.getByLabel('Preview on').selectOption({ label: 'A gradient (no video)' });
  await expect(create.getByRole('img', { name: 'The sample subtitle on a gradient' })).toBeVisible();
  const onGradient = await shown(page, create);
  expect(onGradient.equals(larger)).toBe(false);
  // The subtitler's own line, to see where it wraps.
  const ownText = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/themes/preview?') &&
      new URL(r.url()).searchParams.get('text') === 'Where does a long line of dialogue wrap?',
  );
  await create.getByLabel('Sample text').fill('Where does a long line of dialogue wrap?');
  await ownText;
  expect((await shown(page, create)).equals(onGradient)).toBe(false);
  await expectAccessible(page, 'new theme');
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/themes/'));
  await page.keyboard.press(`${modKey}+Enter`);
  expect((await created).postDataJSON()).toMatchObject({
    name: 'Broadcast',
    fontSize: 72,
    position: 'top',
    box: false,
  });
  await expect(toast(page, 'Theme created')).toBeVisible();
  await expect(create).toHaveCount(0);

  const grid = page.getByRole('grid', { name: 'Themes' });
  await expect(grid.getByRole('row').filter({ hasText: 'Broadcast' })).toContainText('DejaVu Sans, 72 px');
  await expectAccessible(page, 'themes');

  // Edit from the palette: the same popup as by mouse; the box on, by the keyboard.
  await runCommand(page, 'Edit theme');
  await expect(page.getByText('Edit theme…', { exact: true })).toBeVisible();
  await page.getByRole('option', { name: /^Broadcast/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Broadcast' });
  await edit.getByLabel('Background box').focus();
  await page.keyboard.press('Space');
  await expect(edit.getByLabel('Box padding (px)')).toBeVisible();
  await page.keyboard.press(`${modKey}+Enter`);
  await expect(toast(page, 'Changes saved')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Broadcast' })).toContainText('Box 60 %');

  await runCommand(page, 'Duplicate theme');
  await expect(page.getByText('Duplicate theme…', { exact: true })).toBeVisible();
  await page.getByRole('option', { name: /^Broadcast/ }).click();
  await expect(toast(page, 'Theme duplicated')).toBeVisible();
  const copy = grid.getByRole('row').filter({ hasText: 'Broadcast (copy)' });
  await expect(copy).toContainText('Box 60 %');

  // Delete both: select them and press Delete, as in every list.
  await grid.getByRole('checkbox', { name: 'Select Broadcast (copy)' }).check();
  await grid.getByRole('checkbox', { name: 'Select Broadcast', exact: true }).check();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete themes' });
  await expect(confirm).toContainText('Delete 2 themes?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Theme deleted')).toBeVisible();
  await expect(grid.getByText('No themes yet.', { exact: false })).toBeVisible();
});
