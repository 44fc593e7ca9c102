import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Issue 22 item 7: a silent video's run finished "Done" over empty subtitles, with no word why.
 * Set up by keyboard from the palette, it is followed on /processing, which says "No speech heard".
 */

function silentVideo(name: string): string {
  const dir = path.join(os.tmpdir(), `polycue-e2e-silent-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=mono',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-t',
      '3',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      file,
    ]);
  }
  return file;
}

test('a silent video is set up and its processing page says "No speech heard"', async ({ page, confirmedUser }) => {
  void confirmedUser;
  test.setTimeout(180_000);
  await dismissNewsletter(page);
  await uploadVideos(page, [silentVideo('Quiet room.mp4')]);
  await versionRow(page, 'Quiet room').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  const projectVersionId = page.url().split('/').at(-1)!;

  await runCommand(page, 'Set up subtitles…');
  const dialog = page.getByRole('dialog', { name: 'Set up subtitles' });
  await expect(dialog.getByLabel('Video language')).toHaveValue('en');
  await dialog.getByLabel('Video language').focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Request submitted')).toBeVisible();

  await page.goto(`/processing?projectVersionId=${projectVersionId}`);
  await expect(page.getByTestId('processing-state')).toHaveText('No speech heard', { timeout: 120_000 });
  await expect(page.getByRole('status').filter({ hasText: 'no words to subtitle' })).toBeVisible();
  await expectAccessible(page, 'processing, no speech heard');
});
