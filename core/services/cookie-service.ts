/** Reads and writes the cookies the client owns (selected labels, onboarding, google_signup...). */
export interface CookieService {
  get(name: string): string | null;
  set(name: string, value: string, options?: { maxAgeDays?: number; path?: string }): void;
  remove(name: string): void;
}

export class DocumentCookieService implements CookieService {
  constructor(private readonly doc: Pick<Document, 'cookie'> = document) {}

  get(name: string): string | null {
    const prefix = `${encodeURIComponent(name)}=`;
    for (const part of this.doc.cookie.split(/;\s*/)) {
      if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
    }
    return null;
  }

  set(name: string, value: string, options: { maxAgeDays?: number; path?: string } = {}): void {
    const maxAge = Math.round((options.maxAgeDays ?? 365) * 86400);
    this.doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${options.path ?? '/'}; max-age=${maxAge}; samesite=lax`;
  }

  remove(name: string): void {
    this.doc.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; samesite=lax`;
  }
}
