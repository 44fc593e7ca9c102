import type { Container, ServiceIdentifier } from 'inversify';

/** A promise carrying its outcome the way React's `use` reads it, so a settled load never suspends. */
export type TrackedPromise<M> = Promise<M> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: M;
  reason?: unknown;
};

const loads = new WeakMap<Container, Map<symbol, TrackedPromise<unknown>>>();

/**
 * Builds a plugin's model once per container, the first time a page or a command needs it, and
 * binds it under `token` (so tests may bind their own). `load` is a dynamic import, so the model's
 * code stays out of the shell's initial JavaScript; the build runs in a promise callback, never
 * during render (docs/decisions.md#measured-facts-the-code-relies-on). The same promise is returned on every call — React's `use` needs
 * that — including a failed one, as React.lazy keeps a failed page chunk: retrying inside render
 * would loop, so the route's error boundary shows it and a reload tries again.
 */
export function loadModelOnce<M>(
  container: Container,
  token: ServiceIdentifier<M>,
  load: () => Promise<(container: Container) => M | Promise<M>>,
): TrackedPromise<M> {
  const key = token as symbol;
  let byToken = loads.get(container);
  if (!byToken) loads.set(container, (byToken = new Map()));
  const known = byToken.get(key) as TrackedPromise<M> | undefined;
  if (known) return known;

  if (container.isBound(token)) {
    const value = container.get(token);
    const ready: TrackedPromise<M> = Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
    byToken.set(key, ready);
    return ready;
  }
  const started: TrackedPromise<M> = load()
    .then((build) => (container.isBound(token) ? container.get(token) : build(container)))
    .then(
      (model) => {
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

/**
 * A plugin's model, declared once: built the first time a page (`useLazyModel`) or a command
 * (`await model.load(ctx.container)`) needs it, then kept for the container's lifetime, bound
 * under `token` (`polycue.<name>.model`) so tests may bind their own. `importBuild` is a dynamic
 * import of the code that builds it, so the model stays out of the shell's initial JavaScript.
 */
export interface LazyModel<M> {
  readonly token: ServiceIdentifier<M>;
  load(container: Container): Promise<M>;
}

export function defineLazyModel<M>(
  name: string,
  importBuild: () => Promise<(container: Container) => M | Promise<M>>,
): LazyModel<M> {
  const token = Symbol.for(`polycue.${name}.model`) as ServiceIdentifier<M>;
  return { token, load: (container) => loadModelOnce(container, token, importBuild) };
}
