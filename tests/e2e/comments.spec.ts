import { expect, newPerson, runCommand, signUpAndConfirm, test, waitForMail } from './support/fixtures';
import { expectAccessible } from './support/axe';
import {
  csrfHeaders,
  openEditorWith,
  FERRY_SRT as SRT,
  cueGrid as grid,
  cueRow as row,
} from './support/editor-helpers';

/**
 * @needs-plugins comments, notifications
 * Comments on cues (issue #25) with two people in browsers of their own: a reviewer comments on a
 * cue by keyboard, mentioning the editor picked from the workspace's members; the mail reaches the
 * outbox, the editor's open cue list shows the comment without a reload, the palette's
 * "Notifications" lists it, and its link opens the editor on that cue with the thread beside it.
 */

test('a comment mentioning a colleague reaches the outbox and their notifications, whose link opens the cue', async ({
  page,
  browser,
  confirmedUser,
  dataDir,
}) => {
  test.setTimeout(180_000);
  await openEditorWith(page, 'Comment ferry', SRT);
  const editorUrl = page.url();

  // Rita joins the workspace as a reviewer: reviewers may comment.
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
  const accountUserId: string = (await added.json()).data[0].id;
  await page.request.post('/api/v1/account_users/create_workspace_users/', {
    headers,
    data: { accountId, accountUserIds: [accountUserId], workspaceIds: [workspaceId] },
  });

  // Rita, by keyboard: the second cue, "Comment on cue", @ and a few letters, Enter picks, Ctrl+Enter sends.
  await rita.goto(editorUrl);
  await expect(grid(rita).getByRole('row')).toHaveCount(3);
  await expect(rita.getByTestId('editor-save-state')).toHaveText('All changes saved');
  await grid(rita).focus();
  await rita.keyboard.press('ArrowDown');
  await expect(rita.getByRole('heading', { name: /Comments on cue 2/ })).toBeVisible();
  await runCommand(rita, 'Comment on cue');
  const box = rita.getByRole('textbox', { name: 'Comment on cue 2' });
  await expect(box).toBeFocused();
  await rita.keyboard.type('Is the timing right, @Ad');
  const choices = rita.getByRole('listbox', { name: 'People to mention' });
  await expect(choices.getByRole('option')).toHaveText([`${confirmedUser.name} ${confirmedUser.lastName}`]);
  await expectAccessible(rita, 'comment composer with mention suggestions');
  await rita.keyboard.press('Enter');
  await rita.keyboard.type('?');
  await expect(box).toHaveValue(`Is the timing right, @${confirmedUser.name} ${confirmedUser.lastName} ?`);
  await rita.keyboard.press('Control+Enter');
  const thread = rita.getByTestId('comment-thread');
  await expect(thread).toContainText(`Is the timing right, @${confirmedUser.name} ${confirmedUser.lastName} ?`);
  await expect(box).toHaveValue('');
  await expect(row(rita, 2).getByTestId('cue-comments')).toContainText('1');

  // The mail reaches the outbox.
  const mail = await waitForMail(dataDir, { to: confirmedUser.email, subject: 'mentioned you' });
  expect(mail.text).toContain('Rita Reviewer mentioned you on cue 2');

  // The editor's open cue list shows the comment without a reload.
  await expect(row(page, 2).getByTestId('cue-comments')).toContainText('1');
  await elsewhere.close();

  // The palette's "Notifications": one unread, its link opens the editor on cue 2 with the thread.
  await page.goto('/');
  await runCommand(page, 'Notifications');
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('notifications-unread')).toHaveText('(1 unread)');
  await expectAccessible(page, 'notifications');
  const link = page.getByRole('link', { name: /Rita Reviewer mentioned you on cue 2/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subtitles\/\d+\?cue=/);
  await expect(row(page, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: /Comments on cue 2/ })).toBeVisible();
  await expect(page.getByTestId('comment-thread')).toContainText('Is the timing right');
  await expectAccessible(page, 'editor with a comment thread');

  // Resolved by a button reached by keyboard; the palette's next unresolved comment then has none.
  await page.getByTestId('comment-thread').getByRole('button', { name: 'Resolve' }).press('Enter');
  await expect(page.getByTestId('comment-thread')).toContainText('Resolved by');
  await page.goto('/notifications');
  await expect(page.getByTestId('notifications-unread')).toHaveText('(0 unread)');
});
