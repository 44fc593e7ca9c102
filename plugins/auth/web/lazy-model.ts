import type { Container, ServiceIdentifier } from '../../../core';

/** A promise carrying its outcome the way React's `use` reads it, so a settled load never suspends. */
type TrackedPromise<M> = Promise<M> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: M; reason?: unknown };

const loads = new WeakMap<Container, Map<symbol, TrackedPromise<unknown>>>();

function fulfilled<M>(value: M): TrackedPromise<M> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

/**
 * Builds a model once per container, the first time something needs it, and binds it under
 * `token` (so tests may bind their own). `load` fetches the model's chunk (a dynamic import), so
 * none of its code is in the shell's initial JavaScript. The build runs in a promise callback,
 * never during render (DESIGN.md 7). The same promise is returned on every call — React's `use`
 * needs that — including a failed one, as React.lazy keeps a failed page chunk: retrying inside
 * render would loop, so the route's error boundary shows it and a reload tries again.
 */
export function loadModelOnce<M>(container: Container, token: ServiceIdentifier<M>, load: () => Promise<(container: Container) => M>): Promise<M> {
  const key = token as symbol;
  let byToken = loads.get(container);
  if (!byToken) loads.set(container, (byToken = new Map()));
  const known = byToken.get(key) as TrackedPromise<M> | undefined;
  if (known) return known;

  if (container.isBound(token)) {
    const ready = fulfilled(container.get(token));
    byToken.set(key, ready);
    return ready;
  }
  const started: TrackedPromise<M> = load().then(
    (build) => {
      const model = container.isBound(token) ? container.get(token) : build(container);
      if (!container.isBound(token)) container.bind(token).toConstantValue(model);
      Object.assign(started, { status: 'fulfilled', value: model });
      return model;
    },
    (reason: unknown) => {
      Object.assign(started, { status: 'rejected', reason });
      throw reason;
    },
  );
  byToken.set(key, started);
  return started;
}
