/**
 * The Reflect metadata API (the subset `reflect-metadata/lite` offers), for the app's build only
 * (vite.config.ts points `reflect-metadata/lite` here; tests and the server keep the package).
 * The package spends ~3 KB gzip of initial JavaScript on spec-conformance checks and an interop
 * registry; inversify only stores and reads constructor metadata. Every function the package puts
 * on `Reflect` is here with the same meaning (own metadata per object and property, `get`/`has`
 * walking the prototype chain, `decorate` applying decorators right to left), so plugins compiled
 * with `emitDecoratorMetadata` (which call `Reflect.metadata`) keep working. An existing
 * implementation (another copy loaded first) is kept, as the package does.
 */
type Key = string | symbol | undefined;
type Decorator = (target: object, key?: Key, descriptor?: unknown) => unknown;

const store = new WeakMap<object, Map<Key, Map<unknown, unknown>>>();

function table(target: object, key: Key, create: boolean): Map<unknown, unknown> | undefined {
  let byKey = store.get(target);
  if (!byKey && create) store.set(target, (byKey = new Map()));
  let entries = byKey?.get(key);
  if (!entries && create) byKey!.set(key, (entries = new Map()));
  return entries;
}

const parentOf = (target: object): object | null => Object.getPrototypeOf(target) as object | null;

function getMetadata(name: unknown, target: object, key?: Key): unknown {
  for (let at: object | null = target; at !== null; at = parentOf(at)) {
    const entries = table(at, key, false);
    if (entries?.has(name)) return entries.get(name);
  }
  return undefined;
}

function getMetadataKeys(target: object, key?: Key): unknown[] {
  const keys = new Set<unknown>();
  for (let at: object | null = target; at !== null; at = parentOf(at)) {
    for (const name of table(at, key, false)?.keys() ?? []) keys.add(name);
  }
  return [...keys];
}

const defineMetadata = (name: unknown, value: unknown, target: object, key?: Key) =>
  void table(target, key, true)!.set(name, value);

export const reflectMetadata = {
  defineMetadata,
  getMetadata,
  getMetadataKeys,
  getOwnMetadata: (name: unknown, target: object, key?: Key) => table(target, key, false)?.get(name),
  getOwnMetadataKeys: (target: object, key?: Key) => [...(table(target, key, false)?.keys() ?? [])],
  hasOwnMetadata: (name: unknown, target: object, key?: Key) => table(target, key, false)?.has(name) ?? false,
  hasMetadata: (name: unknown, target: object, key?: Key) => getMetadataKeys(target, key).includes(name),
  deleteMetadata: (name: unknown, target: object, key?: Key) => table(target, key, false)?.delete(name) ?? false,
  metadata: (name: unknown, value: unknown) => (target: object, key?: Key) => defineMetadata(name, value, target, key),
  decorate(decorators: Decorator[], target: object, key?: Key, descriptor?: unknown): unknown {
    let result: unknown = key === undefined ? target : (descriptor ?? undefined);
    for (let i = decorators.length - 1; i >= 0; i -= 1) {
      const decorated = key === undefined ? decorators[i]!(result as object) : decorators[i]!(target, key, result);
      if (decorated !== undefined && decorated !== null) result = decorated;
    }
    return result;
  },
};

const reflect = Reflect as unknown as Record<string, unknown>;
if (typeof reflect.getOwnMetadata !== 'function') Object.assign(reflect, reflectMetadata);
