import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Exports through the real pages, server and job queue, by keyboard: a subtitle is imported, then
 * "Export video with subtitles…" and "Export subtitles…" run from the palette on the version's
 * page; both are followed in the shell's progress panel (polled every 10 s) until each offers its
 * download, and the burned-in video is downloaded and probed with ffprobe.
 */

const SRT = `1
00:00:00,200 --> 00:00:02,600
Welcome aboard the ferry
`;
const BURNED = 'Harbour tour · English burned in (default style)';
const FILE = 'Harbour tour · English subtitles (VTT)';

function ffprobe(file: string): {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string };
} {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  );
}

test('export a burned-in video and a subtitle file from the palette, follow them in the progress panel, download both', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(120_000);
  void confirmedUser;
  await dismissNewsletter(page);
  // A 4 s "Harbour tour.mp4" (testVideo keeps one copy per name and length): the export is
  // checked against the file actually uploaded.
  const uploaded = testVideo('Harbour tour.mp4', 4);
  await uploadVideos(page, [uploaded]);

  await versionRow(page, 'Harbour tour').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  const versionPath = new URL(page.url()).pathname;
  await runCommand(page, 'Import subtitle file');
  const importDialog = page.getByRole('dialog', { name: 'Import subtitle file' });
  await importDialog.getByLabel('Language code').fill('en');
  await importDialog
    .getByLabel(/^File/)
    .setInputFiles({ name: 'harbour.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) });
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'SRT file imported')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  // The burned-in video: palette, popup preset to it, Enter.
  await page.goto(versionPath);
  await expect(page.getByRole('heading', { name: 'Harbour tour' })).toBeVisible();
  await runCommand(page, 'Export video with subtitles');
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await expect(dialog.getByRole('radio', { name: /Video with subtitles burned in/ })).toBeChecked();
  await expect(dialog.getByLabel('Language', { exact: true })).toHaveValue('en');
  await expect(dialog.getByLabel('Theme', { exact: true })).toHaveValue('');
  await expectAccessible(page, 'export popup');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Request submitted')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The subtitle file: the same popup, WebVTT chosen, then Tab to Export.
  await runCommand(page, 'Export subtitles');
  await expect(dialog.getByRole('radio', { name: /Subtitle file/ })).toBeChecked();
  await expect(dialog.getByLabel('Language', { exact: true })).toHaveValue('en');
  await dialog.getByLabel('Format', { exact: true }).focus();
  await dialog.getByLabel('Format', { exact: true }).selectOption('vtt');
  // From the format to Cancel, then Export.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Export' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  // Both are followed in the progress panel until they offer their download (the poll is 10 s).
  const panel = page.getByRole('region', { name: 'Progress' });
  const burned = panel.getByRole('listitem').filter({ hasText: BURNED });
  const file = panel.getByRole('listitem').filter({ hasText: FILE });
  await expect(burned).toBeVisible();
  await expect(burned.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 45_000 });
  await expect(file.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('heading', { name: 'Finished' })).toBeVisible();

  const [video] = await Promise.all([
    page.waitForEvent('download'),
    burned.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(video.suggestedFilename()).toBe('Harbour tour - en subtitled.mp4');
  const probed = ffprobe((await video.path())!);
  expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({
    codec_name: 'h264',
    width: 320,
    height: 240,
  });
  expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true);
  expect(Math.abs(Number(probed.format.duration) - Number(ffprobe(uploaded).format.duration))).toBeLessThan(0.3);

  const [vtt] = await Promise.all([
    page.waitForEvent('download'),
    file.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(vtt.suggestedFilename()).toBe('Harbour tour - en.vtt');
  const text = await readFile((await vtt.path())!, 'utf8');
  expect(text).toMatch(/^WEBVTT/);
  expect(text).toContain('Welcome aboard the ferry');

  // Dismissed items leave the panel; with none left it is gone.
  await burned.getByRole('button', { name: `Dismiss ${BURNED}` }).click();
  await file.getByRole('button', { name: `Dismiss ${FILE}` }).click();
  await expect(panel).toHaveCount(0);
});
