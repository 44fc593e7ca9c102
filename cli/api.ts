import { CliError, EXIT, exitCodeOfStatus } from './exit-codes';
import type { CliConfig } from './config';

/** The server's error body (server/http/errors.ts): people's words in `message`, the field at fault in `field`. */
interface ErrorBody {
  message?: string;
  code?: string;
  field?: string | null;
}

/**
 * Calls `/api/v1` with the API token (`Authorization: Bearer`), the way the open API documents
 * it (`/api/openapi.json`): no cookie, no CSRF token. Every failure becomes a CliError whose exit
 * code says what kind it was, and whose message is the server's own sentence.
 */
export class PolycueApi {
  constructor(private readonly config: Pick<CliConfig, 'server' | 'token'>) {}

  get server(): string {
    return this.config.server;
  }

  get token(): string {
    return this.config.token;
  }

  url(pathAndQuery: string): string {
    return new URL(pathAndQuery, this.config.server).href;
  }

  async request(method: string, pathAndQuery: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(this.url(pathAndQuery), {
        method,
        headers: {
          authorization: `Bearer ${this.config.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        `Polycue at ${this.config.server} could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
        EXIT.unavailable,
      );
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async json<T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> {
    const response = await this.request(method, pathAndQuery, body);
    return (await response.json()) as T;
  }

  get<T>(pathAndQuery: string): Promise<T> {
    return this.json<T>('GET', pathAndQuery);
  }
}

async function errorOf(response: Response): Promise<CliError> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // not JSON (a proxy's page): the status says enough
  }
  const where = body.field ? ` (${body.field})` : '';
  const message = body.message || response.statusText || 'The request failed';
  return new CliError(`${message}${where} [HTTP ${response.status}]`, exitCodeOfStatus(response.status));
}

/** `?a=1&b=x,y` from an object, leaving out empty values. */
export function query(params: Record<string, string | number | string[] | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
