import { randomBytes } from 'node:crypto';
import { type Page, expect } from '@playwright/test';
import { e2eDataDir } from './e2e-env';
import { linkIn, readOutbox, waitForMail } from './outbox';

/** A person who signs up in a test; every call gives a new, unique e-mail. */
export interface Person {
  name: string;
  lastName: string;
  email: string;
  password: string;
}

export function newPerson(overrides: Partial<Person> = {}): Person {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    name: 'Ada',
    lastName: 'Newcomer',
    email: `ada.${tag}@example.com`,
    password: `pw-${tag}-Secret!`,
    ...overrides,
  };
}

/** Fills and sends the sign-up form as a person would; stays on whatever page follows. */
export async function submitSignUp(page: Page, person: Person): Promise<void> {
  await page.goto('/users/sign_up');
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Password confirmation').fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Sign-up that must succeed: ends on the onboarding survey. */
export async function signUp(page: Page, person: Person = newPerson()): Promise<Person> {
  await submitSignUp(page, person);
  await expect(page).toHaveURL(/\/onboarding$/);
  return person;
}

/** Sends the survey (every question is optional); ends on /onboarding/check_email. */
export async function answerSurvey(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/check_email$/);
}

/** Opens the confirmation link of the newest confirmation mail to `email` in this page (`dataDir`: another server's). */
export async function confirmEmail(page: Page, email: string, dataDir = e2eDataDir()): Promise<void> {
  const mail = await waitForMail(dataDir, { to: email, subject: /confirm/i });
  await page.goto(linkIn(mail, '/users/confirmation'));
}

export async function logIn(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<void> {
  await page.goto('/users/sign_in');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * The newcomer's way in, through the real pages and the real outbox: sign up, answer the survey,
 * open the confirmation mail's link, log in when the link did not leave us logged in.
 * Ends on `/`, logged in and confirmed.
 */
export async function signUpAndConfirm(page: Page, person: Person = newPerson(), dataDir?: string): Promise<Person> {
  await signUp(page, person);
  await answerSurvey(page);
  await confirmEmail(page, person.email, dataDir);
  if (new URL(page.url()).pathname !== '/') await logIn(page, person);
  await expect(page).toHaveURL(/\/$/);
  return person;
}

/** Mails to `email` so far: take this before an action, then `waitForMail(..., { excluding })`. */
export async function mailsTo(email: string) {
  return (await readOutbox(e2eDataDir())).filter((mail) => mail.to.includes(email));
}

/** A toast with this title (toasts are role=status, errors role=alert), not the same text inline. */
export function toast(page: Page, title: string | RegExp) {
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: title }).first();
}

/** Runs a palette command by typing its title, as a keyboard user does. */
export async function runCommand(page: Page, title: string): Promise<void> {
  // As a keyboard user does: at full speed, with no waits. The palette keeps every key typed
  // before its search box has focus, and Enter runs the best match once it is known.
  await page.keyboard.press(process.platform === 'darwin' ? 'Meta+k' : 'Control+k');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
}

/** Logs out through the palette and waits until the log-in page shows. */
export async function logOut(page: Page): Promise<void> {
  await runCommand(page, 'Log out');
  await expect(page).toHaveURL(/\/users\/sign_in$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}
