/**
 * Publishes the site-wide alert banner (spec: message, link label, link URL). Every logged-in user
 * sees the newest active alert until they dismiss it; publishing a new one shows it again to all.
 *
 * Usage (same environment as the app: DATA_DIR or DATABASE_URL):
 *   npx tsx server/cli/publish-alert.ts --message "Maintenance on Sunday 10:00 UTC"
 *   npx tsx server/cli/publish-alert.ts --message "New: voice cloning" --link-label "Read more" --link-url https://polycue.example/blog
 *   npx tsx server/cli/publish-alert.ts --clear        # hide every active alert
 *
 * With the embedded database (no DATABASE_URL) stop the app first: PGlite's files under DATA_DIR
 * belong to one process at a time. The schema must exist (start the app once, or `npm run migrate`).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { AlertRepository } from '../identity/alert-repository';

const USAGE =
  'Usage: npx tsx server/cli/publish-alert.ts --message "…" [--link-label "…" --link-url https://…] | --clear';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parseOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        message: { type: 'string' },
        'link-label': { type: 'string' },
        'link-url': { type: 'string' },
        clear: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.clear) return { clear: true as const };
  const message = values.message?.trim();
  if (!message) fail('--message is required');
  const linkLabel = values['link-label']?.trim() || null;
  const linkUrl = values['link-url']?.trim() || null;
  if ((linkLabel === null) !== (linkUrl === null)) fail('--link-label and --link-url go together');
  if (linkUrl !== null && !/^(https?:\/\/|\/)/.test(linkUrl)) fail('--link-url must start with http://, https:// or /');
  return { clear: false as const, alert: { message, linkLabel, linkUrl } };
}

async function main(): Promise<void> {
  const options = parseOptions();
  const db = await openDatabase(loadConfig());
  try {
    const alerts = new AlertRepository(db);
    if (options.clear) {
      console.log(`Hid ${await alerts.deactivateAll()} active alert(s).`);
      return;
    }
    const alert = await alerts.publish(options.alert);
    console.log(`Published alert ${alert.id}: ${alert.message}`);
  } catch (error) {
    if ((error as { code?: string }).code === '42P01')
      fail('The alerts table does not exist yet: start the app once or run `npm run migrate`.');
    throw error;
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
