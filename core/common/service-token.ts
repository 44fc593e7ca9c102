/**
 * A server service one plugin offers others through `app.services` (server/services.ts), named by
 * a token. Here, not in server/, because the token and the service's interface live in the
 * offering plugin's `common/` (its public contract), which may import only core/common: a plugin
 * reaches another's service with that token alone, never by importing its server code.
 */
export interface ServiceToken<T> {
  readonly name: string;
  /** Phantom field carrying the service type; never set. */
  readonly __service?: T;
}

/** `serviceToken<SubtitleStore>('subtitles.store')`: the name is `<plugin>.<service>`, unique in the app. */
export function serviceToken<T>(name: string): ServiceToken<T> {
  return { name };
}
