import { expect, test } from './support/fixtures';
import { openEditorWith } from './support/editor-helpers';
import { videoWithCut } from './support/projects-helpers';

/**
 * The editor's timeline as a mouse user meets it: the waveform of the video's audio (peaks made
 * by the server), the cues as blocks over it, a cue's end dragged later and a cue moved whole,
 * each undone with Ctrl+Z; a click seeks; the zoom from the list's +/− keys.
 */

const SRT = `1
00:00:00,200 --> 00:00:02,000
The ferry leaves at noon

2
00:00:02,600 --> 00:00:04,000
Welcome aboard
`;

test('timeline: the waveform shows, dragging a cue’s end changes it in the list, Ctrl+Z undoes it, +/− zoom', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(90_000);
  void confirmedUser;
  await openEditorWith(page, 'Harbour timeline', SRT);
  const grid = page.getByRole('grid', { name: 'Cues' });
  const timeline = page.getByTestId('editor-timeline');
  await expect(timeline).toHaveAttribute('aria-hidden', 'true');

  // The waveform: tiles arrive (after the server has made the peaks) and the canvas has ink where the tone is.
  const wave = page.getByTestId('timeline-wave');
  await expect(wave).not.toHaveAttribute('data-tiles', '0', { timeout: 30_000 });
  const inked = () =>
    wave.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let columns = 0;
      for (let x = 0; x < canvas.width; x++) {
        let tall = 0;
        for (let y = 0; y < canvas.height; y++) if (data[(y * canvas.width + x) * 4 + 3] > 0) tall++;
        if (tall > canvas.height / 4) columns++;
      }
      return columns;
    });
  await expect.poll(inked).toBeGreaterThan(50);

  // Drag the first cue's end 20 px later: 400 ms at the default 20 ms a pixel.
  const first = timeline.getByTestId('timeline-cue').filter({ hasText: 'The ferry leaves at noon' });
  await expect(timeline).toHaveAttribute('data-zoom-ms-per-px', '20');
  const edge = await first.locator('[data-part="end"]').boundingBox();
  await page.mouse.move(edge!.x + edge!.width / 2, edge!.y + edge!.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge!.x + edge!.width / 2 + 10, edge!.y + 5, { steps: 3 });
  await page.mouse.move(edge!.x + edge!.width / 2 + 20, edge!.y + 5, { steps: 3 });
  await page.mouse.up();
  const row1 = grid.getByRole('row').first();
  await expect(row1).toContainText('00:00:02.400');
  // The keys are the list's again: Ctrl+Z undoes the drag like any edit.
  await expect(grid).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(row1).toContainText('00:00:02.000');
  await expect(row1).not.toContainText('00:00:02.400');

  // 25 px (500 ms) brings the end within 5 px of the second cue (2.600 s): it sticks two frames before it.
  const dragEndBy = async (px: number) => {
    const box = await first.locator('[data-part="end"]').boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.mouse.down();
    await page.mouse.move(box!.x + box!.width / 2 + px / 2, box!.y + 5, { steps: 3 });
    await page.mouse.move(box!.x + box!.width / 2 + px, box!.y + 5, { steps: 3 });
    await page.mouse.up();
  };
  await dragEndBy(25);
  await expect(row1).toContainText('00:00:02.520');
  await page.keyboard.press('Control+z');
  await expect(row1).toContainText('00:00:02.000');

  // The body of the second cue moves it whole, one undo step too.
  const second = timeline.getByTestId('timeline-cue').filter({ hasText: 'Welcome aboard' });
  const body = await second.boundingBox();
  await page.mouse.move(body!.x + body!.width / 2, body!.y + body!.height - 6);
  await page.mouse.down();
  await page.mouse.move(body!.x + body!.width / 2 + 10, body!.y + body!.height - 6, { steps: 3 });
  await page.mouse.move(body!.x + body!.width / 2 + 10, body!.y + body!.height - 6, { steps: 1 });
  await page.mouse.up();
  const row2 = grid.getByRole('row').nth(1);
  await expect(row2).toContainText('00:00:02.800');
  await expect(row2).toContainText('00:00:04.200');
  await page.keyboard.press('Control+z');
  await expect(row2).toContainText('00:00:02.600');

  // A click where no cue is seeks the video there: 4.8 s is 240 px in at 20 ms a pixel.
  const track = await timeline.locator('.timeline-scroller').boundingBox();
  await page.mouse.click(track!.x + 240, track!.y + 20);
  await expect
    .poll(() => page.getByLabel('Video').evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeCloseTo(4.8, 1);

  // Playing, the playhead line moves every frame, not at the video's ~4 timeupdates a second.
  const video = page.getByLabel('Video');
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    element.currentTime = 0;
    await element.play();
  });
  const positions = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const line = document.querySelector<HTMLElement>('[data-testid="timeline-playhead"]')!;
        const seen = new Set<string>();
        const started = performance.now();
        const look = () => {
          seen.add(line.style.left);
          if (performance.now() - started < 600) requestAnimationFrame(look);
          else resolve(seen.size);
        };
        requestAnimationFrame(look);
      }),
  );
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  expect(positions).toBeGreaterThan(8);

  // Zoom from the list: + halves the milliseconds a pixel, − doubles them.
  await page.keyboard.press('+');
  await expect(timeline).toHaveAttribute('data-zoom-ms-per-px', '10');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(timeline).toHaveAttribute('data-zoom-ms-per-px', '40');
});

test('shot changes: the video’s cut shows on the timeline, a start near it is a problem until dragged onto it, Shift+L and Shift+J jump to it', async ({
  page,
  confirmedUser,
}) => {
  test.setTimeout(90_000);
  void confirmedUser;
  await openEditorWith(page, 'Harbour cut', SRT, videoWithCut('Harbour cut.mp4', 3, 6));
  const grid = page.getByRole('grid', { name: 'Cues' });
  const timeline = page.getByTestId('editor-timeline');
  // Found by the server's scene detection (202 until then): one line, at 3.000 s.
  const cut = timeline.getByTestId('timeline-shot');
  await expect(cut).toHaveCount(1, { timeout: 30_000 });
  await expect(cut).toHaveAttribute('data-ms', '3000');
  // The second cue starts 10 frames before the cut: a reading problem, until it starts on it.
  const row2 = grid.getByRole('row').nth(1);
  await expect(row2).toContainText('Starts 10 frames before a shot change: start it on the cut');

  // The second cue's start (2.600 s) dragged 19 px later (2.980 s at 20 ms a pixel) sticks to the cut.
  const second = timeline.getByTestId('timeline-cue').filter({ hasText: 'Welcome aboard' });
  const edge = await second.locator('[data-part="start"]').boundingBox();
  await page.mouse.move(edge!.x + edge!.width / 2, edge!.y + edge!.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge!.x + edge!.width / 2 + 10, edge!.y + 5, { steps: 3 });
  await page.mouse.move(edge!.x + edge!.width / 2 + 19, edge!.y + 5, { steps: 3 });
  await page.mouse.up();
  await expect(row2).toContainText('00:00:03.000');
  await expect(row2).not.toContainText('shot change');

  // From the list: Shift+L to the cut, Shift+J back to the start (no cut before it: stays).
  await expect(grid).toBeFocused();
  const currentTime = () => page.getByLabel('Video').evaluate((video: HTMLVideoElement) => video.currentTime);
  await page.getByLabel('Video').evaluate((video: HTMLVideoElement) => (video.currentTime = 0.5));
  await page.keyboard.press('Shift+L');
  await expect.poll(currentTime).toBeCloseTo(3, 2);
  await page.getByLabel('Video').evaluate((video: HTMLVideoElement) => (video.currentTime = 5));
  await page.keyboard.press('Shift+J');
  await expect.poll(currentTime).toBeCloseTo(3, 2);
});
