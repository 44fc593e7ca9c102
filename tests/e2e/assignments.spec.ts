import {
  expect,
  logIn,
  logOut,
  newPerson,
  runCommand,
  signUpAndConfirm,
  test,
  toast,
  waitForMail,
} from './support/fixtures';
import { expectAccessible } from './support/axe';
import { csrfHeaders, openEditorWith, FERRY_SRT as SRT } from './support/editor-helpers';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Who does what (issue #25): on a version's page an admin assigns a member as the reviewer of a
 * language by keyboard (the member picker popup) and themself as its translator from the palette;
 * the member is told by mail, signs in, opens "My assignments" from the palette and reaches the
 * editor from it.
 */

test('an admin assigns a member as reviewer; the member opens My assignments from the palette and reaches the editor', async ({
  page,
  browser,
  confirmedUser,
  dataDir,
}) => {
  test.setTimeout(180_000);
  await openEditorWith(page, 'Assign ferry', SRT);
  const editorPath = new URL(page.url()).pathname;
  const versionPath = editorPath.replace(/\/subtitles\/\d+$/, '');

  // Mo joins the account and the workspace (the admin adds him).
  const me = await (await page.request.get('/api/v1/users/')).json();
  const { lastUsedAccountId: accountId, lastUsedWorkspaceId: workspaceId } = me.data.attributes;
  const accountName: string = me.included.find((account: { id: string }) => account.id === accountId).attributes.name;
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const mo = await elsewhere.newPage();
  const member = await signUpAndConfirm(mo, newPerson({ name: 'Mo', lastName: 'Member' }));
  const headers = await csrfHeaders(page);
  const added = await page.request.post(`/api/v1/accounts/${accountId}/create_account_users`, {
    headers,
    data: { emails: [member.email], role: 'member' },
  });
  expect(added.status()).toBe(200);
  const granted = await page.request.post('/api/v1/account_users/create_workspace_users/', {
    headers,
    data: { accountId, accountUserIds: [(await added.json()).data[0].id], workspaceIds: [workspaceId] },
  });
  expect(granted.status()).toBe(200);

  // The admin, on the version's page: the reviewer of English, by keyboard through the popup.
  await page.goto(versionPath);
  const reviewerCell = page.getByTestId('assignment-en-reviewer');
  await expect(reviewerCell).toContainText('Nobody');
  await page.getByRole('button', { name: 'Assign the reviewer of English' }).focus();
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Reviewer of English' });
  await expect(popup.getByLabel('Member')).toBeFocused();
  await expect(popup.getByRole('option', { name: new RegExp(member.email) })).toHaveCount(1);
  await popup.getByLabel('Member').selectOption({ label: `Mo Member (${member.email})` });
  await page.keyboard.press('Tab');
  await expect(popup.getByLabel('Due date (optional)')).toBeFocused();
  await popup.getByLabel('Due date (optional)').fill('2030-03-01');
  await expectAccessible(page, 'assign popup');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Mo Member is now the reviewer')).toBeVisible();
  await expect(popup).toHaveCount(0);
  await expect(reviewerCell).toContainText('Mo Member · due 2030-03-01');
  await expectAccessible(page, 'version page with assignments');

  // The translator from the palette: "Assign translator…", then the language and the person.
  await runCommand(page, 'Assign translator…');
  await page.keyboard.type(`English ${confirmedUser.name}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assignment-en-translator')).toContainText(confirmedUser.name);
  // …and "nobody" unassigns.
  await runCommand(page, 'Assign translator…');
  await page.keyboard.type('English nobody');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'No translator any more')).toBeVisible();
  await expect(page.getByTestId('assignment-en-translator')).toContainText('Nobody');

  // Mo is told by mail, with the way to the editor.
  const mail = await waitForMail(dataDir, {
    to: member.email,
    subject: 'You are the reviewer of “Assign ferry” in English',
  });
  expect(mail.text).toContain('asked you to review the English subtitles of “Assign ferry”, due 2030-03-01');
  expect(mail.links.some((link) => link.endsWith(editorPath))).toBe(true);

  // Mo signs in, goes to the account, and opens "My assignments" from the palette.
  await logOut(mo);
  await logIn(mo, member);
  await dismissNewsletter(mo);
  await runCommand(mo, 'Switch account…');
  await mo.keyboard.type(accountName);
  await mo.keyboard.press('Enter');
  await expect(mo.getByLabel('Account', { exact: true })).toHaveValue(accountId);
  await runCommand(mo, 'My assignments');
  await expect(mo).toHaveURL(/\/assignments$/);
  const row = mo.getByRole('row', { name: /Assign ferry/ });
  await expect(row).toContainText('English');
  await expect(row).toContainText('Reviewer');
  await expect(row).toContainText('2030-03-01');
  await expect(row).toContainText('0 of 3 approved');
  await expectAccessible(mo, 'my assignments');
  await mo.getByRole('link', { name: 'Open Assign ferry in English' }).focus();
  await mo.keyboard.press('Enter');
  await expect(mo).toHaveURL(new RegExp(`${editorPath}$`));
  await expect(mo.getByRole('grid', { name: 'Cues' }).getByRole('row')).toHaveCount(3);
  await elsewhere.close();
});
