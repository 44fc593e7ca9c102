import { expect, runCommand, test, toast } from './support/fixtures';
import { dismissNewsletter, uploadVideos, versionRow } from './support/projects-helpers';
import { SPEECH_SENTENCE, speechVideo } from './support/speech-video';

/**
 * A term base and a guideline chosen at set-up show in the result: the video says "The cat is
 * black", the term base says "cat" is "minino" in Spanish (not Apertium's "gato"), the guideline
 * says "black" is never translated, and the Spanish subtitles the real pipeline makes say
 * "minino" and "black"; the processing page's report counts both terms as agreed.
 */
test('a term base and a guideline chosen at set-up decide how their words read in the translation', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(240_000);
  await dismissNewsletter(page);

  await runCommand(page, 'Create term base');
  const create = page.getByRole('dialog', { name: 'New term base' });
  await create.getByLabel('Name').fill('Pets');
  await create.getByLabel('Add a language').selectOption({ label: 'English' });
  await create.getByLabel('Add a language').press('Enter');
  await create.getByLabel('Add a language').selectOption({ label: 'Spanish' });
  await create.getByLabel('Add a language').press('Enter');
  await create.getByRole('button', { name: /Create/ }).click();
  await expect(toast(page, 'Term base created')).toBeVisible();
  await page.getByRole('grid', { name: 'Term bases' }).getByRole('row').filter({ hasText: 'Pets' }).dblclick();
  const add = page.getByRole('form', { name: 'Add a term' });
  await add.getByLabel('English').fill('cat');
  await add.getByLabel('Spanish').fill('minino');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Term added')).toBeVisible();

  await runCommand(page, 'Create guideline');
  const guideline = page.getByRole('dialog', { name: 'New guideline' });
  await guideline.getByLabel('Name').fill('Colours stay');
  await guideline.getByLabel('Never translate, one per line').fill('black');
  await guideline.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Guideline created')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await uploadVideos(page, [speechVideo('Black cat.mp4')]);
  await versionRow(page, 'Black cat')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Set up subtitles…' })
    .click();
  const setup = page.getByRole('dialog', { name: 'Set up subtitles' });
  await setup.getByLabel('I have a transcript').check();
  await setup.getByLabel('Transcript', { exact: true }).fill(SPEECH_SENTENCE);
  await setup.getByRole('group', { name: 'Subtitle languages' }).getByRole('checkbox', { name: 'Spanish' }).check();
  await setup.getByLabel('Term base').selectOption({ label: 'Pets — English, Spanish · 1 entry' });
  await setup.getByLabel('Guideline').selectOption({ label: 'Colours stay — 1 word kept as they are' });
  await setup.getByRole('button', { name: 'Start subtitles' }).click();
  await expect(toast(page, 'Request submitted')).toBeVisible();

  await expect(page).toHaveURL(/\/processing\?projectVersionId=\d+$/);
  await expect(page.getByTestId('processing-state')).toHaveText(/Done/, { timeout: 150_000 });
  const results = page.getByRole('region', { name: 'Results' });
  const spanish = results.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Spanish subtitles/ }) });
  await expect(spanish.getByRole('list', { name: 'Translation report' })).toContainText('Terms as agreed: 2 of 2');

  await results.getByRole('link', { name: /Spanish subtitles/ }).click();
  await expect(page.getByText(/minino/i).first()).toBeVisible();
  await expect(page.getByText(/\bblack\b/).first()).toBeVisible();
  await expect(page.getByText(/\bgato\b|\bnegro\b/i)).toHaveCount(0);
});
