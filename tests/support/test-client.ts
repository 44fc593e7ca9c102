import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../core/common/csrf';

export interface TestResponse<T = any> {
  status: number;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
  /** Cookies this response set (name -> value; '' when it cleared one). */
  cookies: Record<string, string>;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Override the X-CSRF-Token header for this call; `null` sends none. */
  csrfToken?: string | null;
}

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer | string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser stand-in over `app.inject`: keeps cookies, loads `/` before its first call to take
 * the CSRF token from the meta tag (like the real page), sends it on every write and picks up
 * the new token from the CSRF-TOKEN cookie after log-in and log-out.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;
  private visited: boolean;

  constructor(
    private readonly app: FastifyInstance,
    options: { visit?: boolean } = {},
  ) {
    this.visited = options.visit === false;
  }

  /** GET / as a browser: session cookie, CSRF cookie and the meta-tag token. */
  async visit(path = '/'): Promise<TestResponse<string>> {
    this.visited = true;
    const res = await this.request('GET', path, undefined, { headers: { accept: 'text/html' } });
    const meta = /<meta name="csrf-token" content="([^"]*)"/.exec(res.text)?.[1];
    if (meta) this.csrfToken = meta;
    return res;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, undefined, options);
  }
  post(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('POST', path, json, options);
  }
  put(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('PUT', path, json, options);
  }
  patch(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, json, options);
  }
  delete(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('DELETE', path, json, options);
  }

  /** application/x-www-form-urlencoded, Devise style: pass `{ 'user[email]': 'a@b.c' }`. */
  postForm(path: string, fields: Record<string, string>, options?: RequestOptions) {
    return this.request('POST', path, new URLSearchParams(fields).toString(), {
      ...options,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...options?.headers },
    });
  }

  postMultipart(
    path: string,
    parts: { fields?: Record<string, string>; files?: MultipartFile[] },
    options?: RequestOptions,
  ) {
    const boundary = `----polycue${randomBytes(8).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(parts.fields ?? {})) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const file of parts.files ?? []) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return this.request('POST', path, Buffer.concat(chunks), {
      ...options,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...options?.headers },
    });
  }

  async request<T = any>(
    method: Method,
    path: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    if (!this.visited) await this.visit();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = options.csrfToken === undefined ? this.csrfToken : options.csrfToken;
    if (method !== 'GET' && token !== null) headers[CSRF_HEADER.toLowerCase()] = token;
    let body: string | Buffer | undefined;
    if (payload === undefined) body = undefined;
    else if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
    else {
      body = JSON.stringify(payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.inject({ method, url: path, headers, payload: body });
    const set: Record<string, string> = {};
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      set[cookie.name] = cleared ? '' : cookie.value;
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    if (set[CSRF_COOKIE]) this.csrfToken = decodeURIComponent(set[CSRF_COOKIE]);
    const contentType = String(res.headers['content-type'] ?? '');
    let parsed: unknown = res.body;
    if (contentType.includes('json') && res.body) {
      try {
        parsed = JSON.parse(res.body);
      } catch {
        parsed = res.body;
      }
    }
    return { status: res.statusCode, body: parsed as T, text: res.body, headers: res.headers, cookies: set };
  }
}
