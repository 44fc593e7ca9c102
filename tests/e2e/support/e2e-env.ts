/**
 * What playwright.config.ts chose for this run, read back in the test workers (they inherit the
 * runner's environment): the server's DATA_DIR, where the outbox lives.
 */
export function e2eDataDir(): string {
  const dir = process.env.POLYCUE_E2E_DATA_DIR;
  if (!dir) throw new Error('POLYCUE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
}
