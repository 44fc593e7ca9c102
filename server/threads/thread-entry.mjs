/**
 * The one file every pooled worker thread runs (server/threads/off-thread.ts). A task names a
 * module and one of its exports; the module is imported once per thread. TypeScript modules load
 * through tsx's loader, registered here because a worker thread does not inherit the loader the
 * main thread was started with under vitest, and does under `tsx server/main.ts` (registering
 * twice is harmless for tsx's ESM hooks, which pass through what is already JavaScript).
 */
const modules = new Map();
let loaderReady = null;

function ensureLoader() {
  loaderReady ??= import('tsx/esm/api').then(({ register }) => register());
  return loaderReady;
}

export default async function run({ module, name, args }) {
  let loaded = modules.get(module);
  if (!loaded) {
    if (/\.[cm]?ts$/.test(module)) await ensureLoader();
    loaded = import(module);
    modules.set(module, loaded);
  }
  const fn = (await loaded)[name];
  if (typeof fn !== 'function') throw new TypeError(`${module} has no function ${name}`);
  return fn(...args);
}
