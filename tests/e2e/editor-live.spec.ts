import type { Page } from '@playwright/test';
import { expect, logIn, runCommand, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { openEditorWith, FERRY_SRT as SRT, cueGrid as grid, cueRow as row } from './support/editor-helpers';

/**
 * Two people on one subtitle at once (issue #25), each in a browser of their own: edits to
 * different cues merge, the same cue ends the same for both, each sees on which cue the other is,
 * and "Go to <name>" in the palette jumps there. No "keep mine / take theirs" along the way.
 */

/** Opens cue `n`'s text box by keyboard and types at its end. */
async function typeAtEnd(page: Page, n: number, text: string) {
  await row(page, n).getByRole('gridcell').last().click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test('two people edit one subtitle live: different cues merge, the same cue converges, presence and “Go to”', async ({
  page,
  browser,
  confirmedUser,
}) => {
  test.setTimeout(120_000);
  const { cuesPath } = await openEditorWith(page, 'Live ferry', SRT);
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const bob = await elsewhere.newPage();
  await logIn(bob, confirmedUser);
  await expect(bob).not.toHaveURL(/sign_in/);
  await bob.goto(page.url());
  await expect(grid(bob).getByRole('row')).toHaveCount(3);
  for (const p of [page, bob]) await expect(p.getByTestId('editor-save-state')).toHaveText('All changes saved');

  // Different cues at the same time: both edits end in both editors.
  await typeAtEnd(page, 1, ' sharp');
  await typeAtEnd(bob, 3, ' now');
  await expect(row(bob, 1)).toContainText('The ferry leaves at noon sharp');
  await expect(row(page, 3)).toContainText('Tickets at the desk now');

  // Each sees where the other is: the other's initials on the cue they edit.
  const name = `${confirmedUser.name} ${confirmedUser.lastName}`;
  await expect(row(page, 3).getByTestId('cue-presence')).toContainText(`${name} is here`);
  await expect(row(bob, 1).getByTestId('cue-presence')).toContainText(`${name} is here`);
  // And on the timeline: a mark in their colour with their initials, named for a screen reader.
  const onTimeline = (p: Page, cue: number) => p.getByRole('img', { name: `${name} is on cue ${cue}` });
  await expect(onTimeline(page, 3)).toBeVisible();
  await expect(onTimeline(bob, 1)).toBeVisible();
  await expectAccessible(page, 'live editor with a colleague');

  // The same cue by both: one text, the same in both editors, and on the server.
  await page.keyboard.press('Escape');
  await bob.keyboard.press('Escape');
  // Both type at once, keystrokes interleaved: whatever each ends with, both end with the same.
  await Promise.all([typeAtEnd(page, 2, ' – Ann'), typeAtEnd(bob, 2, ' – Bob')]);
  // The timeline's mark follows the colleague to the cue they moved to.
  await expect(onTimeline(page, 2)).toBeVisible();
  await expect(onTimeline(page, 3)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await bob.keyboard.press('Escape');
  for (const p of [page, bob]) await expect(p.getByTestId('editor-save-state')).toHaveText('All changes saved');
  const second = async (p: Page) => (await row(p, 2).getByRole('gridcell').last().innerText()).trim();
  await expect.poll(async () => (await second(page)) === (await second(bob))).toBe(true);
  // One person's leading space may land before the other's whole text (each field is last-writer-wins):
  // "Welcome aboard  – Bob" is a merged result too, shown as stored.
  expect(await second(page)).toMatch(/^Welcome aboard +– /);
  await expect(page.getByRole('alert', { name: 'Conflict' })).toHaveCount(0);
  await expect
    .poll(async () => ((await (await page.request.get(cuesPath)).json()).cues as { text: string }[]).map((c) => c.text))
    .toEqual(['The ferry leaves at noon sharp', await second(page), 'Tickets at the desk now']);

  // Undo takes back my own edit only.
  await grid(bob).focus();
  await bob.keyboard.press('ArrowDown');
  await bob.keyboard.press('ArrowDown');
  await expect(row(page, 3).getByTestId('cue-presence')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(row(bob, 3)).toContainText('Tickets at the desk now');

  // "Go to <name>": Ann's active cue becomes the one Bob is on (the third).
  await grid(page).focus();
  await page.keyboard.press('ArrowUp');
  await runCommand(page, `Go to ${name}`);
  await expect(row(page, 3)).toHaveAttribute('aria-selected', 'true');
  await elsewhere.close();
  await expect(row(page, 3).getByTestId('cue-presence')).toHaveCount(0);
  // Gone from the timeline too once they left.
  await expect(page.getByTestId('timeline-presence-mark')).toHaveCount(0);
});
