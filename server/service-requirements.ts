import type { ServiceDeclarations } from './services';

/**
 * Which plugins to leave out because a service they `require` is provided by no plugin that
 * stays: a provider missing, or itself left out (transitively, until nothing changes). Each is
 * reported once, by name and reason, where a plugin that cannot load is reported (stderr, and
 * `app.leftOutPlugins`); everything else starts. Only declared `provides` count: a plugin that
 * provides a service without declaring it cannot satisfy a requirement.
 */
export function unmetRequirements(
  plugins: readonly ServiceDeclarations[],
  report: (message: string) => void,
): Set<string> {
  const leftOut = new Set<string>();
  for (;;) {
    const providers = new Map<string, string>();
    for (const plugin of plugins) {
      if (leftOut.has(plugin.id)) continue;
      for (const ref of plugin.provides ?? []) providers.set(ref.name, plugin.id);
    }
    const before = leftOut.size;
    for (const plugin of plugins) {
      if (leftOut.has(plugin.id)) continue;
      const missing = (plugin.requires ?? []).find((ref) => !providers.has(ref.name));
      if (!missing) continue;
      leftOut.add(plugin.id);
      const by = plugins.find(
        (other) => leftOut.has(other.id) && (other.provides ?? []).some((ref) => ref.name === missing.name),
      );
      report(
        `${plugin.id} was not loaded: it requires the service "${missing.name}", ` +
          (by && by.id !== plugin.id
            ? `whose provider "${by.id}" was not loaded`
            : 'which no installed plugin provides'),
      );
    }
    if (leftOut.size === before) return leftOut;
  }
}
