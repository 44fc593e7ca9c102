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
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=25`,
      '-f', 'lavfi', '-i', `sine=duration=${seconds}`,
      '-shortest', '-pix_fmt', 'yuv420p', source,
    ]);
  }
  const file = path.join(MEDIA_DIR, name);
  if (!existsSync(file)) copyFileSync(source, file);
  return file;
}

/** A video with one hard cut: a moving test pattern until `cutSeconds`, then a still green shot; a tone under both. */
export function videoWithCut(name: string, cutSeconds = 3, seconds = 6): string {
  mkdirSync(MEDIA_DIR, { recursive: true });
  const file = path.join(MEDIA_DIR, name);
  if (!existsSync(file)) {
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=duration=${cutSeconds}:size=320x240:rate=25`,
      '-f', 'lavfi', '-i', `color=c=green:duration=${seconds - cutSeconds}:size=320x240:rate=25`,
      '-f', 'lavfi', '-i', `sine=duration=${seconds}`,
      '-filter_complex', '[0][1]concat=n=2:v=1[v]', '-map', '[v]', '-map', '2:a',
      '-shortest', '-pix_fmt', 'yuv420p', file,
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
  return projectsGrid(page).getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
}

/** Uploads files through the "New project" popup and waits until each has its project. */
export async function uploadVideos(page: Page, files: string[]): Promise<void> {
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Video files').setInputFiles(files);
  const uploads = dialog.getByRole('list', { name: 'Uploads' });
  for (const file of files) {
    await expect(uploads.getByRole('listitem').filter({ hasText: path.basename(file) }).getByText('Project created')).toBeVisible({ timeout: 30_000 });
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

export const modKey = process.platform === 'darwin' ? 'Meta' : 'Control';
