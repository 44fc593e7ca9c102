import type { Page } from '@playwright/test';
import { expect, runCommand, test, toast } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { dismissNewsletter, uploadVideos, versionRow } from './support/projects-helpers';
import { SPEECH_SENTENCE, speechVideo } from './support/speech-video';

/**
 * The pipeline through the real pages, server, jobs and engines: a video with known speech is
 * uploaded, set up for English subtitles translated into Spanish with the user's own transcript,
 * followed on /processing until done, and its subtitles opened.
 */

const SENTENCE = SPEECH_SENTENCE;

function setupDialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

test('a video set up with a transcript is followed on /processing until its subtitles and translation open', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  test.setTimeout(240_000);
  await dismissNewsletter(page);
  await uploadVideos(page, [speechVideo('House and cat.mp4')]);

  // The bulk action of the projects table opens the popup for the selected row.
  await versionRow(page, 'House and cat')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .click();
  await page
    .getByRole('toolbar', { name: 'Selected project versions' })
    .getByRole('button', { name: 'Set up subtitles…' })
    .click();
  const dialog = setupDialog(page, 'Set up subtitles');
  await expect(dialog).toBeVisible();

  // The lists say what this installation can do: English is recognised here.
  const videoLanguage = dialog.getByLabel('Video language');
  await expect(videoLanguage).toHaveValue('en');
  await dialog.getByLabel('I have a transcript').check();
  await dialog.getByLabel('Transcript', { exact: true }).fill(SENTENCE);
  const subtitles = dialog.getByRole('group', { name: 'Subtitle languages' });
  const spanish = subtitles.getByRole('checkbox', { name: 'Spanish' });
  await expect(spanish).toBeEnabled();
  await spanish.check();
  // Keyboard: Enter on a control submits the popup.
  await spanish.focus();
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Request submitted')).toBeVisible();
  await expect(toast(page, "You'll get an email once it's ready")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // docs/product-contract.md#states-and-transitions: a single project with a transcript goes to /processing.
  await expect(page).toHaveURL(/\/processing\?projectVersionId=\d+$/);

  await expect(page.getByRole('heading', { name: 'House and cat' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Processing steps' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'Aligning your transcript' })).toBeVisible();
  await expect(steps.getByRole('listitem').filter({ hasText: 'Translating' })).toBeVisible();
  // Watched as it happens: one step is current (with its own progress bar) until the run is done.
  await expect(steps.locator('[aria-current="step"]')).toHaveCount(1);
  await expect(steps.locator('[aria-current="step"]').getByRole('progressbar')).toHaveCount(1);
  await expectAccessible(page, 'processing');
  await expect(page.getByTestId('processing-state')).toHaveText(/Done/, { timeout: 150_000 });
  await expect(steps.locator('[aria-current="step"]')).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute('aria-valuenow', '100');
  for (const item of await steps.getByRole('listitem').all()) await expect(item).toHaveAttribute('data-state', 'done');

  // The run's cues, as the server stores them: the user's transcript aligned, and its Spanish translation.
  const results = page.getByRole('region', { name: 'Results' });
  const cuesText = async (link: RegExp) => {
    const href = (await results.getByRole('link', { name: link }).getAttribute('href'))!;
    const [, , , versionId, , subtitleId] = href.split('/').filter(Boolean);
    const response = await page.request.get(`/api/v1/project_versions/${versionId}/subtitles/${subtitleId}/cues`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { cues: { start: number; end: number; text: string }[] };
    expect(body.cues.length).toBeGreaterThan(0);
    for (const cue of body.cues) expect(cue.end).toBeGreaterThan(cue.start);
    return body.cues
      .map((c) => c.text)
      .join(' ')
      .replace(/\s+/g, ' ');
  };
  expect(await cuesText(/English subtitles/)).toMatch(/The house is big\. The cat is black\./);
  expect(await cuesText(/Spanish subtitles/)).toMatch(/casa/i);

  // The subtitle views (the subtitles plugin's read-only page): the aligned transcript, then its translation.
  await results.getByRole('link', { name: /English subtitles/ }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+\/subtitles\/\d+$/);
  await expect(page.getByText(/house is big/i).first()).toBeVisible();
  await page.goBack();
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: /Spanish subtitles/ })
    .click();
  await expect(page.getByText(/casa/i).first()).toBeVisible();
  // The language bar names languages in full.
  await expect(
    page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'English' }),
  ).toBeVisible();

  // The way back to results: the version's own page lists its subtitles by language and its run.
  await page.getByRole('link', { name: '← Project version' }).click();
  await expect(page.getByRole('heading', { name: 'House and cat', level: 1 })).toBeVisible();
  const byLanguage = page.getByRole('list', { name: 'Subtitles by language' });
  await expect(byLanguage.getByRole('link', { name: 'English' })).toBeVisible();
  await expect(byLanguage.getByRole('link', { name: 'Spanish' })).toBeVisible();
  await expect(page.getByTestId('version-run-state')).toContainText('Subtitles: done');
  await expectAccessible(page, 'project version with results');
  await byLanguage.getByRole('link', { name: 'Spanish' }).click();
  await expect(page.getByText(/casa/i).first()).toBeVisible();

  // And the projects table's Status says what happened, languages named in full.
  await page.goto('/');
  await expect(versionRow(page, 'House and cat')).toContainText('Subtitles: English, Spanish');
  await expectAccessible(page, 'projects with results');
});

test('the set-up commands act on the open project version; Escape closes the popup; /processing without a run or with a bad id', async ({
  page,
  confirmedUser,
}) => {
  void confirmedUser;
  await dismissNewsletter(page);
  await uploadVideos(page, [speechVideo('House and cat.mp4')]);
  await versionRow(page, 'House and cat').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  const versionPage = page.url();
  const projectVersionId = versionPage.split('/').at(-1)!;

  await runCommand(page, 'Set up voice-over…');
  const dialog = setupDialog(page, 'Set up voice-over');
  await expect(dialog.getByRole('group', { name: 'Dubbing languages' })).toBeVisible();
  // Focus stays inside the popup.
  for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // docs/product-contract.md#validation: a version never set up has no processing info: the empty case, no error.
  await page.goto(`/processing?projectVersionId=${projectVersionId}`);
  await expect(page.getByRole('heading', { name: 'Nothing is being processed' })).toBeVisible();
  await expect(toast(page, 'Processing info could not be loaded')).toHaveCount(0);

  // docs/product-contract.md#messages, #constants-and-limits: a failed load says so, then goes to / after 2 s.
  await page.goto('/processing?projectVersionId=999999999');
  await expect(toast(page, 'Processing info could not be loaded')).toBeVisible();
  await expect(page).toHaveURL(/\/processing\?/);
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});
