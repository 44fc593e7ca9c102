import type { PluginDefinition } from '../core';
import paletteBuiltins from '../plugins/palette-builtins/web/index';
import projects from '../plugins/projects/web/index';
import labels from '../plugins/labels/web/index';
import subtitles from '../plugins/subtitles/web/index';
import pipeline from '../plugins/pipeline/web/index';
import auth from '../plugins/auth/web/index';
import accounts from '../plugins/accounts/web/index';

/**
 * The web plugins of this build, in order. Adding a feature is adding its folder and one line
 * here; removing it is deleting both. The order is the order of palette groups and nav items of
 * equal rank: the built-in navigation first, so Ctrl+K Enter goes home rather than logging out.
 * `/` belongs to the projects plugin (the placeholder home plugin is no longer listed).
 */
export const webPlugins: PluginDefinition[] = [paletteBuiltins, projects, labels, subtitles, pipeline, auth, accounts];
