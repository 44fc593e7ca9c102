import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, test, toast } from './support/fixtures';
import { dismissNewsletter, projectsGrid, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

/**
 * Projects on `/` through the real pages and server: a resumable upload with its progress bar, a
 * link imported on the server (downloading, then ready with its duration), and a bulk delete
 * behind a confirmation.
 */

test('uploading a video opens its version page once the project is created, and the project is in the table with its duration', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();

  const file = testVideo('Harbour tour.mp4');
  await page.getByRole('button', { name: 'Upload videos' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Video files').setInputFiles(file);
  await expect(toast(page, 'Project created')).toBeVisible({ timeout: 30_000 });
  // docs/product-contract.md#screens-and-routes: the version page is shown after a project is created.
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Harbour tour' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.goBack();

  const row = versionRow(page, 'Harbour tour');
  await expect(row).toBeVisible();
  await expect(row).toContainText('0:03');
  await expect(row).toContainText('Ready');
  await expect(page.getByLabel('Project count')).toHaveText('1 project');

  // Enter on the row opens the version's page.
  await row.click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Harbour tour' })).toBeVisible();
  await expect(page.getByText('0:03')).toBeVisible();
});

test('a pasted link is downloaded on the server: downloading, then ready with its duration', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  const video = readFileSync(testVideo('link-source.mp4'));
  // Answers after a pause so the downloading state can be seen.
  const server: Server = createServer((req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.length) });
      res.end(video);
    }, 1500);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clips/ferry.mp4`;
    await page.getByRole('button', { name: 'Paste links' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Links (one per line)').fill(url);
    await dialog.getByRole('button', { name: 'Import link' }).click();
    await expect(toast(page, 'Request submitted')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Imported links' })).toContainText('Downloading…');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const row = projectsGrid(page).getByRole('row').nth(1);
    await expect(row).toContainText('Downloading…');
    await expect(row).toContainText('Ready', { timeout: 30_000 });
    await expect(row).toContainText('0:03');
    await expect(page.getByLabel('Project count')).toHaveText('1 project');
  } finally {
    server.close();
  }
});

test('deleting selected project versions asks first, removes them and lowers the count; Undo and Ctrl/Cmd+Z bring them back', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Keep me.mp4'), testVideo('Drop one.mp4'), testVideo('Drop two.mp4')]);
  await expect(page.getByLabel('Project count')).toHaveText('3 projects');

  await versionRow(page, 'Drop one')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await versionRow(page, 'Drop two')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await expect(page.getByRole('toolbar', { name: 'Selected project versions' })).toContainText('2 selected');
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Delete' })
    .click();

  const confirm = page.getByRole('dialog', { name: 'Delete project versions' });
  await expect(confirm).toContainText('Delete these 2 project versions?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(versionRow(page, 'Drop one')).toBeVisible();

  // The Delete key in the table asks again.
  await projectsGrid(page).focus();
  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: 'Delete 2 project versions' }).click();
  await expect(toast(page, 'Project version(s) deleted')).toBeVisible();
  await expect(versionRow(page, 'Drop one')).toHaveCount(0);
  await expect(versionRow(page, 'Drop two')).toHaveCount(0);
  await expect(versionRow(page, 'Keep me')).toBeVisible();
  await expect(page.getByLabel('Project count')).toHaveText('1 project');

  // Undo on the notification brings both back, count included.
  await toast(page, 'Project version(s) deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Project version(s) restored')).toBeVisible();
  await expect(versionRow(page, 'Drop one')).toBeVisible();
  await expect(versionRow(page, 'Drop two')).toBeVisible();
  await expect(page.getByLabel('Project count')).toHaveText('3 projects');

  // From the keyboard: delete one again, Ctrl/Cmd+Z brings it back.
  const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
  await versionRow(page, 'Drop one')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await projectsGrid(page).focus();
  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: 'Delete project version' }).click();
  await expect(versionRow(page, 'Drop one')).toHaveCount(0);
  await page.keyboard.press(`${mod}+z`);
  await expect(versionRow(page, 'Drop one')).toBeVisible();

  // A delete left alone stays done, across a reload.
  await versionRow(page, 'Drop two')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await projectsGrid(page).focus();
  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: 'Delete project version' }).click();
  await expect(page.getByLabel('Project count')).toHaveText('2 projects');
  await page.reload();
  await expect(versionRow(page, 'Keep me')).toBeVisible();
  await expect(versionRow(page, 'Drop one')).toBeVisible();
  await expect(projectsGrid(page).getByRole('row')).toHaveCount(3);
});
