import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { inject, injectable, unmanaged } from 'inversify';
import { TOKENS } from '../di/tokens';
import { CSRF_HEADER } from '../common/csrf';
import { type CsrfTokenSource } from './csrf-token';

/** Every failed call becomes this: a status, a human message, and the server's machine code/field. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    readonly field: string | null = null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: AxiosRequestConfig['responseType'];
  onUploadProgress?: AxiosRequestConfig['onUploadProgress'];
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

export interface ApiClient {
  get<T>(url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * axios with the CSRF header on every write and one error shape for every failure.
 * axios is imported on first use (the import starts at construction, in parallel with the first
 * render), which keeps its ~22 KB gzip out of the shell's initial JavaScript.
 */
@injectable()
export class AxiosApiClient implements ApiClient {
  private readonly http: Promise<AxiosInstance>;

  constructor(@inject(TOKENS.CsrfTokenSource) csrf: CsrfTokenSource, @unmanaged() baseURL: string = '') {
    this.http = import('axios').then(({ default: axios }) => {
      const http = axios.create({ baseURL, withCredentials: true, headers: { Accept: 'application/json' } });
      http.interceptors.request.use((config) => {
        const token = csrf.current();
        if (token && WRITES.has((config.method ?? 'get').toLowerCase())) config.headers.set(CSRF_HEADER, token);
        return config;
      });
      return http;
    });
  }

  get<T>(url: string, options?: RequestOptions) {
    return this.send<T>({ method: 'get', url, ...options });
  }
  post<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>({ method: 'post', url, data: body, ...options });
  }
  put<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>({ method: 'put', url, data: body, ...options });
  }
  patch<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>({ method: 'patch', url, data: body, ...options });
  }
  delete<T>(url: string, body?: unknown, options?: RequestOptions) {
    return this.send<T>({ method: 'delete', url, data: body, ...options });
  }

  private async send<T>(config: AxiosRequestConfig): Promise<ApiResponse<T>> {
    try {
      const response = await (await this.http).request<T>(config);
      return { data: response.data, status: response.status, headers: flattenHeaders(response.headers) };
    } catch (error) {
      throw normaliseError(error);
    }
  }
}

function flattenHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((headers ?? {}) as Record<string, unknown>)) {
    if (value != null) out[key.toLowerCase()] = String(value);
  }
  return out;
}

/** Server errors look like `{ statusCode, error, message, code?, field? }` (Fastify's shape plus code/field). */
export function normaliseError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (!error.response) return new ApiError('The server could not be reached', 0, 'network_error');
    const body = error.response.data as Record<string, unknown> | undefined;
    const message =
      (typeof body?.message === 'string' && body.message) ||
      (typeof body?.error === 'string' && body.error) ||
      error.message;
    const code = typeof body?.code === 'string' ? body.code : null;
    const field = typeof body?.field === 'string' ? body.field : null;
    return new ApiError(message, error.response.status, code, field, body ?? null);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 0);
}

function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}
