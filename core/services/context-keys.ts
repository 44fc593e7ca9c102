import { createEvent, createStore, type EventCallable, type Store } from 'effector';

/**
 * Named values `when` clauses decide on beyond the app's own (VS Code's context keys): a plugin's
 * model sets them through `keySet` (from `sample`, like any other store write), and the shell
 * hands them to every `when` as `ctx.keys`, e.g. `projects.selectionCount`. One store per app,
 * so commands never read a plugin's stores or a module-level snapshot.
 */
export interface ContextKeys {
  readonly $keys: Store<Readonly<Record<string, unknown>>>;
  readonly keySet: EventCallable<{ key: string; value: unknown }>;
}

export function createContextKeys(): ContextKeys {
  const keySet = createEvent<{ key: string; value: unknown }>();
  const $keys = createStore<Readonly<Record<string, unknown>>>({}).on(keySet, (keys, { key, value }) =>
    Object.is(keys[key], value) ? keys : { ...keys, [key]: value },
  );
  return { $keys, keySet };
}
