import type { Page } from '@playwright/test';
import { expect, test, toast } from './support/fixtures';
import { dismissNewsletter, modKey, projectsGrid, testVideo, uploadVideos } from './support/projects-helpers';

/**
 * Labels on the projects table through the real pages and server: shift-select rows and label
 * them from the palette, remove a label, filter by it (the filter survives a reload: cookie), and
 * create, rename and delete labels in the labels manager.
 */

const dataRows = (page: Page) =>
  projectsGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

async function openPaletteCommand(page: Page, title: string) {
  await page.keyboard.press(`${modKey}+k`);
  const search = page.getByRole('combobox', { name: 'Type a command or search' });
  await expect(search).toBeFocused();
  await search.fill(title);
  await expect(page.getByRole('option', { name: new RegExp(`^${title}`) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  return search;
}

test('shift-selected rows get a new label from the palette; the label filter narrows the table and survives a reload', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(
    page,
    ['Alpha.mp4', 'Bravo.mp4', 'Charlie.mp4', 'Delta.mp4'].map((name) => testVideo(name)),
  );
  await expect(dataRows(page)).toHaveCount(4);
  const titles = await dataRows(page).locator('.projects-title').allTextContents();

  // Click the first row's box, shift-click the third: three rows selected.
  await dataRows(page)
    .nth(0)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await dataRows(page)
    .nth(2)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click({ modifiers: ['Shift'] });
  await expect(page.getByRole('toolbar', { name: 'Selected project versions' })).toContainText('3 selected');

  const search = await openPaletteCommand(page, 'Apply label…');
  await search.fill('Interviews');
  await page.getByRole('option', { name: /Create label “Interviews”/ }).click();
  await expect(toast(page, 'Label created and assigned')).toBeVisible();
  for (const i of [0, 1, 2]) await expect(dataRows(page).nth(i)).toContainText('Interviews');
  await expect(dataRows(page).nth(3)).not.toContainText('Interviews');

  // Remove it from the first row only, with the shortcut (Shift+L) and the nested palette page.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await dataRows(page)
    .nth(0)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await projectsGrid(page).focus();
  await page.keyboard.press('Shift+L');
  await expect(page.getByRole('combobox', { name: 'Type a command or search' })).toHaveAttribute(
    'placeholder',
    'Label to remove…',
  );
  await page.getByRole('option', { name: /^Interviews/ }).click();
  await expect(dataRows(page).nth(0)).not.toContainText('Interviews');

  // Filter by the label: two rows remain, and the choice is kept across a reload.
  const chip = page.getByRole('group', { name: 'Filter by label' }).getByRole('button', { name: 'Interviews' });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(dataRows(page)).toHaveCount(2);
  await expect(dataRows(page).locator('.projects-title')).toHaveText([titles[1], titles[2]]);

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Filter by label' }).getByRole('button', { name: 'Interviews' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(dataRows(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Clear labels' }).click();
  await expect(dataRows(page)).toHaveCount(4);
});

test('the labels manager creates, renames and deletes labels; deleting the filtered label resets the filter', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(page, [testVideo('Echo.mp4'), testVideo('Foxtrot.mp4')]);

  await openPaletteCommand(page, 'Manage labels');
  const manager = page.getByRole('dialog', { name: 'Labels' });
  await manager.getByLabel('New label').fill('Drafts');
  await manager.getByRole('button', { name: 'Create label' }).click();
  await expect(toast(page, 'Label created')).toBeVisible();
  await expect(manager.getByRole('list', { name: 'Labels of this workspace' })).toContainText('Drafts');

  await manager.getByRole('button', { name: 'Rename Drafts' }).click();
  await manager.getByLabel('New name for Drafts').fill('Final cut');
  await manager.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(toast(page, 'Label is renamed!')).toBeVisible();
  await manager.getByRole('button', { name: 'Close' }).click();

  // Label one version from the bulk bar, then filter by the label.
  await dataRows(page)
    .nth(0)
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Apply label…' })
    .click();
  await page.getByRole('option', { name: /^Final cut/ }).click();
  await expect(dataRows(page).nth(0)).toContainText('Final cut');
  await page.getByRole('group', { name: 'Filter by label' }).getByRole('button', { name: 'Final cut' }).click();
  await expect(dataRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Manage labels' }).click();
  await manager.getByRole('button', { name: 'Delete Final cut' }).click();
  await manager.getByRole('button', { name: 'Delete label' }).click();
  await expect(toast(page, 'Label is deleted!')).toBeVisible();
  await expect(manager.getByText('No labels yet')).toBeVisible();
  await manager.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('group', { name: 'Filter by label' })).toHaveCount(0);
  await expect(dataRows(page)).toHaveCount(2);
  await expect(page.getByRole('toolbar', { name: 'Selected project versions' })).toBeHidden();
});
