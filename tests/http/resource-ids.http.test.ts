import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORTS_PATHS } from '../../plugins/exports/common/exports-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember } from './projects-test-kit';

/** One more than PostgreSQL's largest bigint: a 19-digit number no row can have. */
const PAST_BIGINT = '9223372036854775808';

describeOnBothDatabases('resource ids: one shape everywhere (core/common/resource-id.ts)', (ctx) => {
  it('refuses an id too long for a bigint with a 400 and a message (the exports download allowed 19 digits and failed in the database: a 500)', async () => {
    const member = await newMember(ctx);
    const tooLong = await member.client.get(EXPORTS_PATHS.download(PAST_BIGINT));
    expect(tooLong.status).toBe(400);
    expect(typeof tooLong.body.message).toBe('string');
    // The longest id that fits is an ordinary id that names nothing here.
    expect((await member.client.get(EXPORTS_PATHS.download('922337203685477580'))).status).toBe(404);
  });
});

describe('resource ids: written once', () => {
  it('no server or plugin file spells the id pattern itself (a copy drifts: the exports one allowed 19 digits)', () => {
    const files = execFileSync(
      'git',
      [
        'ls-files',
        '--cached',
        '--others',
        '--exclude-standard',
        '--',
        'core',
        'server',
        'plugins',
        'shell',
        'examples',
      ],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts') && file !== 'core/common/resource-id.ts');
    const copies = files.filter((file) =>
      /\[1-9\](?:\[0-9\]|\\d)\{0,1\d\}|\[0-9\]\{1,1\d\}/.test(readFileSync(file, 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});
