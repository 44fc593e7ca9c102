import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { csrfHeaders, openEditorWith } from './support/editor-helpers';

// @needs-plugins guidelines (a guideline sets the editor's reading speed): scripts/check-plugin-removal.mjs leaves this file out without one of them.

/**
 * The editor's tools by keyboard: find and replace (one, all, undo), a range selected with
 * Shift+arrows shifted by a frame and by the "Shift times" popup, speaker labels kept through the
 * save, "Export…" opening the exports plugin's popup for this subtitle, and the reading rules of
 * the workspace's default guideline.
 */

const SRT = `1
00:00:00,200 --> 00:00:01,400
The ferry leaves at noon

2
00:00:02,000 --> 00:00:03,000
Ferry tickets, ferry times

3
00:00:03,500 --> 00:00:04,400
A ferryman waits

4
00:00:05,000 --> 00:00:05,800
Last ferry
`;

test('find and replace, shift a range, speakers and export by keyboard', async ({ page, confirmedUser }) => {
  test.setTimeout(120_000);
  void confirmedUser;
  const { cuesPath, versionId } = await openEditorWith(page, 'Harbour tools', SRT);
  const grid = page.getByRole('grid', { name: 'Cues' });
  const row = (n: number) => grid.getByRole('row').nth(n - 1);
  const saved = () => expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await grid.focus();

  // The new keys are in the help overlay.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Editor keyboard shortcuts' });
  await expect(help).toContainText('Find and replace');
  await expect(help).toContainText('Set the speaker…');
  await page.keyboard.press('Escape');
  await grid.focus();

  // Ctrl+F: matches marked in the list; Enter walks them.
  await page.keyboard.press('ControlOrMeta+f');
  const strip = page.getByRole('search', { name: 'Find and replace' });
  await expect(strip.getByLabel('Find')).toBeFocused();
  await page.keyboard.type('ferry');
  await expect(strip.getByRole('status')).toHaveText('5 matches');
  await expect(grid.locator('mark')).toHaveCount(5);
  await expectAccessible(page, 'subtitle editor with find and replace');
  await strip.getByLabel('Whole words').focus();
  await page.keyboard.press('Space');
  await expect(strip.getByRole('status')).toHaveText('4 matches');
  await strip.getByLabel('Find').focus();
  await page.keyboard.press('Enter');
  await expect(strip.getByRole('status')).toHaveText('1 of 4');
  await page.keyboard.press('Enter');
  await expect(strip.getByRole('status')).toHaveText('2 of 4');
  await expect(row(2).locator('mark[aria-current="true"]')).toHaveText('Ferry');
  await page.keyboard.press('Shift+Enter');
  await expect(strip.getByRole('status')).toHaveText('1 of 4');

  // Ctrl+H: the replace box; Enter replaces the current match and goes to the next.
  await page.keyboard.press('ControlOrMeta+h');
  await expect(strip.getByLabel('Replace with')).toBeFocused();
  await page.keyboard.type('boat');
  await page.keyboard.press('Enter');
  await expect(row(1)).toContainText('The boat leaves at noon');
  await expect(strip.getByRole('status')).toHaveText('1 of 3');
  await strip.getByRole('button', { name: 'Replace all' }).focus();
  await page.keyboard.press('Enter');
  await expect(row(2)).toContainText('boat tickets, boat times');
  await expect(row(3)).toContainText('A ferryman waits');
  await expect(row(4)).toContainText('Last boat');
  await expect(strip.getByRole('status')).toHaveText('No matches');
  // Replace all is one step: one undo brings every one back, the single replace stays.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(row(2)).toContainText('Ferry tickets, ferry times');
  await expect(row(4)).toContainText('Last ferry');
  await expect(row(1)).toContainText('The boat leaves at noon');
  await strip.getByLabel('Replace with').focus();
  await page.keyboard.press('Escape');
  await expect(strip).toHaveCount(0);
  await expect(grid).toBeFocused();

  // Shift+↓ selects cues 2–3; Shift+→ moves both a frame later.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveCount(2);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(row(2)).toContainText('00:00:02.040');
  await expect(row(3)).toContainText('00:00:03.540');
  await expect(row(1)).toContainText('00:00:00.200');
  // Alt+T: a shift too far back is cut short at the minimum gap (80 ms) after the cue before (cue 1 ends at 1.400).
  await page.keyboard.press('Alt+t');
  const shift = page.getByRole('dialog', { name: 'Shift times' });
  await expect(shift.getByLabel('Shift by (milliseconds)')).toBeFocused();
  await page.keyboard.type('-5000');
  await expect(shift.getByRole('status')).toHaveText(/Cut short to −560 ms/);
  await expectAccessible(page, 'shift times popup');
  await page.keyboard.press('Enter');
  await expect(shift).toHaveCount(0);
  await expect(row(2)).toContainText('00:00:01.480');
  await expect(row(3)).toContainText('00:00:02.980');
  // From here to the end, later by 100 ms.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Alt+t');
  await page.keyboard.type('100');
  await shift.getByLabel('From cue 3 to the end').focus();
  await page.keyboard.press('Space');
  await shift.getByLabel('Shift by (milliseconds)').focus();
  await page.keyboard.press('Enter');
  await expect(row(3)).toContainText('00:00:03.080');
  await expect(row(4)).toContainText('00:00:05.100');
  await expect(row(2)).toContainText('00:00:01.480');

  // Alt+P: a new speaker typed, then the same chosen from the list for another cue.
  await page.keyboard.press('Alt+p');
  const picker = page.getByRole('dialog', { name: 'Speaker' });
  await page.keyboard.type('Captain Ruth');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(row(3).locator('.cue-speaker')).toHaveText('Captain Ruth');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Alt+p');
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('option', { name: 'Captain Ruth' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'speaker popup');
  await page.keyboard.press('Enter');
  await expect(row(4).locator('.cue-speaker')).toHaveText('Captain Ruth');
  // Kept in undo, and saved with the cue.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(row(4).locator('.cue-speaker')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+y');
  await saved();
  const server = (await (await page.request.get(cuesPath)).json()).cues as {
    start: number;
    text: string;
    speaker?: string;
  }[];
  expect(server.map((c) => c.speaker ?? null)).toEqual([null, null, 'Captain Ruth', 'Captain Ruth']);
  expect(server.map((c) => c.start)).toEqual([200, 1480, 3080, 5100]);
  expect(server[0].text).toBe('The boat leaves at noon');
  await page.reload();
  await expect(row(3).locator('.cue-speaker')).toHaveText('Captain Ruth');

  // Alt+X: the exports plugin's popup, on this subtitle.
  await grid.focus();
  await page.keyboard.press('Alt+x');
  const exportDialog = page.getByRole('dialog', { name: 'Export' });
  await expect(exportDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(exportDialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export…' })).toBeVisible();

  // The workspace's default guideline asks for 10 characters a second: the problems follow it.
  const headers = await csrfHeaders(page);
  const workspaceId: string = (await (await page.request.get(`/api/v1/project_versions/${versionId}/subtitles`)).json())
    .meta.workspaceId;
  const made = await page.request.post('/api/v1/guidelines/', {
    headers,
    data: { workspaceId, name: 'Children’s TV', parameters: { maxCharsPerSecond: 10 } },
  });
  const guidelineId: string = (await made.json()).data.id;
  expect((await page.request.put(`/api/v1/guidelines/${guidelineId}/update_default`, { headers })).status()).toBe(200);
  // (Cue 1's reading speed is fine at 20; the shift kept its gap to cue 2, so it has no problem at all.)
  await expect(row(1)).not.toContainText('characters per second');
  await page.reload();
  const picker2 = page.getByLabel('Reading rules');
  await expect(picker2).toHaveValue(guidelineId);
  await expect(grid.getByRole('list', { name: 'Problems of cue 1' })).toContainText('characters per second (max 10)');
  await picker2.selectOption('');
  // (Cue 1's reading speed is fine at 20; the shift kept its gap to cue 2, so it has no problem at all.)
  await expect(row(1)).not.toContainText('characters per second');
  await page.reload();
  await expect(page.getByLabel('Reading rules')).toHaveValue('');
});
