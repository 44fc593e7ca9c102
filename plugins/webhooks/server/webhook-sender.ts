import {
  LinkFetchError,
  LinkTooLargeError,
  pinnedFetch,
  UnsafeLinkError,
  type AppConfig,
} from '../../../server/plugin-api';
import { checkedTarget } from './endpoint-address';
import { RESPONSE_EXCERPT_BYTES } from './delivery-tuning';
import { signatureHeaders } from './webhook-signer';

export interface AttemptOutcome {
  ok: boolean;
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

/** Answers larger than this are cut off (and the attempt fails): a receiver's answer is read, never stored whole. */
const MAX_ANSWER_BYTES = 256 * 1024;

function excerptOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.subarray(0, RESPONSE_EXCERPT_BYTES)).toString('utf8');
}

/**
 * One attempt: the URL checked again (the address guard, now), then one POST to exactly the
 * addresses checked, signed, within `timeoutMs` for the whole exchange. A 2xx is success; any
 * other answer, a redirect included, fails the attempt: a redirect is never followed, so it
 * cannot lead a delivery to a private address the guard would refuse.
 */
export async function sendWebhook(
  input: { url: string; id: string; body: string; secrets: string[]; timeoutMs: number },
  config: AppConfig,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const target = await checkedTarget(input.url, config);
    const response = await pinnedFetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Polycue-Webhooks/1',
        ...signatureHeaders({ id: input.id, body: input.body, at: new Date() }, input.secrets),
      },
      body: input.body,
      signal: AbortSignal.timeout(input.timeoutMs),
      timeoutMs: input.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    });
    const excerpt = excerptOf(new Uint8Array(await response.arrayBuffer()));
    const ok = response.status >= 200 && response.status <= 299;
    const location = response.headers.get('location');
    const error = ok
      ? null
      : response.status >= 300 && response.status <= 399
        ? `Answered HTTP ${response.status}: redirects are not followed${location ? ` (to ${location.slice(0, 200)})` : ''}`
        : `Answered HTTP ${response.status}`;
    return { ok, status: response.status, excerpt, error, durationMs: took() };
  } catch (error) {
    const message =
      error instanceof UnsafeLinkError
        ? `Refused: ${error.message}`
        : error instanceof LinkTooLargeError
          ? `The answer was larger than ${MAX_ANSWER_BYTES} bytes`
          : error instanceof LinkFetchError
            ? error.message
            : (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError'
              ? `No answer within ${Math.round(input.timeoutMs / 1000)} s`
              : `Could not connect: ${(error as Error).message}`;
    return { ok: false, status: null, excerpt: null, error: message, durationMs: took() };
  }
}
