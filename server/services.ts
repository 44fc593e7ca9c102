/**
 * Server-side services one plugin offers to others by token (the server's declared extension
 * points), e.g. the subtitles plugin's store that the pipeline writes cues into. A plugin reaches
 * another only through the token and the type in that plugin's `common/`, never its internals.
 */
import type { ServiceToken } from '../core/common/service-token';

// Tokens are part of the shared contract (a plugin's common/ declares them), so they live in core/common.
export { serviceToken, type ServiceToken } from '../core/common/service-token';

export class ServiceRegistry {
  private readonly services = new Map<string, unknown>();

  provide<T>(token: ServiceToken<T>, service: T): void {
    if (this.services.has(token.name)) throw new Error(`Service "${token.name}" is provided twice`);
    this.services.set(token.name, service);
  }

  get<T>(token: ServiceToken<T>): T {
    if (!this.services.has(token.name)) throw new Error(`No plugin provides the service "${token.name}"`);
    return this.services.get(token.name) as T;
  }

  has(token: ServiceToken<unknown>): boolean {
    return this.services.has(token.name);
  }
}
