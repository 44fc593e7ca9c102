import {
  fillPath,
  type CallOptions,
  type HttpMethod,
  type Operation,
  type PathsWith,
  type ResponseOf,
} from './api-types';
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

  /**
   * A documented route (its OpenAPI path, as in cli/generated/api-types.ts), with its parameters,
   * query and body; the raw response (a file download reads its body as a stream).
   */
  send<M extends HttpMethod, P extends PathsWith<M>>(
    method: M,
    path: P,
    options: CallOptions<Operation<P, M>>,
  ): Promise<Response> {
    const {
      params,
      query: search,
      body,
    } = options as { params?: Record<string, string>; query?: object; body?: unknown };
    return this.request(method.toUpperCase(), `${fillPath(path, params)}${query(search ?? {})}`, body);
  }

  /** A documented route's JSON answer, typed by the document. */
  async call<M extends HttpMethod, P extends PathsWith<M>>(
    method: M,
    path: P,
    options: CallOptions<Operation<P, M>>,
  ): Promise<ResponseOf<Operation<P, M>>> {
    const response = await this.send(method, path, options);
    return (await response.json()) as ResponseOf<Operation<P, M>>;
  }

  /**
   * A route this build may not have (an optional plugin's), typed by hand as any HTTP client
   * would: the generated types describe only the routes of the app they were made from.
   */
  async getHandTyped<T>(path: string): Promise<T> {
    return (await (await this.request('GET', path)).json()) as T;
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
export function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
