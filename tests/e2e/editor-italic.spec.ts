import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { expect, test } from './support/fixtures';
import { cueGrid, cueRow, FERRY_SRT, openEditorWith } from './support/editor-helpers';
import { versionRow } from './support/projects-helpers';

/**
 * Whole-cue italics in the editor: Ctrl+I (Cmd+I on a Mac) puts the active cue in italics, the
 * row and the button say so, the key help lists it, and the subtitle downloaded from the projects
 * table carries `<i>` around that cue only.
 */

function zipEntries(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

test('Ctrl+I shows the cue in italics and the download has <i>', async ({ page, confirmedUser }) => {
  test.setTimeout(120_000);
  void confirmedUser;
  await openEditorWith(page, 'Harbour song', FERRY_SRT);
  const grid = cueGrid(page);
  const italicButton = page.getByRole('button', { name: /Italic/ });
  await grid.focus();
  await page.keyboard.press('ArrowDown');
  await expect(italicButton).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('ControlOrMeta+i');
  const text = cueRow(page, 2).locator('.cue-text');
  await expect(text).toHaveCSS('font-style', 'italic');
  await expect(cueRow(page, 1).locator('.cue-text')).toHaveCSS('font-style', 'normal');
  await expect(italicButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');

  // Listed in the key help.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Editor keyboard shortcuts' })).toContainText('Italic');
  await page.keyboard.press('Escape');

  // The zip from the projects table: the cue in <i>, the others roman.
  await page.goto('/');
  await versionRow(page, 'Harbour song')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Download subtitles…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Download subtitles' });
  await dialog.getByLabel('WebVTT (.vtt)').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const entries = await zipEntries(await readFile((await download.path())!));
  for (const name of ['Harbour song - en.srt', 'Harbour song - en.vtt']) {
    expect(entries.get(name)).toContain('<i>Welcome aboard</i>');
    expect(entries.get(name)).not.toContain('<i>The ferry leaves at noon</i>');
  }
});
