import { ApiError, type ApiClient, type ApiResponse, type RequestOptions } from '../services/api-client';

/**
 * Test double of core's ApiClient, shared by every plugin's model tests (the HTTP itself is tested
 * against the real server). Only tests import it; nothing in the app does.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface RecordedCall {
  method: Method;
  url: string;
  body: unknown;
  params?: Record<string, unknown>;
}
type Reply = unknown | ApiError | ((call: RecordedCall) => unknown);

/** A core ApiClient answering from a table of `METHOD path` replies (values, errors, functions, promises) and recording every call. */
export class FakeApiClient implements ApiClient {
  readonly calls: RecordedCall[] = [];
  private readonly replies = new Map<string, Reply>();

  reply(method: Method, url: string, reply: Reply): this {
    this.replies.set(`${method} ${url}`, reply);
    return this;
  }
  callsTo(method: Method, url: string) {
    return this.calls.filter((c) => c.method === method && c.url === url);
  }
  get<T>(url: string, options?: RequestOptions) {
    return this.send<T>({ method: 'GET', url, body: undefined, params: options?.params });
  }
  post<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'POST', url, body });
  }
  put<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'PUT', url, body });
  }
  patch<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'PUT', url, body });
  }
  delete<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'DELETE', url, body });
  }
  private async send<T>(call: RecordedCall): Promise<ApiResponse<T>> {
    this.calls.push(call);
    const key = `${call.method} ${call.url}`;
    if (!this.replies.has(key)) throw new ApiError(`No fake reply for ${key}`, 404, 'not_found');
    let reply = this.replies.get(key);
    if (typeof reply === 'function') reply = await (reply as (c: RecordedCall) => unknown)(call);
    if (reply instanceof ApiError) throw reply;
    return { data: reply as T, status: 200, headers: {} };
  }
}
