import { expectAccessible } from './support/axe';
import { expect, logIn, logOut, newPerson, runCommand, signUpAndConfirm, test, toast } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { dismissNewsletter } from './support/projects-helpers';

/**
 * A passkey as the second factor in Chromium, with its virtual authenticator (CDP WebAuthn
 * domain): added from the profile by keyboard (palette, name, Enter), recovery codes shown once;
 * then a log-in asks for it after the password and lands in the app only once it answers.
 * WebAuthn refuses an IP address as the site's name, so this runs on a server of its own whose
 * address (PUBLIC_URL) is `localhost` instead of the shared server's 127.0.0.1.
 */

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({}, { hostname: 'localhost' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('adds a passkey from the profile by keyboard, then logs in with the password and the passkey', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const person = await signUpAndConfirm(page, newPerson(), server.dataDir);
  await dismissNewsletter(page);

  // The palette lands on the name field; a name and Enter add the key (the authenticator answers).
  await runCommand(page, 'Add a passkey');
  await expect(page).toHaveURL(/\/profile#passkeys$/);
  const name = page.getByRole('textbox', { name: 'Passkey name' });
  await expect(name).toBeFocused();
  await page.keyboard.type('This laptop');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Passkey added')).toBeVisible();
  const codes = page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page, 'passkey added, recovery codes');
  await page.getByRole('button', { name: 'I have kept them' }).focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('This laptop');
  await expect(list).toContainText('not used yet');
  await expect(page.getByText('Two-factor sign-in is on. 10 recovery codes left.')).toBeVisible();
  // Two-factor sign-in is on by the passkey: the app is offered as a further factor.
  await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  // Renamed by keyboard: the button, the field (focused), Enter.
  await page.getByRole('button', { name: 'Rename This laptop' }).focus();
  await page.keyboard.press('Enter');
  const rename = page.getByRole('textbox', { name: 'New name for This laptop' });
  await expect(rename).toBeFocused();
  await rename.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Passkey renamed')).toBeVisible();
  await expect(list).toContainText('Work laptop');
  await expectAccessible(page, 'profile with a passkey');

  // Remove asks first and starts on Cancel: Enter alone removes nothing.
  await page.getByRole('button', { name: 'Remove Work laptop' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Remove Work laptop?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'remove passkey confirmation');
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(list).toContainText('Work laptop');

  await logOut(page);
  await logIn(page, person);
  await expect(page).toHaveURL(/\/users\/two_factor\?step=second_factor_required/);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeFocused();
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  await expectAccessible(page, 'second step with a passkey');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').first()).toBeVisible();

  await runCommand(page, 'Open audit log');
  const log = page.getByRole('grid', { name: 'Audit log' });
  await expect(log).toContainText('Passkey added');

  // Removed after the confirmation (Tab from Cancel to Remove): two-factor sign-in is off again.
  await runCommand(page, 'Rename or remove passkeys');
  await expect(page).toHaveURL(/\/profile#passkeys$/);
  await page.getByRole('button', { name: 'Remove Work laptop' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Remove Work laptop?' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await expect(page.getByText(/^Two-factor sign-in is off\./)).toBeVisible();
  await context.close();
});
