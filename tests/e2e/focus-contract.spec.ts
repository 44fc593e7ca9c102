import type { Locator, Page } from '@playwright/test';
import { expect, runCommand, test, toast } from './support/fixtures';
import { csrfHeaders, openEditorWith } from './support/editor-helpers';
import { dismissNewsletter, modKey, testVideo, uploadVideos, versionRow } from './support/projects-helpers';

// @needs-plugins guidelines, termbases, themes, vocabularies (it visits their pages): scripts/check-plugin-removal.mjs leaves this file out without one of them.

/**
 * Tab and Shift+Tab, at full speed, many more times than the dialog has stops: focus never
 * leaves it (it used to walk out into the page behind after a few Tabs).
 */
async function expectTabStaysInside(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const label = await dialog.getAttribute('aria-label');
  const stops = await dialog.evaluate(
    (el) => el.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press(key);
      // Read in one go in the page: the topmost modal holds focus. (A dialog may be drawn anew
      // between two reads — the palette's first frame giving way to the full palette.)
      const holder = await page.evaluate(() => {
        const modals = document.querySelectorAll('[aria-modal="true"]');
        const top = modals[modals.length - 1];
        if (top?.contains(document.activeElement)) return top.getAttribute('aria-label');
        return `focus outside it, on ${document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing'}`;
      });
      expect(holder, `${key} #${i + 1} stays in the dialog`).toBe(label);
    }
  }
}

/** Opens a dialog from a button by keyboard, checks Tab stays inside, closes it with Escape: focus is back on the button. */
async function checkDialogFromButton(page: Page, button: Locator, dialogName: string | RegExp): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName }).or(page.getByRole('alertdialog', { name: dialogName }));
  await expectTabStaysInside(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
}

/** The name of the row the grid marks active (where focus is, for a screen reader). */
async function focusedRowText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const grid = document.activeElement;
    if (!grid || grid.getAttribute('role') !== 'grid') return `focus is on ${grid?.tagName ?? 'nothing'}`;
    const id = grid.getAttribute('aria-activedescendant');
    return (id && document.getElementById(id)?.textContent) || 'no active row';
  });
}

test('every modal keeps Tab inside, Escape closes it and focus goes back to what opened it', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(120_000);
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Harbour tour.mp4')]);
  await expect(versionRow(page, 'Harbour tour')).toBeVisible();

  await checkDialogFromButton(page, page.getByRole('button', { name: 'New project' }), /./);
  await checkDialogFromButton(page, page.getByRole('button', { name: 'Manage labels' }), /./);
  await versionRow(page, 'Harbour tour').getByRole('checkbox').click();
  await checkDialogFromButton(
    page,
    page.getByRole('toolbar', { name: 'Selected project versions' }).getByRole('button', { name: 'Set up subtitles…' }),
    /./,
  );

  // The palette's code arrived long ago: Ctrl+K draws the full palette at once, not the cold
  // page's first frame swapped for it a moment later (keys pressed across the swap were lost).
  await page.evaluate(() => {
    const seen = document.createElement('meta');
    seen.id = 'palette-first-frame-seen';
    new MutationObserver(() => {
      if (document.getElementById('palette-shell-list')) document.head.append(seen);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.keyboard.press(`${modKey}+k`);
  await expectTabStaysInside(page, page.getByRole('dialog', { name: 'Command palette' }));
  await expect(page.locator('#palette-first-frame-seen')).toHaveCount(0);
  await page.keyboard.press('Escape');

  for (const [path, button, dialog] of [
    ['/themes', 'New theme', 'New theme'],
    ['/vocabularies', 'New vocabulary list', 'New vocabulary list'],
    ['/guidelines', 'New guideline', 'New guideline'],
    ['/termbases', 'New term base', 'New term base'],
  ] as const) {
    await page.goto(path);
    await checkDialogFromButton(page, page.getByRole('button', { name: button, exact: true }), dialog);
  }

  for (const command of ['Invite member', 'Create workspace', 'Rename account', 'Show keyboard shortcuts']) {
    await runCommand(page, command);
    await expectTabStaysInside(page, page.getByRole('dialog').first());
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('"Create …" on its own page opens the dialog, and the new row takes focus once created', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(90_000);
  await dismissNewsletter(page);
  for (const [path, command, dialogName, name] of [
    ['/themes', 'Create theme', 'New theme', 'Broadcast'],
    ['/vocabularies', 'Create vocabulary list', 'New vocabulary list', 'Place names'],
    ['/guidelines', 'Create guideline', 'New guideline', 'House style'],
    ['/termbases', 'Create term base', 'New term base', 'Medical'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await runCommand(page, command);
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    if (path === '/vocabularies') await dialog.getByLabel('Words and phrases, one per line').fill('Polycue');
    if (path === '/guidelines') await dialog.getByLabel('Prompt').fill('Keep it short.');
    if (path === '/termbases') {
      for (const language of ['English', 'Spanish']) {
        await dialog.getByLabel('Add a language').selectOption({ label: language });
        await dialog.getByLabel('Add a language').press('Enter');
      }
    }
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => focusedRowText(page)).toContain(name);
    if (path === '/themes') {
      // The "created" notice covers none of the page: the main area ends above it while it shows.
      const notice = toast(page, /created/i);
      await expect(notice).toBeVisible();
      const toastTop = await notice.evaluate((el) => el.getBoundingClientRect().top);
      const mainBottom = await page.locator('main#main').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(mainBottom).toBeLessThanOrEqual(toastTop);
    }
    // Running the command again on the same page opens the dialog again.
    await runCommand(page, command);
    await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

test('"harbour in spanish" opens the Spanish subtitles; "Create link" hands focus to the new link', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(90_000);
  const { versionId } = await openEditorWith(page, 'Harbour tour', '1\n00:00:00,500 --> 00:00:02,000\nHello\n');
  const made = await page.request.post(`/api/v1/project_versions/${versionId}/subtitles`, {
    headers: await csrfHeaders(page),
    data: { language: 'es' },
  });
  const spanishId: string = (await made.json()).data.id;
  for (const search of ['harbour in spanish', 'harbour es']) {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await runCommand(page, search);
    await expect(page).toHaveURL(new RegExp(`/subtitles/${spanishId}$`));
  }

  await runCommand(page, 'Create share link…');
  const share = page.getByRole('dialog', { name: 'Share link' });
  await share.getByRole('button', { name: 'Create link' }).focus();
  await page.keyboard.press('Enter');
  await expect(share.getByLabel('Link to share')).toBeFocused();
  await page.keyboard.press('Escape');
});
