import type { ComponentType } from 'react';
import type { Container, ContainerModule, ServiceIdentifier } from 'inversify';
import type { AppModel } from '../model/app-model';

/** Version of this contract; a plugin built for another major is refused at start-up. */
export const PLUGIN_API_VERSION = 1 as const;

/**
 * Who may open a route.
 * - public: everyone (share links, the dev outbox);
 * - guest: only when logged out (sign-in, sign-up): a logged-in user is sent to `/`;
 * - user: logged in, even with an unconfirmed e-mail or an unanswered survey (onboarding pages);
 * - member: logged in, confirmed and onboarded: the product itself (the default).
 */
export type RouteAccess = 'public' | 'guest' | 'user' | 'member';

export interface RouteContribution {
  /** Path exactly as the spec names it, e.g. `/users/sign_in`. */
  path: string;
  /** Lazily loaded page: the plugin's code is fetched only when the route is opened. */
  load: () => Promise<{ default: ComponentType }>;
  access?: RouteAccess;
  /** `app` pages get the sidebar (and the logo with it); `bare` pages are a centred card. */
  layout?: 'app' | 'bare';
  title?: string;
}

export interface NavItem {
  id: string;
  label: string;
  path: string;
  order?: number;
  /** Single character or short text shown as the item's icon. */
  icon?: string;
  when?: (ctx: WhenContext) => boolean;
}

/** What `when` clauses decide on: plain data, so visibility is declared, not scattered in `if`s. */
export interface WhenContext {
  isAuthenticated: boolean;
  isMember: boolean;
  path: string;
  accountId: string | null;
  workspaceId: string | null;
  isAccountAdmin: boolean;
  /** An instance operator (user role `staff`: OPERATOR_EMAILS or the CLI), a role above account admins. */
  isOperator?: boolean;
  /** Values plugins' models publish for `when` clauses (TOKENS.ContextKeys), e.g. `projects.selectionCount`. */
  keys?: Readonly<Record<string, unknown>>;
}

export interface CommandContext {
  container: Container;
  app: AppModel;
  /**
   * The app as the command was shown in it (path, account, workspace, context keys): a command
   * reads what it acts on from here (e.g. the projects table's selection), never from a store.
   */
  when: WhenContext;
  navigate(path: string, options?: { replace?: boolean }): void;
}

/** One entry of a nested palette page (e.g. one workspace under "Switch workspace…"). */
export interface CommandChoice {
  id: string;
  title: string;
  subtitle?: string;
  keywords?: string[];
  run(ctx: CommandContext): void | Promise<void>;
}

export interface Command {
  /** `plugin.verb` style, e.g. `auth.logOut`. */
  id: string;
  title: string;
  group: string;
  keywords?: string[];
  /** Key chord such as `mod+shift+l` (`mod` is Cmd on a Mac, Ctrl elsewhere). */
  shortcut?: string;
  when?: (ctx: WhenContext) => boolean;
  /** Runs the command. Either `run` or `choices` must be present. */
  run?: (ctx: CommandContext) => void | Promise<void>;
  /** Commands that need an argument open a nested page listing these choices. */
  choices?: (ctx: CommandContext, search: string) => Promise<CommandChoice[]> | CommandChoice[];
  /** Placeholder of the nested page's search box. */
  choicesPlaceholder?: string;
}

/** Dynamic commands computed from data (e.g. "Open project …"), asked for while the palette is open. */
export interface CommandProvider {
  id: string;
  group: string;
  provide(ctx: CommandContext, search: string): Promise<Command[]> | Command[];
}

/** A typed slot another plugin may fill, e.g. columns of the projects table. */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** Phantom field carrying the contribution type; never set. */
  readonly __contribution?: T;
}

export function defineExtensionPoint<T>(id: string): ExtensionPoint<T> {
  return { id };
}

export interface Contribution<T = unknown> {
  point: ExtensionPoint<T>;
  value: T;
}

export function contribute<T>(point: ExtensionPoint<T>, value: T): Contribution<T> {
  return { point, value: value as T } as Contribution<T>;
}

export interface ModelContext {
  container: Container;
  app: AppModel;
}

/** A plugin's Effector units, built once at start-up and bound in the container under `token`. */
export interface ModelFactory<M = unknown> {
  token: ServiceIdentifier<M>;
  create(ctx: ModelContext): M;
}

export interface PluginDefinition {
  id: string;
  title: string;
  apiVersion: typeof PLUGIN_API_VERSION;
  /**
   * Place among the plugins (lower first, default 100; ties by id): the order of palette groups
   * and of equal-ranked nav items. Built-in navigation is 0, so Ctrl+K Enter goes home.
   */
  order?: number;
  services?: ContainerModule;
  routes?: RouteContribution[];
  nav?: NavItem[];
  commands?: Command[];
  commandProviders?: CommandProvider[];
  model?: ModelFactory;
  /** Points this plugin owns and reads; others contribute to them. */
  extensionPoints?: ExtensionPoint<unknown>[];
  contributions?: Contribution[];
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Validates a plugin definition early so mistakes fail at start-up with the plugin's name. */
export function definePlugin(definition: PluginDefinition): PluginDefinition {
  if (!PLUGIN_ID.test(definition.id)) {
    throw new Error(`Plugin id "${definition.id}" must be kebab-case`);
  }
  if (definition.apiVersion !== PLUGIN_API_VERSION) {
    throw new Error(
      `Plugin "${definition.id}" targets plugin API v${definition.apiVersion}; this app runs v${PLUGIN_API_VERSION}`,
    );
  }
  for (const command of definition.commands ?? []) {
    if (!command.run && !command.choices) {
      throw new Error(`Command "${command.id}" of plugin "${definition.id}" has neither run nor choices`);
    }
  }
  return definition;
}
