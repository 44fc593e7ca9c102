import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { readSubtitles } from '../../plugins/subtitles/common/formats';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Subtitles through the real pages and server: a subtitle file imported through the popup (then
 * home after 2 s), the zip downloaded from the projects table's bulk action, and a share link
 * opened in a fresh browser (no session) playing the video with the subtitles as its text track.
 */

const SRT = `1
00:00:00,200 --> 00:00:01,200
Welcome aboard

2
00:00:01,400 --> 00:00:02,600
The ferry leaves at noon
`;

function zipEntries(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

test('import a subtitle file, download the zip, and open a share link in a fresh browser', async ({
  page,
  browser,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Harbour tour.mp4')]);

  // Import: from the version page, through the palette and the popup.
  await versionRow(page, 'Harbour tour').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  const versionPath = new URL(page.url()).pathname;
  await runCommand(page, 'Import subtitle file');
  const importDialog = page.getByRole('dialog', { name: 'Import subtitle file' });
  await expectAccessible(page, 'import subtitle file');
  await importDialog.getByLabel('Language code').fill('en');
  await importDialog
    .getByLabel(/^File/)
    .setInputFiles({ name: 'harbour.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) });
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'SRT file imported')).toBeVisible();
  await expect(importDialog).toHaveCount(0);
  // docs/product-contract.md#states-and-transitions: home 2 s after the import.
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  // A malformed file is refused with the line, and the popup stays open.
  await page.goto(versionPath);
  await expect(page.getByRole('heading', { name: 'Harbour tour' })).toBeVisible();
  await runCommand(page, 'Import subtitle file');
  const again = page.getByRole('dialog', { name: 'Import subtitle file' });
  await again.getByLabel(/^File/).setInputFiles({
    name: 'broken.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:01,000 --> nonsense\nHi\n'),
  });
  await again.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'SRT file could not be imported')).toBeVisible();
  await expect(again.getByRole('alert')).toContainText('Line 2:');
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Download: the bulk action of the projects table, two formats, the zip's entries read back.
  await page.goto('/');
  await versionRow(page, 'Harbour tour')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Download subtitles…' })
    .click();
  const downloadDialog = page.getByRole('dialog', { name: 'Download subtitles' });
  await expectAccessible(page, 'download subtitles');
  await downloadDialog.getByLabel('WebVTT (.vtt)').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    downloadDialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Harbour tour.zip');
  // The dialog closes once the zip is on its way, and focus goes back to the button that opened it (not the page body).
  await expect(downloadDialog).toHaveCount(0);
  await expect(
    page
      .getByRole('toolbar', { name: 'Selected project versions' })
      .getByRole('button', { name: 'Download subtitles…' }),
  ).toBeFocused();
  const entries = await zipEntries(await readFile((await download.path())!));
  expect([...entries.keys()]).toEqual(['Harbour tour - en.srt', 'Harbour tour - en.vtt']);
  for (const content of entries.values())
    expect(readSubtitles(content).map((c) => c.text)).toEqual(['Welcome aboard', 'The ferry leaves at noon']);

  // The editor URL opens the subtitle editor: its cue grid lists the cues with their times.
  const versionId = versionPath.split('/').pop()!;
  const listed = await page.request.get(`/api/v1/project_versions/${versionId}/subtitles`);
  const editorUrl: string = (await listed.json()).data[0].attributes.editorUrl;
  await page.goto(editorUrl);
  const cueTable = page.getByRole('grid', { name: 'Cues' });
  await expect(cueTable).toContainText('Welcome aboard');
  await expect(cueTable).toContainText('00:01.400');
  await expectAccessible(page, 'subtitle');

  // Share: create a link from the subtitle view, open it where nobody is logged in.
  await page.getByRole('button', { name: 'Share link…' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share link' });
  await shareDialog.getByRole('button', { name: 'Create link' }).click();
  const linkBox = shareDialog.getByLabel('Link to share');
  await expect(linkBox).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  const link = await linkBox.inputValue();
  await expect(shareDialog.getByRole('list', { name: 'Active links' }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page, 'share link');

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Harbour tour' })).toBeVisible();
    const video = visitor.locator('video');
    await expect(video.locator('track[kind="subtitles"][default]')).toHaveCount(1);
    await expect(visitor.getByRole('list', { name: 'Cues' })).toContainText('Welcome aboard');
    await expect(visitor.getByRole('list', { name: 'Cues' })).toContainText('The ferry leaves at noon');
    // The browser loaded the WebVTT track itself: its cues are there to be shown over the video.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBe(2);
    await expectAccessible(visitor, 'shared subtitles');
    // Choosing a cue seeks the video to it.
    await visitor.getByRole('button', { name: /The ferry leaves at noon/ }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(1.3);

    // Revoked: the page says the link does not work.
    await shareDialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(shareDialog.getByRole('list', { name: 'Active links' })).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});
