import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail read back from the outbox (dev page and tests). */
export interface OutboxMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string | null;
  /** Every http(s) URL in the text body, then any extra hrefs of the HTML body, in order. */
  links: string[];
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.eml$/;

export function isOutboxFileName(name: string): boolean {
  return FILE_NAME.test(name) && !name.includes('..');
}

/** Newest first (file names start with the ISO time). */
export async function listOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = names.filter(isOutboxFileName).sort().reverse();
  return Promise.all(files.map(async (file) => parseEml(file, await readFile(path.join(dir, file), 'utf8'))));
}

export async function readOutboxMail(dir: string, file: string): Promise<OutboxMail | null> {
  if (!isOutboxFileName(file)) return null;
  try {
    return parseEml(file, await readFile(path.join(dir, file), 'utf8'));
  } catch {
    return null;
  }
}

export const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

export function parseEml(file: string, raw: string): OutboxMail {
  const part = parsePart(raw.replace(/\r\n/g, '\n'));
  const text = part.texts.find((t) => t.type === 'text/plain')?.body ?? '';
  const html = part.texts.find((t) => t.type === 'text/html')?.body ?? null;
  const links = [...text.matchAll(URL_PATTERN)].map((m) => m[0]);
  for (const m of (html ?? '').matchAll(/href="([^"]+)"/g)) {
    const href = m[1].replace(/&amp;/g, '&');
    if (/^https?:/.test(href) && !links.includes(href)) links.push(href);
  }
  const h = part.headers;
  return { file, from: h.from ?? '', to: h.to ?? '', subject: h.subject ?? '', date: h.date ?? '', text, html, links };
}

interface ParsedPart {
  headers: Record<string, string>;
  texts: { type: string; body: string }[];
}

/** Just enough MIME for what nodemailer writes: nested multiparts, QP/base64 bodies, encoded words. */
function parsePart(raw: string): ParsedPart {
  const split = raw.indexOf('\n\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return { headers, texts: [] };
    const chunks = body.split(`--${boundary}`).slice(1);
    const texts = chunks
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => parsePart(chunk.replace(/^\n/, '')).texts);
    return { headers, texts };
  }
  return {
    headers,
    texts: [{ type, body: decodeBody(body, headers['content-transfer-encoding']).replace(/\n$/, '') }],
  };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 `=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`; adjacent encoded words join without the space. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, mode: string, data: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
