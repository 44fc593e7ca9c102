import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BROKEN_LOAD_PLUGIN,
  BROKEN_RENDER_PLUGIN,
  BROKEN_SERVER_PLUGIN,
  installExamplePlugin,
  writePlugin,
} from '../support/outside-plugins';
import { startOwnServer, type OwnServer } from './support/own-server';
import { dismissNewsletter } from './support/projects-helpers';
import { expect, newPerson, runCommand, signUpAndConfirm, test, toast } from './support/fixtures';

/**
 * An installation with plugins built outside the app: the example plugin built by its own script
 * and dropped into PLUGINS_DIR, beside two broken ones. No `vite build` of the app happens for
 * them: the server started with the plugins folder is all it takes.
 */
let server: OwnServer;
let pluginsDir: string;

test.beforeAll(async () => {
  pluginsDir = mkdtempSync(path.join(tmpdir(), 'polycue-e2e-plugins-'));
  installExamplePlugin(pluginsDir);
  writePlugin(pluginsDir, BROKEN_LOAD_PLUGIN);
  writePlugin(pluginsDir, BROKEN_RENDER_PLUGIN);
  writePlugin(pluginsDir, BROKEN_SERVER_PLUGIN);
  writePlugin(pluginsDir, {
    folder: 'from-the-future',
    manifest: { id: 'from-the-future', apiVersion: 2, web: 'web.js' },
    files: { 'web.js': '' },
  });
  server = await startOwnServer({ PLUGINS_DIR: pluginsDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (pluginsDir) rmSync(pluginsDir, { recursive: true, force: true });
});

test('an outside plugin adds a page, a nav item, a palette command, its own API and a projects column; broken ones are named and the rest keeps working', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // broken-load's web entry only fails in the browser: the server lists it.
  expect(server.output()).toContain('Outside plugins: hello, broken-load, broken-render');
  expect(server.output()).toContain('from-the-future (');
  expect(server.output()).toContain('targets plugin API v2; this Polycue runs v1');
  expect(server.output()).toContain('broken on purpose on the server');

  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signUpAndConfirm(page, newPerson(), server.dataDir);

  // The plugin that throws while loading is named; the app starts all the same.
  const loadFailure = toast(page, 'Plugin “broken-load” could not be loaded');
  await expect(loadFailure).toContainText('broken on purpose while loading');
  await loadFailure.getByRole('button', { name: 'Close notification' }).click();
  // Those the server left out (a server half that throws, a plugin for another API) are named too,
  // though their web half never reaches the browser; the reason stays in the server's log.
  for (const id of ['broken-server', 'from-the-future']) {
    const leftOut = toast(page, `Plugin “${id}” could not be loaded`);
    await expect(leftOut).toContainText('The server left it out when it started; its log says why.');
    await leftOut.getByRole('button', { name: 'Close notification' }).click();
  }
  await dismissNewsletter(page);

  // Its column in the projects table, contributed through the projects plugin's extension point.
  await expect(page.getByRole('columnheader', { name: 'Greeting' })).toBeVisible();

  // Its nav item and page, backed by its own route and table.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Hello' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Half broken' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Hello' }).click();
  await expect(page).toHaveURL(/\/hello$/);
  await expect(page.getByRole('heading', { name: 'Hello', level: 1 })).toBeVisible();
  await expect(page.getByText('No greetings yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Greeting' }).fill('Hi team, subtitles are live');
  await page.getByRole('button', { name: 'Add greeting' }).click();
  await expect(toast(page, 'Greeting saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Greetings' }).getByText('Hi team, subtitles are live')).toBeVisible();

  // Its palette command, from another page.
  await page.goto('/');
  await expect(page.getByRole('columnheader', { name: 'Greeting' })).toBeVisible();
  await runCommand(page, 'Open Hello');
  await expect(page).toHaveURL(/\/hello$/);

  // A page that throws while drawing: named in a toast and in its place; the sidebar still works.
  await nav.getByRole('link', { name: 'Broken' }).click();
  await expect(page.getByText('The plugin “Broken render” failed while drawing it.')).toBeVisible();
  await expect(toast(page, 'Plugin “Broken render” failed')).toBeVisible();
  await nav.getByRole('link', { name: 'Hello' }).click();
  await expect(page.getByRole('list', { name: 'Greetings' }).getByText('Hi team, subtitles are live')).toBeVisible();

  // A section of account settings, through the accounts plugin's extension point.
  await nav.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('region', { name: 'Hello greetings' })).toContainText(
    'Greetings are on for every workspace of this account.',
  );
  await context.close();
});
