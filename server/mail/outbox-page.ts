import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors';
import type { AppConfig } from '../http/request-context';
import { listOutbox, readOutboxMail, URL_PATTERN } from './outbox';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes the text and turns every URL into a link (the URL is escaped too, inside and out). */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noopener">${escapeHtml(url)}</a>`;
    last = (match.index ?? 0) + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d2330}
table{border-collapse:collapse;width:100%}td,th{padding:.4rem .6rem;border-bottom:1px solid #e3e6ec;text-align:left}
pre{white-space:pre-wrap;background:#f6f7f9;padding:1rem;border-radius:6px}dt{font-weight:600}dd{margin:0 0 .5rem}
</style></head><body>${body}</body></html>`;
}

/** 127.0.0.0/8 and ::1, however Node spells them (an IPv4 client on a dual-stack socket is ::ffff:127.…). */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * A client on this machine. request.ip honours TRUSTED_PROXIES; a forwarding header that was not
 * resolved (an untrusted proxy on this machine, e.g. nginx on 127.0.0.1 in front of a public
 * site) means the client is somewhere else, so it is refused too.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const unresolvedProxy = forwarded && request.ip === request.socket.remoteAddress;
  return isLoopbackAddress(request.ip) && !unresolvedProxy;
}

/**
 * Development mail outbox: the mails the app "sent", with clickable links. No scripts at all.
 * Served only to loopback clients (options.public: to anyone, OUTBOX_PUBLIC=1 for a demo): its
 * password-reset mails would otherwise hand any visitor any account.
 */
export async function outboxPageRoutes(
  app: FastifyInstance,
  options: { outboxDir: string; public: boolean },
): Promise<void> {
  const { outboxDir } = options;

  app.addHook('onRequest', async (request, reply) => {
    if (options.public || isLocalClient(request)) return;
    return reply
      .code(403)
      .send(
        errorBody(
          403,
          'outbox_local_only',
          'The mail outbox is served only on the machine running Polycue (set OUTBOX_PUBLIC=1 for a demo).',
        ),
      );
  });

  app.get('/dev/outbox', { config: { access: 'public' } }, async (_request, reply) => {
    const mails = await listOutbox(outboxDir);
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${escapeHtml(mail.date)}</td><td>${escapeHtml(mail.to)}</td>` +
          `<td><a href="/dev/outbox/${encodeURIComponent(mail.file)}">${escapeHtml(mail.subject || '(no subject)')}</a></td></tr>`,
      )
      .join('\n');
    const body = mails.length
      ? `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No mail yet.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Mail outbox', `<h1>Mail outbox</h1>${body}`));
  });

  app.get<{ Params: { file: string } }>(
    '/dev/outbox/:file',
    { config: { access: 'public' } },
    async (request, reply) => {
      const mail = await readOutboxMail(outboxDir, request.params.file);
      if (!mail) return reply.code(404).send(errorBody(404, 'not_found', 'No such mail'));
      const body = `<p><a href="/dev/outbox">&larr; Outbox</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Date</dt><dd>${escapeHtml(mail.date)}</dd></dl>
<pre>${linkify(mail.text)}</pre>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(mail.subject, body));
    },
  );
}

/**
 * Where mail goes, said at start. A production start without SMTP_URL is allowed (`npm start` is
 * the README's "First run", and it runs NODE_ENV=production with the outbox) but said loudly: no
 * user gets a mail, and the outbox only reaches whoever sits at this machine.
 */
export function outboxStartMessage(
  config: Pick<AppConfig, 'outboxPublic' | 'isProduction' | 'dataDir'>,
  port: number,
): { line: string; warning: string | null } {
  const who = config.outboxPublic
    ? 'served to ANY client (OUTBOX_PUBLIC=1)'
    : 'this machine only; OUTBOX_PUBLIC=1 serves it to anyone, for a demo';
  const line = `Mail outbox: http://localhost:${port}/dev/outbox (${who})`;
  if (!config.isProduction) return { line, warning: null };
  return {
    line,
    warning: `WARNING: NODE_ENV=production without SMTP_URL: mail goes nowhere (only to ${config.dataDir}/outbox); set SMTP_URL to send it.`,
  };
}
