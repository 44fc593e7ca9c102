import type { Container } from 'inversify';
import type {
  Command,
  CommandProvider,
  ExtensionPoint,
  NavItem,
  PluginDefinition,
  RouteContribution,
} from './plugin-api';
import type { AppModel } from '../model/app-model';
import { SHELL_EXTENSION_POINTS } from './shell-extension-points';

export interface RegistryOptions {
  /** Ids of plugins or contributions (command ids, nav ids) the app switches off. */
  disabled?: string[];
  logger?: Pick<Console, 'error' | 'warn'>;
}

export type Dispose = () => void;

/**
 * Holds every plugin's contributions. Plugins are data: the registry validates ids, refuses
 * duplicates at start-up, and lets the app disable any contribution by id. Runtime registrations
 * (commands added by a mounted page) return a disposer so React StrictMode's double mount is safe.
 */
export class PluginRegistry {
  readonly plugins: readonly PluginDefinition[];
  private readonly disabled: Set<string>;
  private readonly dynamicCommands = new Map<string, Command>();
  private readonly listeners = new Set<() => void>();
  private readonly logger: Pick<Console, 'error' | 'warn'>;
  private version = 0;

  constructor(plugins: PluginDefinition[], options: RegistryOptions = {}) {
    this.disabled = new Set(options.disabled ?? []);
    this.logger = options.logger ?? console;
    const seen = new Set<string>();
    for (const plugin of plugins) {
      if (seen.has(plugin.id)) throw new Error(`Plugin "${plugin.id}" is registered twice`);
      seen.add(plugin.id);
    }
    this.plugins = plugins.filter((p) => !this.disabled.has(p.id));
    assertUnique(
      this.plugins.flatMap((p) => p.commands ?? []).map((c) => c.id),
      'Command',
    );
    assertUnique(
      this.plugins.flatMap((p) => p.routes ?? []).map((r) => r.path),
      'Route path',
    );
    assertUnique(
      this.plugins.flatMap((p) => p.nav ?? []).map((n) => n.id),
      'Nav item',
    );
  }

  /** Loads each plugin's services and builds its model. A failing plugin is logged, not fatal. */
  activate(container: Container, app: AppModel): void {
    for (const plugin of this.plugins) {
      try {
        if (plugin.services) container.load(plugin.services);
        if (plugin.model) {
          const model = plugin.model.create({ container, app });
          container.bind(plugin.model.token).toConstantValue(model);
        }
      } catch (error) {
        this.logger.error(`Plugin "${plugin.id}" failed to activate`, error);
      }
    }
  }

  routes(): RouteContribution[] {
    return this.plugins.flatMap((p) => p.routes ?? []);
  }

  nav(): NavItem[] {
    return this.plugins
      .flatMap((p) => p.nav ?? [])
      .filter((n) => !this.disabled.has(n.id))
      .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  }

  commands(): Command[] {
    const statics = this.plugins.flatMap((p) => p.commands ?? []);
    return [...statics, ...this.dynamicCommands.values()].filter((c) => !this.disabled.has(c.id));
  }

  commandProviders(): CommandProvider[] {
    return this.plugins.flatMap((p) => p.commandProviders ?? []).filter((c) => !this.disabled.has(c.id));
  }

  /** Contributions to a point, collected lazily. Contributions to an undeclared point are ignored with a warning. */
  contributions<T>(point: ExtensionPoint<T>): T[] {
    const declared =
      SHELL_EXTENSION_POINTS.some((e) => e.id === point.id) ||
      this.plugins.some((p) => p.extensionPoints?.some((e) => e.id === point.id));
    const values = this.plugins
      .flatMap((p) => p.contributions ?? [])
      .filter((c) => c.point.id === point.id)
      .map((c) => c.value as T);
    if (!declared && values.length) {
      this.logger.warn(`Contributions to "${point.id}" ignored: no plugin declares that extension point`);
      return [];
    }
    return values;
  }

  /** Adds a command at runtime; the disposer removes it (a group disappears with its last command). */
  registerCommand(command: Command): Dispose {
    if (this.commands().some((c) => c.id === command.id) && !this.dynamicCommands.has(command.id)) {
      throw new Error(`Command "${command.id}" is registered twice`);
    }
    this.dynamicCommands.set(command.id, command);
    this.changed();
    return () => {
      if (this.dynamicCommands.get(command.id) === command) {
        this.dynamicCommands.delete(command.id);
        this.changed();
      }
    };
  }

  subscribe(listener: () => void): Dispose {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes on every runtime registration; used as a `useSyncExternalStore` snapshot. */
  getVersion(): number {
    return this.version;
  }

  private changed() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

function assertUnique(ids: string[], what: string) {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`${what} "${id}" is registered twice`);
    seen.add(id);
  }
}
