import type { Page } from '@playwright/test';
import { expect, newPerson, runCommand, signUpAndConfirm, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import {
  csrfHeaders,
  openEditorWith,
  FERRY_SRT as SRT,
  cueGrid as grid,
  cueRow as row,
} from './support/editor-helpers';

/**
 * Review by cue (issue #25) with two people on one subtitle, each in a browser of their own: the
 * editor marks cues by keyboard and palette, a reviewer of the same workspace sees it live, marks
 * cues too, and cannot change text (a read-only column with a note); the progress follows.
 */

test('an editor and a reviewer review one subtitle live; the reviewer cannot change text', async ({
  page,
  browser,
  confirmedUser,
}) => {
  test.setTimeout(180_000);
  const { cuesPath } = await openEditorWith(page, 'Review ferry', SRT);
  const progress = (p: Page) => p.getByTestId('editor-review-progress');
  await expect(progress(page)).toHaveText('0 of 3 approved');

  // The editor: the first cue approved by key, the second and third reviewed as a range, by the palette.
  // With the filter "cues not reviewed" on: the cue just approved stays while it is the active one.
  await runCommand(page, 'Show only the cues not reviewed (or every cue again)');
  await expect(page.getByRole('button', { name: /Only cues not reviewed/ })).toHaveAttribute('aria-pressed', 'true');
  await grid(page).focus();
  await page.keyboard.press('Alt+4');
  await expect(row(page, 1)).toContainText('Approved');
  await expect(grid(page).getByRole('row')).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expect(row(page, 1)).toContainText('Welcome aboard');
  await page.keyboard.press('Alt+u');
  await expect(grid(page).getByRole('row')).toHaveCount(3);
  await expect(row(page, 2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+ArrowDown');
  await runCommand(page, 'Mark the selected cues reviewed');
  await expect(row(page, 2)).toContainText('Reviewed');
  await expect(row(page, 3)).toContainText('Reviewed');
  await expect(progress(page)).toHaveText('1 of 3 approved · 2 reviewed');

  // A reviewer joins the account and the workspace (the admin chooses the role).
  const me = await (await page.request.get('/api/v1/users/')).json();
  const { lastUsedAccountId: accountId, lastUsedWorkspaceId: workspaceId } = me.data.attributes;
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const rita = await elsewhere.newPage();
  const reviewer = await signUpAndConfirm(rita, newPerson({ name: 'Rita', lastName: 'Reviewer' }));
  const headers = await csrfHeaders(page);
  const added = await page.request.post(`/api/v1/accounts/${accountId}/create_account_users`, {
    headers,
    data: { emails: [reviewer.email], role: 'reviewer' },
  });
  expect(added.status()).toBe(200);
  const accountUserId: string = (await added.json()).data[0].id;
  const granted = await page.request.post('/api/v1/account_users/create_workspace_users/', {
    headers,
    data: { accountId, accountUserIds: [accountUserId], workspaceIds: [workspaceId] },
  });
  expect(granted.status()).toBe(200);

  await rita.goto(page.url());
  await expect(grid(rita).getByRole('row')).toHaveCount(3);
  await expect(rita.getByTestId('editor-reviewer-note')).toContainText('the text and times are read only');
  await expect(progress(rita)).toHaveText('1 of 3 approved · 2 reviewed');
  // Enter, a double click: no text box opens; Alt+Delete deletes nothing.
  await grid(rita).focus();
  await rita.keyboard.press('ArrowDown');
  await rita.keyboard.press('Enter');
  await row(rita, 2).getByRole('gridcell').last().dblclick();
  await expect(rita.getByRole('textbox', { name: /Text of cue/ })).toHaveCount(0);
  await rita.keyboard.press('Alt+Delete');
  await expect(grid(rita).getByRole('row')).toHaveCount(3);
  await expectAccessible(rita, 'editor of a reviewer');

  // What she may do: approve the second cue; the editor sees it at once.
  await rita.keyboard.press('Alt+4');
  await expect(row(page, 2)).toContainText('Approved');
  await expect(progress(page)).toHaveText('2 of 3 approved · 1 reviewed');
  await expect(rita.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await expect
    .poll(async () =>
      ((await (await page.request.get(cuesPath)).json()).cues as { review?: string }[]).map((c) => c.review ?? 'todo'),
    )
    .toEqual(['approved', 'approved', 'reviewed']);

  // An edit of the approved first cue's words makes it reviewed again, for both.
  await row(page, 1).getByRole('gridcell').last().click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' sharp');
  await page.keyboard.press('Escape');
  await expect(row(rita, 1)).toContainText('The ferry leaves at noon sharp');
  await expect(row(rita, 1)).toContainText('Reviewed');
  await elsewhere.close();

  // Where roles are chosen, she is a reviewer.
  await page.goto('/account/members');
  await expect(page.getByLabel('Role of Rita Reviewer')).toHaveValue('reviewer');
  expect(confirmedUser.email).toBeTruthy();
});
