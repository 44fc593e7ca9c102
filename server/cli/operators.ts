/**
 * Grants or revokes the instance operator role (users.role `staff`: a role above account admins;
 * operators publish, edit and withdraw the alert banner from the app's operators' page) for good,
 * in the database. OPERATOR_EMAILS names operators from the environment instead, without a write.
 *
 * Usage (same environment as the app: DATA_DIR or DATABASE_URL):
 *   npx tsx server/cli/operators.ts --grant ops@example.com
 *   npx tsx server/cli/operators.ts --revoke ops@example.com
 *   npx tsx server/cli/operators.ts --list
 *
 * The person must have signed up. With the embedded database (no DATABASE_URL) stop the app
 * first: PGlite's files under DATA_DIR belong to one process at a time. A running app sees the
 * change at the person's next page load (their role comes with `GET /api/v1/users/`).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { OPERATOR_ROLE } from '../identity/operators';

const USAGE = 'Usage: npx tsx server/cli/operators.ts --grant <e-mail> | --revoke <e-mail> | --list';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

type Action = { kind: 'grant' | 'revoke'; email: string } | { kind: 'list' };

function parseAction(): Action {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        grant: { type: 'string' },
        revoke: { type: 'string' },
        list: { type: 'boolean', default: false },
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
  const chosen = [values.grant !== undefined, values.revoke !== undefined, values.list].filter(Boolean).length;
  if (chosen !== 1) fail('Give exactly one of --grant, --revoke, --list');
  if (values.list) return { kind: 'list' };
  const kind = values.grant !== undefined ? 'grant' : 'revoke';
  const email = (values.grant ?? values.revoke ?? '').trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) fail(`"${email}" is not an e-mail address`);
  return { kind, email };
}

async function main(): Promise<void> {
  const action = parseAction();
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    if (action.kind === 'list') {
      const { rows } = await db.query<{ email: string }>(
        'SELECT email FROM users WHERE role = $1 ORDER BY lower(email)',
        [OPERATOR_ROLE],
      );
      for (const { email } of rows) console.log(`${email} (database)`);
      for (const email of config.operatorEmails) console.log(`${email} (OPERATOR_EMAILS)`);
      if (rows.length === 0 && config.operatorEmails.length === 0) console.log('No operators.');
      return;
    }
    const role = action.kind === 'grant' ? OPERATOR_ROLE : 'user';
    const { rowCount } = await db.query('UPDATE users SET role = $2, updated_at = now() WHERE lower(email) = $1', [
      action.email,
      role,
    ]);
    if (rowCount === 0) fail(`No user has the address ${action.email}: they sign up first.`);
    console.log(
      action.kind === 'grant'
        ? `${action.email} is an operator.`
        : `${action.email} is no longer an operator (OPERATOR_EMAILS still counts).`,
    );
  } catch (error) {
    if ((error as { code?: string }).code === '42P01')
      fail('The users table does not exist yet: start the app once or run `npm run migrate`.');
    throw error;
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
