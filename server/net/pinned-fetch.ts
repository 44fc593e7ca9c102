import { LinkFetchError, LinkTooLargeError } from './link-errors';
import { pinnedRequest, type PublicTarget } from './public-target';

export interface PinnedFetchInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal | null;
  /** The answer's body may not exceed this (default 1 MiB: discovery documents, tokens, keys). */
  maxBytes?: number;
  /** The whole exchange (default 15 s). */
  timeoutMs?: number;
}

/**
 * A WHATWG `fetch` to a target `resolvePublic` already checked, over node:http(s) with the checked
 * addresses pinned (pinnedRequest): the socket goes where the check looked, so a name that answers
 * with a public address to the check and a private one to the connection (DNS rebinding) cannot
 * aim the request at the server's own network. Host header and TLS name stay the URL's. No
 * redirects are followed (a 3xx comes back as it is). For clients that take a fetch function
 * (openid-client's customFetch); streaming downloads use safeFetch.
 */
export function pinnedFetch(target: PublicTarget, init: PinnedFetchInit = {}): Promise<Response> {
  const maxBytes = init.maxBytes ?? 1024 * 1024;
  const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
  const body = init.body == null ? null : init.body instanceof URLSearchParams ? init.body.toString() : init.body;
  if (body !== null && init.body instanceof URLSearchParams && !headers['content-type'])
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return new Promise<Response>((resolve, reject) => {
    const request = pinnedRequest(target, { method: init.method ?? 'GET', headers, signal: init.signal ?? undefined });
    request.setTimeout(init.timeoutMs ?? 15_000, () =>
      request.destroy(new LinkFetchError(`${target.hostname} did not answer in time`)),
    );
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) response.destroy(new LinkTooLargeError(maxBytes, size));
        else chunks.push(chunk);
      });
      response.once('error', reject);
      response.once('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
        }
        const status = response.statusCode ?? 502;
        // A Response may not carry a body for these statuses.
        const noBody = status === 204 || status === 304 || (init.method ?? 'GET') === 'HEAD';
        resolve(
          new Response(noBody ? null : Buffer.concat(chunks), {
            status,
            statusText: response.statusMessage,
            headers: answer,
          }),
        );
      });
    });
    if (body !== null) request.write(body);
    request.end();
  });
}
