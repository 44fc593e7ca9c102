import { inject, injectable, unmanaged } from 'inversify';
import { TOKENS } from '../di/tokens';
import type { CookieService } from './cookie-service';
import { CSRF_COOKIE } from '../common/csrf';

export interface CsrfTokenSource {
  current(): string | null;
  /** Re-reads the token from the cookie the server set (after log-in and log-out, Rails-style). */
  refresh(): void;
}

type PageGlobal = { __POLYCUE__?: { csrfToken?: string } };

/** Token from `<meta name="csrf-token">`, else the page's global object, then refreshed from the cookie. */
@injectable()
export class PageCsrfTokenSource implements CsrfTokenSource {
  private token: string | null;

  // The page and its global are the browser's own unless a test passes others (never bound).
  constructor(
    @inject(TOKENS.CookieService) private readonly cookies: CookieService,
    @unmanaged() doc: Pick<Document, 'querySelector'> | null = typeof document === 'undefined' ? null : document,
    @unmanaged() global: PageGlobal = globalThis as PageGlobal,
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
