import { ApiError, type ApiClient, type ApiResponse, type RequestOptions } from '../services/api-client';

/**
 * Test double of core's ApiClient, shared by every plugin's model tests (the HTTP itself is tested
 * against the real server). Only tests import it; nothing in the app does.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RecordedCall {
  method: Method;
  url: string;
  body: unknown;
  /** `options.params`, for short. */
  params?: Record<string, unknown>;
  options?: RequestOptions;
}
type Reply = unknown | ApiError | ((call: RecordedCall) => unknown);

/**
 * A core ApiClient answering from a table of `METHOD path` replies (values, errors, functions of
 * the call, promises), with optional response headers, and recording every call.
 */
export class FakeApiClient implements ApiClient {
  readonly calls: RecordedCall[] = [];
  private readonly replies = new Map<string, { reply: Reply; headers?: Record<string, string> }>();

  reply(method: Method, url: string, reply: Reply, headers?: Record<string, string>): this {
    this.replies.set(`${method} ${url}`, { reply, headers });
    return this;
  }
  callsTo(method: Method, url: string) {
    return this.calls.filter((c) => c.method === method && c.url === url);
  }
  get<T>(url: string, options?: RequestOptions) {
    return this.send<T>('GET', url, undefined, options);
  }
  post<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>('POST', url, body, options);
  }
  put<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>('PUT', url, body, options);
  }
  patch<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>('PATCH', url, body, options);
  }
  delete<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>('DELETE', url, body, options);
  }
  private async send<T>(method: Method, url: string, body: unknown, options?: RequestOptions): Promise<ApiResponse<T>> {
    const call: RecordedCall = { method, url, body, params: options?.params, options };
    this.calls.push(call);
    const found = this.replies.get(`${method} ${url}`);
    if (!found) throw new ApiError(`No fake reply for ${method} ${url}`, 404, 'not_found');
    let reply = found.reply;
    if (typeof reply === 'function') reply = await (reply as (c: RecordedCall) => unknown)(call);
    if (reply instanceof ApiError) throw reply;
    return { data: reply as T, status: 200, headers: found.headers ?? {} };
  }
}
