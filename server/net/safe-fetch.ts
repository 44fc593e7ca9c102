import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { LinkFetchError, LinkTooLargeError, UnsafeLinkError } from './link-errors';
import { pinnedRequest, resolvePublic, type PublicTarget, type TargetOptions } from './public-target';

export { resolvePublic, resolvePublicHost, type PublicTarget } from './public-target';

export interface SafeFetchOptions extends TargetOptions {
  /** The body may not exceed this; a larger Content-Length fails at once, a longer stream mid-way. */
  maxBytes: number;
  signal?: AbortSignal;
  /** The whole exchange, body included (default 30 minutes: big files on slow hosts). */
  timeoutMs?: number;
  /** No byte received for this long fails the request (default 30 s). */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
}

export interface SafeResponse {
  /** After redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  contentLength: number | null;
  /** Must be consumed or destroyed; errors with LinkTooLargeError past `maxBytes`. */
  body: Readable;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; Polycue link import)',
  accept: '*/*',
  // A compressed body would make the byte limit count the wrong thing.
  'accept-encoding': 'identity',
};

function requestOnce(target: PublicTarget, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = pinnedRequest(target, {
      method: 'GET',
      headers: { ...DEFAULT_HEADERS, ...options.headers },
      signal,
    });
    request.setTimeout(options.idleTimeoutMs ?? 30_000, () => {
      request.destroy(new LinkFetchError(`${target.hostname} sent nothing for ${options.idleTimeoutMs ?? 30_000} ms`));
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

function limitedBody(response: IncomingMessage, maxBytes: number): Readable {
  let received = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) callback(new LinkTooLargeError(maxBytes, received));
      else callback(null, chunk);
    },
  });
  response.on('error', (error) => limiter.destroy(error));
  limiter.on('close', () => response.destroy());
  return response.pipe(limiter);
}

function asFetchError(error: unknown, signal: AbortSignal, callerSignal?: AbortSignal): unknown {
  if (error instanceof UnsafeLinkError || error instanceof LinkTooLargeError || error instanceof LinkFetchError)
    return error;
  if (signal.aborted && !callerSignal?.aborted) return new LinkFetchError('The link took too long to download');
  if (callerSignal?.aborted) return error;
  return new LinkFetchError(`The link could not be fetched: ${(error as Error).message}`);
}

/**
 * GET a user's link safely: every hop (the link and each redirect) is resolved and checked, the
 * socket connects to exactly the checked address, redirects are followed by hand, and the body is
 * cut off past `maxBytes`.
 */
export async function safeFetch(link: string | URL, options: SafeFetchOptions): Promise<SafeResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30 * 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const maxRedirects = options.maxRedirects ?? 5;
  let url = link instanceof URL ? link : new URL(link);
  try {
    for (let hop = 0; ; hop += 1) {
      const target = await resolvePublic(url, options);
      const response = await requestOnce(target, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        if (hop >= maxRedirects)
          throw new UnsafeLinkError('redirects', `The link redirected more than ${maxRedirects} times`);
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new LinkFetchError(`${target.hostname} answered HTTP ${status}`, status);
      }
      const announced = response.headers['content-length'];
      const contentLength = announced !== undefined && /^\d+$/.test(announced) ? Number(announced) : null;
      if (contentLength !== null && contentLength > options.maxBytes) {
        response.destroy();
        throw new LinkTooLargeError(options.maxBytes, contentLength);
      }
      return { url, status, headers: response.headers, contentLength, body: limitedBody(response, options.maxBytes) };
    }
  } catch (error) {
    throw asFetchError(error, signal, options.signal);
  }
}
