import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { dismissNewsletter, testVideo, uploadVideos, versionRow } from './projects-helpers';

export async function csrfHeaders(page: Page) {
  return { 'X-CSRF-Token': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' };
}

/**
 * A subtitle to edit: a video uploaded through the app (a 6 s test pattern unless given), a subtitle made through the API with the
 * SRT given imported; the page is left at the editor URL with the cue list shown.
 */
export async function openEditorWith(
  page: Page,
  title: string,
  srt: string,
  video = testVideo(`${title}.mp4`, 6),
): Promise<{ versionId: string; subtitleId: string; cuesPath: string }> {
  await dismissNewsletter(page);
  await uploadVideos(page, [video]);
  await versionRow(page, title).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+\/project_versions\/\d+$/);
  const versionId = new URL(page.url()).pathname.split('/').pop()!;
  const headers = await csrfHeaders(page);
  const made = await page.request.post(`/api/v1/project_versions/${versionId}/subtitles`, {
    headers,
    data: { language: 'en' },
  });
  const subtitleId: string = (await made.json()).data.id;
  const imported = await page.request.post(`/api/v1/project_versions/${versionId}/subtitles/${subtitleId}/import_srt`, {
    headers,
    multipart: { srt_content: { name: `${title}.srt`, mimeType: 'application/x-subrip', buffer: Buffer.from(srt) } },
  });
  expect(imported.status()).toBe(200);
  await page.goto((await imported.json()).data.attributes.editorUrl);
  await expect(page.getByRole('grid', { name: 'Cues' }).getByRole('row').first()).toBeVisible();
  return { versionId, subtitleId, cuesPath: `/api/v1/project_versions/${versionId}/subtitles/${subtitleId}/cues` };
}

/** Three short cues of a ferry announcement: the subtitle the live, review, comment and assignment specs edit. */
export const FERRY_SRT = `1
00:00:00,200 --> 00:00:02,000
The ferry leaves at noon

2
00:00:02,400 --> 00:00:04,400
Welcome aboard

3
00:00:04,800 --> 00:00:06,200
Tickets at the desk
`;

/** The editor's cue list, and its row n (1-based, as people count cues). */
export const cueGrid = (page: Page) => page.getByRole('grid', { name: 'Cues' });
export const cueRow = (page: Page, n: number) =>
  cueGrid(page)
    .getByRole('row')
    .nth(n - 1);
