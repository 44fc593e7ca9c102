import type { Page } from '@playwright/test';
import { expect, runCommand, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { csrfHeaders, cueGrid, FERRY_SRT, openEditorWith } from './support/editor-helpers';

/**
 * The subtitle editor as a power user drives it: keys only, from opening the editor URL to a
 * save made elsewhere, seen live. The subtitle is made through the API (create + SRT import) on a real uploaded video.
 */

const LONG = 'Welcome aboard the harbour ferry, and thank you all for travelling';

async function serverCues(page: Page, cuesPath: string) {
  const body = await (await page.request.get(cuesPath)).json();
  return {
    revision: body.data.attributes.revision as number,
    texts: (body.cues as { text: string }[]).map((c) => c.text),
  };
}

test('edit a subtitle by keyboard: split, merge, undo/redo, reading problems, reload, offline, a save elsewhere seen live', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(120_000);
  void confirmedUser;
  const { cuesPath } = await openEditorWith(page, 'Ferry', FERRY_SRT);
  const headers = await csrfHeaders(page);

  // Open: the video and the cue list, no problems yet.
  const grid = cueGrid(page);
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(page.getByLabel('Video')).toBeVisible();
  await expect(page.getByTestId('editor-problems')).toHaveText(/3 cues · no reading problems/);
  await expect.poll(() => page.getByLabel('Video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await expectAccessible(page, 'subtitle editor');

  // The keys, from `?` in the list and from the palette.
  await grid.getByText('The ferry leaves at noon').click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Editor keyboard shortcuts' });
  await expect(help).toContainText('Split the cue at the caret');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await runCommand(page, 'Keyboard shortcuts of the editor');
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await grid.focus();

  // Edit cue 2 in place: a line too long is a problem as it is typed, and goes when fixed.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const text2 = page.getByLabel('Text of cue 2');
  await expect(text2).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(LONG);
  await expect(grid.getByRole('list', { name: 'Problems of cue 2' })).toContainText('characters (max 42)');
  await expect(page.getByTestId('editor-problems')).toHaveText(/1 cue with reading problems/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Welcome aboard, all!');
  await expect(grid.getByRole('list', { name: 'Problems of cue 2' })).toHaveCount(0);
  await expect(page.getByTestId('editor-problems')).toHaveText(/no reading problems/);

  // Split at the caret (after "Welcome aboard,"), then merge back, undo and redo.
  // To the start of the text (Home alone goes to the start of the wrapped line).
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < 'Welcome aboard,'.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Alt+s');
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(page.getByLabel('Text of cue 3')).toHaveValue('all!');
  await expect(page.getByLabel('Text of cue 3')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByLabel('Text of cue 2')).toHaveValue('Welcome aboard,');
  await page.keyboard.press('Alt+m');
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(page.getByLabel('Text of cue 2')).toHaveValue('Welcome aboard,\nall!');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(grid.getByRole('row')).toHaveCount(4);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(grid.getByRole('row')).toHaveCount(3);
  await page.keyboard.press('ControlOrMeta+z');
  await page.keyboard.press('ControlOrMeta+y');
  await expect(grid.getByRole('row')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(grid).toBeFocused();

  // Saved in the background: the server has it (the live document at once, the cue rows a moment later).
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await expect
    .poll(async () => (await serverCues(page, cuesPath)).texts)
    .toEqual(['The ferry leaves at noon', 'Welcome aboard,\nall!', 'Tickets at the desk']);

  // A reload shows what was saved.
  await page.reload();
  await expect(grid.getByText('Welcome aboard,')).toBeVisible();
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');

  // Offline: edit, back online, synced.
  await grid.getByText('Tickets at the desk').click();
  await page.context().setOffline(true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' now');
  await expect(page.getByTestId('editor-save-state')).toContainText('Offline');
  await page.context().setOffline(false);
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await expect.poll(async () => (await serverCues(page, cuesPath)).texts[2]).toBe('Tickets at the desk now');

  // Someone saves the subtitle elsewhere meanwhile (PUT …/cues): the editor shows it at once, no
  // conflict to settle (live editing, issue #25; tests/e2e/editor-live.spec.ts has two editors).
  await page.keyboard.press('Escape');
  const server = await serverCues(page, cuesPath);
  const theirs = await page.request.put(cuesPath, {
    headers,
    data: {
      revision: server.revision,
      cues: [
        { start: 200, end: 2000, text: 'Their ferry line' },
        { start: 2400, end: 4400, text: 'Welcome aboard,\nall!' },
        { start: 4800, end: 6200, text: 'Tickets at the desk now' },
      ],
    },
  });
  expect(theirs.status()).toBe(200);
  await expect(grid.getByText('Their ferry line')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('!');
  await expect(page.getByRole('alert', { name: 'Conflict' })).toHaveCount(0);
  await expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await expect
    .poll(async () => (await serverCues(page, cuesPath)).texts)
    .toEqual(['Their ferry line', 'Welcome aboard,\nall!', 'Tickets at the desk now!']);
});
