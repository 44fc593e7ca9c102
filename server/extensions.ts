/** The parts of a server plugin this reads (structural, so the host's request context can name this class without a cycle). */
interface ExtendingPlugin {
  extensionPoints?: readonly { id: string }[];
  contributions?: readonly { point: { id: string }; value: unknown }[];
}

/**
 * Contributions of every server plugin to every declared point, read by the point's owner when it
 * needs them (after all plugins registered: at request time, not at start-up). A contribution to a
 * point no plugin declares (its owner is not installed) is ignored with one warning, so a plugin
 * works with or without the plugins it extends.
 */
export class ServerExtensions {
  private readonly declared: Set<string>;
  private readonly warned = new Set<string>();

  constructor(
    private readonly plugins: readonly ExtendingPlugin[],
    private readonly log: Pick<Console, 'warn'>,
  ) {
    this.declared = new Set(plugins.flatMap((plugin) => (plugin.extensionPoints ?? []).map((point) => point.id)));
  }

  contributions<T>(point: { readonly id: string; readonly __contribution?: T }): T[] {
    const values = this.plugins.flatMap((plugin) =>
      (plugin.contributions ?? []).filter((c) => c.point.id === point.id).map((c) => c.value as T),
    );
    if (!this.declared.has(point.id)) {
      if (values.length && !this.warned.has(point.id)) {
        this.warned.add(point.id);
        this.log.warn(`Contributions to "${point.id}" ignored: no installed plugin declares that extension point`);
      }
      return [];
    }
    return values;
  }
}
