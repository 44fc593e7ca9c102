import { createContext, useContext } from 'react';
import type {
  AppModel,
  CommandContext,
  ContextKeys,
  Container,
  DeferredNavigator,
  KeyboardShortcuts,
  PluginRegistry,
  ToastService,
  WhenContext,
} from '../core';
import type { PaletteModel } from './palette/palette-model';
import type { FollowedItemsModel } from './progress-panel/followed-items-model';
import type { ShellChromeModel } from './shell-chrome-model';
import type { Analytics } from './observability/analytics';
import type { ErrorReporter } from './observability/error-reporting';

/** Everything the shell's components use, resolved once at start-up (never inside render). */
export interface Shell {
  container: Container;
  registry: PluginRegistry;
  app: AppModel;
  toast: ToastService;
  /** Values `when` clauses read besides the app's own (TOKENS.ContextKeys). */
  contextKeys: ContextKeys;
  keyboard: KeyboardShortcuts;
  navigator: DeferredNavigator;
  /** What every command gets, less `when`: the palette adds the context the command was shown in. */
  commandContext: Omit<CommandContext, 'when'>;
  palette: PaletteModel;
  progress: FollowedItemsModel;
  chrome: ShellChromeModel;
  analytics: Analytics;
  errorReporter: ErrorReporter;
}

const ShellContext = createContext<Shell | null>(null);
export const ShellProvider = ShellContext.Provider;

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell: no <ShellProvider> above this component');
  return shell;
}

/** The data `when` clauses decide on (plugin-api WhenContext). */
export function buildWhenContext(
  state: {
    user: { attributes: { confirmedEmail: boolean; onboardingState: string; role?: string } } | null;
    accountId: string | null;
    workspaceId: string | null;
    isAccountAdmin: boolean;
  },
  path: string,
  keys: Readonly<Record<string, unknown>> = {},
): WhenContext {
  const user = state.user?.attributes;
  return {
    isAuthenticated: !!user,
    isMember: !!user && user.confirmedEmail && user.onboardingState !== 'survey',
    path,
    accountId: state.accountId,
    workspaceId: state.workspaceId,
    isAccountAdmin: state.isAccountAdmin,
    isOperator: user?.role === 'staff',
    keys,
  };
}
