/**
 * A typed reference to a server service one plugin offers others through `app.services`
 * (server/services.ts), as Backstage's API refs: the ref carries the service's type, so a plugin
 * that reads it gets that type without naming the provider's code. Declared ONCE, in the common/
 * of the plugin that owns the interface (its public contract, which may import only core/common):
 * usually the provider; when a plugin defines what it asks of optional others (the pipeline's
 * workspace-resource lookups, the exports plugin's burn-in theme), the asking plugin owns it and
 * the others provide it, so removing a provider never breaks the asker. A test
 * (server/service-refs.test.ts) fails on a name declared twice and on a ref missing from the
 * table in docs/plugins.md.
 *
 * A server plugin lists the refs it `provides`, `requires` (the host leaves it out without them)
 * and `uses` (read with `app.services.find(ref)` when present) in its definition.
 */
export interface ServiceRef<T> {
  /** `<owner plugin>.<service>`, unique in the app. */
  readonly name: string;
  /** Phantom field carrying the service type; never set. */
  readonly __service?: T;
}

/** `serviceRef<SubtitleStore>('subtitles.store')`: the name is `<owner plugin>.<service>`, unique in the app. */
export function serviceRef<T>(name: string): ServiceRef<T> {
  return { name };
}

/** @deprecated (added within plugin API v1: service refs): the same thing under its first name; use ServiceRef. */
export type ServiceToken<T> = ServiceRef<T>;

/** @deprecated (added within plugin API v1: service refs): use `serviceRef`, the same result; kept for outside plugins. */
export const serviceToken = serviceRef;
