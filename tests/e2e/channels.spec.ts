import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rssFeed } from '../http/channels-test-kit';
import { expectAccessible } from './support/axe';
import { expect, runCommand, test, toast } from './support/fixtures';
import { dismissNewsletter, versionRow, testVideo } from './support/projects-helpers';

/**
 * External channels in the browser: a feed connected through the in-app page (the state the
 * server issued goes there and back), its 23 videos 10 a page, two imported as projects (home,
 * downloaded by the link job), then the channel removed. The feed and its clips come from a
 * server on 127.0.0.1, which the e2e server's LINK_IMPORT_ALLOW_CIDRS allows.
 */
test('connect a feed channel, page its videos, import two as projects, remove the channel', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(120_000);
  await dismissNewsletter(page);
  const clip = readFileSync(testVideo('channel-clip.mp4', 2));
  const server: Server = createServer((request, response) => {
    if (request.url === '/feed.xml')
      return void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssFeed(origin, 23));
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(clip.length) }).end(clip);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await runCommand(page, 'Connect a channel');
    const connect = page.getByRole('dialog', { name: 'Connect a channel' });
    await expect(connect).toBeVisible();
    await expect(page).toHaveURL(/\/external_channels$/);
    await connect.getByRole('button', { name: 'Public feed' }).click();
    await expect(page).toHaveURL(/\/external_channels\/connect\/feed\?state=[\w-]+$/);
    await page.getByLabel('Feed address').fill(`${origin}/blog.xml`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(toast(page, 'External channel could not be connected')).toBeVisible();
    await page.getByLabel('Feed address').fill(`${origin}/feed.xml`);
    await expectAccessible(page, 'connect a feed');
    await page.getByRole('button', { name: 'Connect' }).click();

    await expect(toast(page, 'External channel connected')).toBeVisible();
    await expect(page).toHaveURL(/\/external_channels$/);
    const channels = page.getByRole('navigation', { name: 'Channels' });
    await expect(channels.getByRole('button', { name: /^Harbour Line Podcast/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(channels).toContainText('23 videos');
    const pager = page.getByRole('navigation', { name: 'Pages of videos' });
    await expect(pager).toContainText('Page 1 of 3 · 23 videos');
    await expect(page.getByRole('row')).toHaveCount(11);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Page 2 of 3');
    await expect(page.getByRole('checkbox', { name: 'Episode 13 & friends' })).toBeVisible();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expectAccessible(page, 'external channels');

    await page.getByRole('checkbox', { name: 'Episode 23 & friends' }).check();
    await page.getByRole('checkbox', { name: 'Episode 22 & friends' }).check();
    await page.getByRole('button', { name: 'Import selected (2)' }).click();
    await expect(toast(page, 'Request submitted')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // The projects page follows only downloads it started itself: reload, as a person would.
    // Each project keeps its episode's title from the feed, not the media file's name ("clip-a").
    await expect(async () => {
      await page.reload();
      for (const name of ['Episode 23 & friends', 'Episode 22 & friends'])
        await expect(versionRow(page, name)).toContainText('Ready', { timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    // Its page shows the episode's show notes from the feed, as text.
    await runCommand(page, 'Episode 23');
    await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
    await expect(page.getByRole('region', { name: 'Description' })).toHaveText(
      /Episode 23: the harbour & the ferry, été\.\s*Second paragraph\./,
    );

    await runCommand(page, 'Open external channels');
    await page.getByRole('button', { name: 'Remove Harbour Line Podcast' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Harbour Line Podcast' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'External channel has been removed')).toBeVisible();
    await expect(page.getByText('No external channels yet.')).toBeVisible();
  } finally {
    server.close();
  }
});
