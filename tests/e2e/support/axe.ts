import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA rules, axe's best practices (landmarks, heading order) and its experimental rules (label in name, WCAG 2.5.3): what a screen is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'];

/**
 * Runs axe-core on the screen as it is and fails on any serious or critical finding, listing each
 * rule with the elements it found (moderate and minor findings are printed, not failed on).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let animations (toasts, dialogs) settle: contrast is measured on the final colours.
  await page.waitForTimeout(250);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const describe = (v: (typeof violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`;
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = violations.filter((v) => !blocking.includes(v));
  if (other.length) console.log(`[axe] ${screen}: ${other.map(describe).join('\n')}`);
  expect(blocking.map(describe), `accessibility of ${screen}`).toEqual([]);
}
