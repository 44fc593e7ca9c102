import { randomBytes } from 'node:crypto';
import { startOidcTestProvider } from '../support/oidc-test-provider';
import { startTestDnsServer } from '../support/test-dns-server';
import { expectAccessible } from './support/axe';
import { expect, logOut, runCommand, test, toast } from './support/fixtures';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * Single sign-on in the browser, against a real OpenID Connect provider (oidc-provider 8) on
 * 127.0.0.1, which the e2e server's LINK_IMPORT_ALLOW_CIDRS allows: an admin opens the SSO admin
 * portal from the palette and connects the provider for a domain; someone of that domain types
 * their e-mail on the log-in page, chooses "Sign in with SSO", signs in on the provider's own
 * log-in page and lands in the app, logged in and in the organisation's account. The domain is
 * proved first with its TXT record, served by a DNS server on the port the e2e server asks
 * (playwright.config.ts DNS_SERVERS).
 */
test('an admin connects an identity provider; a person of its domain signs in with SSO', async ({
  page,
  confirmedUser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const idp = await startOidcTestProvider({
    clients: [
      { client_id: 'polycue-e2e', client_secret: 'e2e-secret', redirect_uris: [`${baseURL}/api/v1/sso/callback`] },
    ],
  });
  const dns = await startTestDnsServer(Number(process.env.POLYCUE_E2E_DNS_PORT));
  try {
    await dismissNewsletter(page);
    await runCommand(page, 'Open SSO admin portal');
    await expect(page).toHaveURL(/\/account\/sso/);
    const form = page.getByRole('form', { name: 'Single sign-on settings' });
    await expect(form).toBeVisible();
    await expect(form).toContainText(`${baseURL}/api/v1/sso/callback`);
    const domain = `acme-${randomBytes(3).toString('hex')}.test`;
    await page.getByLabel('Issuer').fill(idp.issuer);
    await page.getByLabel('Client ID').fill('polycue-e2e');
    await page.getByLabel('Client secret').fill('e2e-secret');
    await page.getByLabel('E-mail domains').fill('not a domain');
    await page.getByLabel('Role of people joining').selectOption('admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'SSO settings could not be saved')).toBeVisible();
    await expect(page.getByLabel('E-mail domains')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('E-mail domains').fill(domain);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'SSO settings saved')).toBeVisible();
    await expect(page.getByText('A secret is stored; leave empty to keep it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible();
    // By keyboard from the palette: the settings page says the outcome.
    await runCommand(page, 'Test SSO connection');
    await expect(page.getByRole('status').filter({ hasText: 'The identity provider answered' })).toBeVisible();
    await expectAccessible(page, 'SSO settings');

    // Not verified yet: the record to add, then "Verify domains" finds it.
    const domains = page.getByRole('list', { name: 'Domains' });
    await expect(domains.getByRole('listitem')).toHaveText(`${domain} Not verified`);
    await page.getByRole('button', { name: 'Verify domains' }).click();
    await expect(domains).toContainText('No TXT record with this account’s value was found yet');
    dns.txt(domain, [(await page.getByLabel('TXT record').textContent())!]);
    // By keyboard from the palette this time.
    await runCommand(page, 'Verify SSO domains');
    await expect(domains.getByRole('listitem')).toHaveText(`${domain} Verified`);
    await expect(page.getByRole('button', { name: 'Verify domains' })).toHaveCount(0);

    await logOut(page);
    await page.getByLabel('E-mail').fill(`sam@${domain}`);
    await expectAccessible(page, 'log-in with single sign-on');
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    // The provider's own log-in page, with the e-mail as its login hint.
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await expect(page.locator('input[name="login"]')).toHaveValue(`sam@${domain}`);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // A new user: the survey first, as after sign-up; then the app, logged in.
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The provider vouched for the address: no confirmation mail to wait for.
    await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Joined as an admin (the role chosen above), the app opens in the organisation's account.
    await expect(page.getByLabel('Account', { exact: true }).locator('option:checked')).toHaveText(
      `${confirmedUser.name}'s account`,
    );
    await dismissNewsletter(page);
    await runCommand(page, 'Open profile');
    await expect(page.getByText(`sam@${domain}`).first()).toBeVisible();
  } finally {
    await idp.close();
    await dns.close();
  }
});

test("an e-mail whose domain has no single sign-on says the spec's 'Authentication failed', with the reason", async ({
  page,
}) => {
  await page.goto('/users/sign_in');
  await page.getByLabel('E-mail').fill(`someone@nowhere-${randomBytes(3).toString('hex')}.test`);
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  const refused = toast(page, 'Authentication failed');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('Single sign-on is not set up for this e-mail domain');
  await expect(page).toHaveURL(/\/users\/sign_in$/);
});
