import { test as base } from '@playwright/test';
import { type Person, newPerson, signUpAndConfirm } from './auth-flows';
import { e2eDataDir } from './e2e-env';

export { expect } from '@playwright/test';
export * from './auth-flows';
export { linkIn, readOutbox, waitForMail } from './outbox';

interface E2eFixtures {
  /** The server's DATA_DIR for this run (its outbox is `<dataDir>/outbox`). */
  dataDir: string;
  /** A fresh, unused identity (nothing created yet). */
  person: Person;
  /** A person already signed up, surveyed, confirmed and logged in; the page is on `/`. */
  confirmedUser: Person;
}

/** `import { test, expect } from './support/fixtures'` in every browser spec. */
export const test = base.extend<E2eFixtures>({
  // Playwright reads a fixture's dependencies from its destructuring pattern: `{}` = none.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => use(e2eDataDir()),
  // eslint-disable-next-line no-empty-pattern
  person: async ({}, use) => use(newPerson()),
  confirmedUser: async ({ page, person }, use) => use(await signUpAndConfirm(page, person)),
});
