import type { PluginDefinition } from '../core';
import paletteBuiltins from '../plugins/palette-builtins/web/index';
import home from '../plugins/home/web/index';
import auth from '../plugins/auth/web/index';
import accounts from '../plugins/accounts/web/index';

/**
 * The web plugins of this build, in order. Adding a feature is adding its folder and one line
 * here; removing it is deleting both. The order is the order of palette groups and nav items of
 * equal rank: the built-in navigation first, so Ctrl+K Enter goes home rather than logging out.
 */
export const webPlugins: PluginDefinition[] = [paletteBuiltins, home, auth, accounts];
