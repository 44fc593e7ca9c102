import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../../server/plugin-api';
import { browserRenditionKey } from '../../projects/common/browser-rendition';

/**
 * HTTP Range requests for media (RFC 9110 section 14): what a <video> element sends to seek.
 * One range only; a multi-range request is answered with the whole file (allowed by the RFC and
 * what browsers never send for media anyway).
 */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseByteRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (size === 0) return { kind: 'unsatisfiable' };
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    const length = Number(match[2]);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/**
 * Answers with a stored media file as a <video> element wants it: the whole file, the one range
 * asked (206) or 416; `missing` answers when the key names nothing (each caller says it its way).
 * Used by the public share page and by the editor.
 */
export async function sendStoredMedia(
  storage: Storage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  missing: () => FastifyReply | Promise<FastifyReply>,
): Promise<FastifyReply> {
  // A seek (a Range header) reads only its part when the store can tell the size without opening
  // the file; otherwise the file is opened once, for its size and, when wanted whole, its bytes.
  const seek = Boolean(request.headers.range && storage.stat);
  const whole = seek ? null : await storage.get(key);
  const info = seek ? await storage.stat!(key) : whole;
  if (!info) return missing();
  const range = parseByteRange(request.headers.range, info.size);
  reply
    .type(info.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (range.kind === 'unsatisfiable') {
    if (whole) destroy(whole.stream);
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  if (range.kind === 'whole') {
    const body = whole ?? (await storage.get(key));
    if (!body) return missing();
    return reply.header('content-length', info.size).send(body.stream);
  }
  if (whole) destroy(whole.stream);
  const part = await storage.get(key, { start: range.start, end: range.end });
  if (!part) return missing();
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(part.stream);
}

function destroy(stream: NodeJS.ReadableStream): void {
  (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
}

/**
 * A version's media for a player (the editor, the share page): the copy a browser plays when the
 * projects plugin made one (an AVI, an MPEG-TS, AC-3 in MKV…), else the media as uploaded. Without
 * a copy, `askForCopy` runs first: media stored before copies were made was never given one, so the
 * player's request asks for it (once; the projects plugin's job decides whether a browser needs
 * it). Meanwhile the upload is served, and a page whose browser cannot play it says so, as before.
 */
export function sendPlayableMedia(
  storage: Storage,
  mediaKey: string,
  request: FastifyRequest,
  reply: FastifyReply,
  missing: () => FastifyReply,
  askForCopy: (mediaKey: string) => Promise<unknown>,
): Promise<FastifyReply> {
  return sendStoredMedia(storage, browserRenditionKey(mediaKey), request, reply, async () => {
    await askForCopy(mediaKey);
    return sendStoredMedia(storage, mediaKey, request, reply, missing);
  });
}
