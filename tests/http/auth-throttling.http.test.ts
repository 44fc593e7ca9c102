import { expect, it } from 'vitest';
import { AUTH_PATHS } from '../../plugins/auth/common/auth-contract';
import { loadConfig } from '../../server/config';
import { describeOnBothDatabases } from '../support/test-app';
import { confirmedUser, PASSWORD, uniqueEmail } from './auth-test-helpers';

/**
 * Log-in throttling against an attacker who forges X-Forwarded-For (issue 14). The app runs as
 * in production; only proxies named in TRUSTED_PROXIES may tell it the client's address, and the
 * limit counts per account (the e-mail tried) as well as per address.
 */

const LIMIT = 10;
const wrongPassword = (email: string) => ({ user: { email, password: 'not the password' } });

async function tries(
  ctx: { client(): { post: Function } },
  count: number,
  email: (i: number) => string,
): Promise<number[]> {
  const client = ctx.client();
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await client.post(AUTH_PATHS.signIn, wrongPassword(email(i)), {
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(res.status);
  }
  return statuses;
}

describeOnBothDatabases(
  'log-in throttling without a trusted proxy',
  { config: { isProduction: true, authRateLimitPerMinute: LIMIT } },
  (ctx) => {
    it('counts 20 wrong passwords with a new X-Forwarded-For each against the real address: throttled', async () => {
      const statuses = await tries(ctx, 20, (i) => uniqueEmail(`t${i}`));
      expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(20 - LIMIT).fill(429)]);
    });
  },
);

describeOnBothDatabases(
  'log-in throttling behind a named proxy',
  { config: { isProduction: true, authRateLimitPerMinute: LIMIT, trustedProxies: ['127.0.0.1/32'] } },
  (ctx) => {
    it('believes the named proxy about the address; strangers guessing an account never lock its owner out', async () => {
      // Different people behind the proxy: each is its own address, none is throttled.
      const people = await tries(ctx, LIMIT + 5, (i) => uniqueEmail(`p${i}`));
      expect(people).toEqual(people.map(() => 401));
      // One account guessed from 20 addresses (issue 22: 34 addresses locked the owner out, reset
      // included): each address has its own budget, and the owner's count is not theirs.
      const { email: victim } = await confirmedUser(ctx);
      const statuses = await tries(ctx, 20, () => victim.toUpperCase());
      expect(statuses).toEqual(statuses.map(() => 401));
      const owner = ctx.client();
      const home = { headers: { 'x-forwarded-for': '198.51.100.7' } };
      expect((await owner.post(AUTH_PATHS.password, { user: { email: victim } }, home)).status).toBe(200);
      expect((await owner.post(AUTH_PATHS.signIn, { user: { email: victim, password: PASSWORD } }, home)).status).toBe(
        200,
      );
      // One address guessing the account is still throttled at the limit.
      const guesser = ctx.client();
      const fromOne: number[] = [];
      for (let i = 0; i < LIMIT + 3; i++)
        fromOne.push(
          (
            await guesser.post(AUTH_PATHS.signIn, wrongPassword(victim), {
              headers: { 'x-forwarded-for': '203.0.113.250' },
            })
          ).status,
        );
      expect(fromOne).toEqual([...Array(LIMIT).fill(401), 429, 429, 429]);
      expect(
        (
          await guesser.post(AUTH_PATHS.signIn, wrongPassword(victim), {
            headers: { 'x-forwarded-for': '203.0.113.250' },
          })
        ).body,
      ).toMatchObject({ code: 'rate_limited' });
    });
  },
);

it('reads TRUSTED_PROXIES as addresses or ranges, none by default, and stops on a typo', () => {
  expect(loadConfig({}).trustedProxies).toEqual([]);
  expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16, ::1' }).trustedProxies).toEqual([
    '10.0.0.1/32',
    '192.168.0.0/16',
    '::1/128',
  ]);
  expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/);
});
