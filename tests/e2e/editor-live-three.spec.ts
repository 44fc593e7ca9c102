import type { BrowserContext, Page } from '@playwright/test';
import { expect, newPerson, signUpAndConfirm, test, type Person } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { csrfHeaders, openEditorWith, cueGrid as grid, cueRow as row } from './support/editor-helpers';

/**
 * Three people on one subtitle (issue #25), each in a browser context of their own: edits to
 * different cues made at the same moment all end in every editor; one goes offline and edits
 * while the other two edit too, comes back, and all three end with the same cues, every edit
 * there once. Each sees where the other two are, in the cue list and on the timeline. Nothing
 * here sleeps: every step waits on what a person would see.
 */

const SRT = `1
00:00:00,200 --> 00:00:01,000
Boarding starts now

2
00:00:01,200 --> 00:00:02,000
Mind the gap

3
00:00:02,200 --> 00:00:03,000
Seats are not numbered

4
00:00:03,200 --> 00:00:04,000
The bar opens at sea

5
00:00:04,200 --> 00:00:05,000
Enjoy the crossing
`;

/** Tall enough for the list to show all five cues in every context (it is virtualised). */
const VIEWPORT = { width: 1280, height: 1200 };
test.use({ viewport: VIEWPORT });

const saved = (page: Page) => expect(page.getByTestId('editor-save-state')).toHaveText('All changes saved');
const fullName = (person: Person) => `${person.name} ${person.lastName}`;
/** Someone's mark on the timeline, as a screen reader names it. */
const onTimeline = (page: Page, person: Person, cue: number) =>
  page.getByRole('img', { name: `${fullName(person)} is on cue ${cue}` });

/** Opens cue `n`'s text box by keyboard, types at its end, and leaves the box. */
async function typeAtEnd(page: Page, n: number, text: string) {
  await row(page, n).locator('.cue-text-cell').click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

/** The texts of the cue list as shown, in order. */
const texts = (page: Page) =>
  grid(page)
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((r) => (r.querySelector('textarea')?.value ?? r.querySelector('.cue-text')?.textContent ?? '').trim()),
    );

test('three people on one subtitle: edits merge, offline edits rejoin, nothing lost or doubled, each sees the other two', async ({
  page: ann,
  browser,
  confirmedUser,
}) => {
  test.setTimeout(240_000);
  const annPerson = confirmedUser;
  const { cuesPath } = await openEditorWith(ann, 'Live crossing', SRT);
  const editorUrl = ann.url();

  // Bob and Cleo join the account and its workspace as members, each in a browser context of their own.
  const me = await (await ann.request.get('/api/v1/users/')).json();
  const { lastUsedAccountId: accountId, lastUsedWorkspaceId: workspaceId } = me.data.attributes;
  const contexts: BrowserContext[] = [];
  const join = async (person: Person) => {
    const context = await browser.newContext({ baseURL: new URL(editorUrl).origin, viewport: VIEWPORT });
    contexts.push(context);
    const page = await context.newPage();
    const joined = await signUpAndConfirm(page, person);
    const headers = await csrfHeaders(ann);
    const added = await ann.request.post(`/api/v1/accounts/${accountId}/create_account_users`, {
      headers,
      data: { emails: [joined.email], role: 'member' },
    });
    expect(added.status()).toBe(200);
    const granted = await ann.request.post('/api/v1/account_users/create_workspace_users/', {
      headers,
      data: { accountId, accountUserIds: [(await added.json()).data[0].id], workspaceIds: [workspaceId] },
    });
    expect(granted.status()).toBe(200);
    await page.goto(editorUrl);
    await expect(grid(page).getByRole('row')).toHaveCount(5);
    return { page, person: joined, context };
  };
  const bob = await join(newPerson({ name: 'Bob', lastName: 'Deckhand' }));
  const cleo = await join(newPerson({ name: 'Cleo', lastName: 'Purser' }));
  const everyone = [ann, bob.page, cleo.page];
  for (const page of everyone) await saved(page);

  // Three edits to three cues at the same moment: all three end in every editor.
  await Promise.all([
    typeAtEnd(ann, 1, ' (Ann)'),
    typeAtEnd(bob.page, 2, ' (Bob)'),
    typeAtEnd(cleo.page, 3, ' (Cleo)'),
  ]);
  const merged = [
    'Boarding starts now (Ann)',
    'Mind the gap (Bob)',
    'Seats are not numbered (Cleo)',
    'The bar opens at sea',
    'Enjoy the crossing',
  ];
  for (const page of everyone) await expect.poll(() => texts(page)).toEqual(merged);

  // Each sees the other two where they are: in the list and on the timeline.
  await expect(onTimeline(ann, bob.person, 2)).toBeVisible();
  await expect(onTimeline(ann, cleo.person, 3)).toBeVisible();
  await expect(onTimeline(bob.page, annPerson, 1)).toBeVisible();
  await expect(onTimeline(bob.page, cleo.person, 3)).toBeVisible();
  await expect(onTimeline(cleo.page, annPerson, 1)).toBeVisible();
  await expect(onTimeline(cleo.page, bob.person, 2)).toBeVisible();
  await expect(row(ann, 3).getByTestId('cue-presence')).toContainText(`${fullName(cleo.person)} is here`);
  await expectAccessible(ann, 'live editor with two colleagues');

  // Cleo's network goes: she keeps editing, and so do the others, none hearing her.
  await cleo.context.setOffline(true);
  await expect(cleo.page.getByTestId('editor-save-state')).toHaveText(/^Offline/);
  await expect(onTimeline(ann, cleo.person, 3)).toHaveCount(0);
  await typeAtEnd(cleo.page, 4, ' (Cleo offline)');
  await typeAtEnd(cleo.page, 5, ' (Cleo offline)');
  await Promise.all([typeAtEnd(ann, 1, ' again'), typeAtEnd(bob.page, 2, ' again')]);
  const withoutCleo = [...merged];
  withoutCleo[0] = 'Boarding starts now (Ann) again';
  withoutCleo[1] = 'Mind the gap (Bob) again';
  for (const page of [ann, bob.page]) {
    await expect.poll(() => texts(page)).toEqual(withoutCleo);
    await saved(page);
  }
  await expect
    .poll(() => texts(cleo.page))
    .toEqual([...merged.slice(0, 3), 'The bar opens at sea (Cleo offline)', 'Enjoy the crossing (Cleo offline)']);

  // Back online: all three end identical, every edit there once, on the server too.
  await cleo.context.setOffline(false);
  const all = [...withoutCleo.slice(0, 3), 'The bar opens at sea (Cleo offline)', 'Enjoy the crossing (Cleo offline)'];
  for (const page of everyone) {
    await expect.poll(() => texts(page), { timeout: 20_000 }).toEqual(all);
    await saved(page);
  }
  await expect
    .poll(async () => ((await (await ann.request.get(cuesPath)).json()).cues as { text: string }[]).map((c) => c.text))
    .toEqual(all);
  // And she is seen again where she is (the cue she edited last).
  await expect(onTimeline(ann, cleo.person, 5)).toBeVisible();
  await expect(onTimeline(bob.page, cleo.person, 5)).toBeVisible();
  await expect(onTimeline(cleo.page, annPerson, 1)).toBeVisible();
  await expect(onTimeline(cleo.page, bob.person, 2)).toBeVisible();
  await expect(ann.getByRole('alert', { name: 'Conflict' })).toHaveCount(0);

  // One leaves: gone from the others' timelines and lists.
  await bob.context.close();
  await expect(onTimeline(ann, bob.person, 2)).toHaveCount(0);
  await expect(onTimeline(cleo.page, bob.person, 2)).toHaveCount(0);
  await expect(row(ann, 2).getByTestId('cue-presence')).toHaveCount(0);
  for (const context of contexts) await context.close();
});
