import type { Mail } from '../../../server/plugin-api';
import { RESET_TOKEN_TTL_HOURS } from '../common/auth-contract';

/** The three auth mails: plain text for every client, a simple HTML part with the same link. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function mail(to: string, subject: string, lines: string[], link: string, linkLabel: string, after: string[]): Mail {
  const text = [...lines, '', link, '', ...after].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}

export function confirmationMail(publicUrl: string, to: string, token: string): Mail {
  const link = `${publicUrl}/users/confirmation?confirmation_token=${encodeURIComponent(token)}`;
  return mail(
    to,
    'Confirm your Polycue account',
    ['Welcome to Polycue!', 'Confirm your e-mail address through the link below:'],
    link,
    'Confirm my account',
    ['If you did not sign up for Polycue, ignore this mail.'],
  );
}

export function emailChangeMail(publicUrl: string, to: string, token: string): Mail {
  const link = `${publicUrl}/users/confirmation?confirmation_token=${encodeURIComponent(token)}`;
  return mail(
    to,
    'Confirm your new e-mail address',
    ['You asked to use this address for your Polycue account.', 'Confirm it through the link below:'],
    link,
    'Confirm my new e-mail address',
    ['Until you do, your account keeps its previous address. If you did not ask for this, ignore this mail.'],
  );
}

export function resetPasswordMail(publicUrl: string, to: string, token: string): Mail {
  const link = `${publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
  return mail(
    to,
    'Reset your Polycue password',
    ['Someone asked to reset the password of your Polycue account.', 'Choose a new password through the link below:'],
    link,
    'Change my password',
    [
      `The link works for ${RESET_TOKEN_TTL_HOURS} hours. If you did not ask for this, ignore this mail: your password stays the same.`,
    ],
  );
}

/** Resend-confirmation for an address already confirmed: the answer is the same as for any address, the mail says what to do. */
export function alreadyConfirmedMail(publicUrl: string, to: string): Mail {
  const link = `${publicUrl}/users/sign_in`;
  return mail(
    to,
    'Your Polycue account is already confirmed',
    ['Someone asked to confirm this address again, but it is already confirmed.', 'Log in through the link below:'],
    link,
    'Log in',
    [
      'Forgot your password? Choose "Forgot your password?" on that page. If you did not ask for this, ignore this mail.',
    ],
  );
}
