import type { Mail } from '../../../server/plugin-api';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The mail an unknown address receives: signing up with this address joins the account. */
export function invitationMail(publicUrl: string, to: string, accountName: string, inviterName: string): Mail {
  const link = `${publicUrl}/users/sign_up?email=${encodeURIComponent(to)}`;
  const lines = [
    `${inviterName} invited you to join "${accountName}" on Polycue.`,
    'Sign up with this e-mail address through the link below and you will find the account waiting for you:',
  ];
  const after = ['If you did not expect this invitation, ignore this mail.'];
  return {
    to,
    subject: `You are invited to ${accountName} on Polycue`,
    text: [...lines, '', link, '', ...after].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Join ${escapeHtml(accountName)}</a></p>`,
      ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    ].join('\n'),
  };
}
