/**
 * Server-side services one plugin offers to others by typed ref (core/common/service-token.ts),
 * e.g. the subtitles plugin's store that the pipeline writes cues into. A plugin reaches another
 * only through the ref and the type in a plugin's `common/`, never its internals.
 *
 * The host keeps one registry and hands each plugin a view scoped to what its definition declares
 * (`provides`, `requires`, `uses`; server/service-requirements.ts leaves out a plugin whose
 * required refs nobody provides). A plugin that declares none of the three is an outside plugin
 * written before refs: its view behaves as the registry always did.
 */
import type { ServiceRef } from '../core/common/service-token';

export { serviceRef, serviceToken, type ServiceRef, type ServiceToken } from '../core/common/service-token';

/** The parts of a plugin definition a scoped view reads (structural: no cycle with server-plugin.ts). */
export interface ServiceDeclarations {
  id: string;
  provides?: readonly ServiceRef<unknown>[];
  requires?: readonly ServiceRef<unknown>[];
  uses?: readonly ServiceRef<unknown>[];
}

const declares = (plugin: ServiceDeclarations) =>
  plugin.provides !== undefined || plugin.requires !== undefined || plugin.uses !== undefined;
const lists = (refs: readonly ServiceRef<unknown>[] | undefined, ref: ServiceRef<unknown>) =>
  (refs ?? []).some((declared) => declared.name === ref.name);

export class ServiceRegistry {
  /**
   * @param provided shared by the registry and every view of it
   * @param scope the plugin whose declarations this view enforces; null: the host's own view (tests, host code)
   */
  constructor(
    private readonly provided = new Map<string, unknown>(),
    private readonly scope: ServiceDeclarations | null = null,
  ) {}

  /** The view a plugin's routes, jobs and subscriptions get as `app.services` / `ctx.services`. */
  forPlugin(plugin: ServiceDeclarations): ServiceRegistry {
    return new ServiceRegistry(this.provided, declares(plugin) ? plugin : null);
  }

  provide<T>(ref: ServiceRef<T>, service: T): void {
    if (this.scope && !lists(this.scope.provides, ref))
      this.developerError(
        `provides the service "${ref.name}" without declaring it: add it to its definition's \`provides\``,
      );
    if (this.provided.has(ref.name)) throw new Error(`Service "${ref.name}" is provided twice`);
    this.provided.set(ref.name, service);
  }

  /** A service the plugin `requires` (the host left it out otherwise) or provides itself. Throws when none is provided. */
  get<T>(ref: ServiceRef<T>): T {
    if (this.scope && !lists(this.scope.requires, ref) && !lists(this.scope.provides, ref)) {
      if (lists(this.scope.uses, ref))
        this.developerError(`declares the service "${ref.name}" in \`uses\` (optional): read it with \`find(ref)\``);
      this.developerError(
        `reads the service "${ref.name}" without declaring it: add it to its definition's \`requires\``,
      );
    }
    if (!this.provided.has(ref.name)) throw new Error(`No plugin provides the service "${ref.name}"`);
    return this.provided.get(ref.name) as T;
  }

  /** A service the plugin `uses` when another plugin provides it: the service, or undefined when none does. */
  find<T>(ref: ServiceRef<T>): T | undefined {
    if (this.scope && !lists(this.scope.uses, ref) && !lists(this.scope.requires, ref))
      this.developerError(`reads the service "${ref.name}" without declaring it: add it to its definition's \`uses\``);
    return this.provided.get(ref.name) as T | undefined;
  }

  /** @deprecated (service refs, plugin API v1): declare the ref in `uses` and read it with `find(ref)`. Kept for outside plugins. */
  has(ref: ServiceRef<unknown>): boolean {
    return this.provided.has(ref.name);
  }

  /** A mistake in the plugin's code, not in a request: it names the plugin and what to change. */
  private developerError(what: string): never {
    throw new Error(`Plugin "${this.scope!.id}" ${what}`);
  }
}
