import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';

const MEDIA_DIR = path.join(os.tmpdir(), `polycue-e2e-media-${process.pid}`);

/** A short test-pattern video with a tone, generated with ffmpeg once per worker, copied under `name`. */
export function testVideo(name: string, seconds = 3): string {
  mkdirSync(MEDIA_DIR, { recursive: true });
  const source = path.join(MEDIA_DIR, `source-${seconds}s.mp4`);
  if (!existsSync(source)) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=320x240:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=duration=${seconds}`,
      '-shortest',
      '-pix_fmt',
      'yuv420p',
      source,
    ]);
  }
  // One folder per length: two specs asking for the same name at different lengths (exports wants
  // a 4 s "Harbour tour.mp4") each get theirs, whichever ran first in this worker.
  const file = path.join(MEDIA_DIR, `${seconds}s`, name);
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file)) copyFileSync(source, file);
  return file;
}

/** A video with one hard cut: a moving test pattern until `cutSeconds`, then a still green shot; a tone under both. */
export function videoWithCut(name: string, cutSeconds = 3, seconds = 6): string {
  mkdirSync(MEDIA_DIR, { recursive: true });
  const file = path.join(MEDIA_DIR, name);
  if (!existsSync(file)) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${cutSeconds}:size=320x240:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `color=c=green:duration=${seconds - cutSeconds}:size=320x240:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=duration=${seconds}`,
      '-filter_complex',
      '[0][1]concat=n=2:v=1[v]',
      '-map',
      '[v]',
      '-map',
      '2:a',
      '-shortest',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
  }
  return file;
}

/** New accounts are offered the newsletter; answer it so it does not sit over the table. */
export async function dismissNewsletter(page: Page): Promise<void> {
  const noThanks = page.getByRole('button', { name: 'No thanks' });
  await noThanks.click({ timeout: 5_000 }).catch(() => {});
  await expect(noThanks).toHaveCount(0);
}

export function projectsGrid(page: Page) {
  return page.getByRole('grid', { name: 'Project versions' });
}

/** The table row of a project version, by its title. */
export function versionRow(page: Page, title: string) {
  return projectsGrid(page)
    .getByRole('row')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/**
 * Uploads files through the "New project" popup and waits until each has its project. One file
 * opens its version page (docs/product-contract.md#screens-and-routes), and the helper goes back to the list; several leave the list
 * with the new rows selected, which the helper clears, so callers start from the plain list.
 */
export async function uploadVideos(page: Page, files: string[]): Promise<void> {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Video files').setInputFiles(files);
  if (files.length === 1) {
    await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/, { timeout: 30_000 });
    await page.goBack();
    await expect(projectsGrid(page)).toBeVisible();
  } else {
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    const bulkBar = page.getByRole('toolbar', { name: 'Selected project versions' });
    await expect(bulkBar).toContainText(`${files.length} selected`);
    await bulkBar.getByRole('button', { name: 'Clear selection' }).click();
  }
  await expect(dialog).toHaveCount(0);
}

export const modKey = process.platform === 'darwin' ? 'Meta' : 'Control';
