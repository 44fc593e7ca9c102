/**
 * The cold-page palette figures (bench/palette-cold.bench.mjs runs this under tsx and reads the
 * JSON line it prints): the real built app on its own server, a confirmed member, Chromium.
 * Each run loads `/` afresh and, as soon as the app has drawn its sidebar (the palette's code
 * never used on this page), presses Ctrl+K and types "Open profile" at full speed. In the page,
 * listeners installed before the app's own scripts time the keys and the frames:
 * - open: the Ctrl+K keydown to the first frame painted with the palette's search box;
 * - highlight: the last key's keydown to the first frame in which "Open profile" is the
 *   highlighted result (in the full palette, or in the light one it shows while its code arrives).
 */
import { chromium } from 'playwright-core';
import { answerSurvey, confirmEmail, logIn, newPerson, signUp } from '../tests/e2e/support/auth-flows';
import { startOwnServer } from '../tests/e2e/support/own-server';

const RUNS = Number(process.env.PALETTE_COLD_RUNS ?? 15);
const TITLE = 'Open profile';

/**
 * Runs in the page before any of its scripts. A string, not a function: tsx names functions with
 * a helper the page does not have.
 */
const INSTRUMENT = (title: string) => `
  const state = { keys: [] };
  window.__coldPalette = state;
  document.addEventListener('keydown', () => state.keys.push(performance.now()), true);
  const check = () => {
    if (state.open === undefined && document.querySelector('.palette-input')) requestAnimationFrame(() => { state.open ??= performance.now(); });
    const selected = document.querySelector('.palette [role="option"][aria-selected="true"]');
    const typed = document.querySelector('.palette-input')?.value;
    if (state.highlight === undefined && typed === ${JSON.stringify(title)} && selected?.textContent?.startsWith(${JSON.stringify(title)})) {
      requestAnimationFrame(() => { state.highlight ??= performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('input', check, true);
`;

const server = await startOwnServer({});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const person = newPerson();
  await signUp(page, person);
  await answerSurvey(page);
  await confirmEmail(page, person.email, server.dataDir);
  if (new URL(page.url()).pathname !== '/') await logIn(page, person);
  await page.waitForURL(/\/$/);
  await page.addInitScript(INSTRUMENT(TITLE));

  const open: number[] = [];
  const highlight: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/');
    await page.getByRole('button', { name: /Search commands/ }).waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.type(TITLE);
    await page
      .waitForFunction(
        () => {
          const s = (window as unknown as { __coldPalette: { open?: number; highlight?: number } }).__coldPalette;
          return s.open !== undefined && s.highlight !== undefined;
        },
        null,
        { timeout: 10_000 },
      )
      .catch(async (error: Error) => {
        const s = await page.evaluate(() => ({
          state: (window as unknown as { __coldPalette: unknown }).__coldPalette,
          input: (document.querySelector('.palette-input') as HTMLInputElement | null)?.value,
          selected: document.querySelector('[cmdk-item][aria-selected="true"]')?.textContent,
        }));
        throw new Error(`${error.message}: ${JSON.stringify(s)}`);
      });
    const s = await page.evaluate(
      () => (window as unknown as { __coldPalette: { keys: number[]; open: number; highlight: number } }).__coldPalette,
    );
    open.push(s.open - s.keys[0]);
    highlight.push(s.highlight - s.keys[s.keys.length - 1]);
    await page.keyboard.press('Escape');
  }
  console.log(JSON.stringify({ open, highlight }));
} finally {
  await browser.close();
  await server.stop();
}
