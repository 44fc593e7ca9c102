import type { CookieService } from './cookie-service';
import { CSRF_COOKIE } from '../common/csrf';

export interface CsrfTokenSource {
  current(): string | null;
  /** Re-reads the token from the cookie the server set (after log-in and log-out, Rails-style). */
  refresh(): void;
}

type PageGlobal = { __POLYCUE__?: { csrfToken?: string } };

/** Token from `<meta name="csrf-token">`, else the page's global object, then refreshed from the cookie. */
export class PageCsrfTokenSource implements CsrfTokenSource {
  private token: string | null;

  constructor(
    private readonly cookies: CookieService,
    doc: Pick<Document, 'querySelector'> | null = typeof document === 'undefined' ? null : document,
    global: PageGlobal = globalThis as PageGlobal,
  ) {
    const meta = doc?.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
    this.token = meta || global.__POLYCUE__?.csrfToken || cookies.get(CSRF_COOKIE);
  }

  current(): string | null {
    return this.token;
  }

  refresh(): void {
    const fromCookie = this.cookies.get(CSRF_COOKIE);
    if (fromCookie) this.token = fromCookie;
  }
}
