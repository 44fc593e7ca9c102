import { attach, type Effect, type Store } from 'effector';

/**
 * An effect that answers a store's value when called: how imperative code outside the graph (a
 * palette command's `choices`, a button handler) reads state the effector way. It is scope-safe
 * (a forked scope answers its own value) and keeps `getState()` out of plugin code.
 */
export function createStateReader<S>(source: Store<S>): Effect<void, S> {
  return attach({ source, effect: (value: S) => value }) as unknown as Effect<void, S>;
}
