import { CSRF_COOKIE, CSRF_HEADER } from '../../core/common/csrf';

export interface BrowserResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** Which web process answered. */
  servedBy: string;
  json<T = any>(): T;
  text(): string;
}

/**
 * A browser stand-in over real HTTP that sends each request to the next of several web
 * processes in turn, as a round-robin proxy would: one cookie jar, the CSRF token from the
 * CSRF-TOKEN cookie (as the page reads it after log-in), redirects not followed.
 */
export class AlternatingBrowser {
  readonly cookies = new Map<string, string>();
  readonly served: string[] = [];
  private turn = 0;

  constructor(readonly baseUrls: string[]) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const baseUrl = this.baseUrls[this.turn++ % this.baseUrls.length]!;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (method !== 'GET' && method !== 'HEAD' && csrf) headers[CSRF_HEADER.toLowerCase()] = decodeURIComponent(csrf);
    let body: Buffer | string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      const cleared = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('=').trim());
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    this.served.push(baseUrl);
    return {
      status: res.status,
      headers: res.headers,
      body: bytes,
      servedBy: baseUrl,
      json: () => JSON.parse(bytes.toString('utf8')),
      text: () => bytes.toString('utf8'),
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, json?: unknown) {
    return this.request('POST', path, { json });
  }
  put(path: string, json?: unknown) {
    return this.request('PUT', path, { json });
  }
}
