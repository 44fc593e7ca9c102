import type { CookieService } from '../services/cookie-service';

/** Test double of core's CookieService: a jar in memory. Only tests import it. */
export class MemoryCookies implements CookieService {
  readonly jar = new Map<string, string>();
  get(name: string) {
    return this.jar.get(name) ?? null;
  }
  set(name: string, value: string) {
    this.jar.set(name, value);
  }
  remove(name: string) {
    this.jar.delete(name);
  }
}
