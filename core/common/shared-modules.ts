/**
 * The modules a plugin built outside Polycue takes from the running app instead of bundling its
 * own copy: one React, one router, one Effector graph, one inversify, and the kernel itself. A
 * plugin's build marks these specifiers external; the page's import map resolves each to a small
 * module the server writes (`/plugin-sdk/<specifier>.js`) that hands out the app's own instance
 * (shell/plugin-host/shared-runtime.ts fills them in before any outside plugin loads).
 *
 * Part of the versioned plugin API: within a major, specifiers and names are only ever added.
 */
export const SHARED_MODULE_GLOBAL = '__POLYCUE_SHARED__';
export const SHARED_MODULE_PREFIX = '/plugin-sdk/';

/**
 * Specifier -> the names it offers (`'all'`: every export of the npm package). ES-module libraries
 * the app loads at start are curated: the app lends its own module instance, so every name lent
 * is kept in the app's initial JavaScript even when the app never uses it (the whole router would
 * cost ~40 KB gzip). The lists hold what a plugin needs: the router's hooks and links, Effector's
 * units, sampling, scopes and hooks, inversify's container and the decorators plugins use.
 */
export const SHARED_LIBRARIES = {
  react: 'all',
  'react/jsx-runtime': 'all',
  'react-dom': ['createPortal', 'flushSync'],
  'react-router-dom': ['Link', 'NavLink', 'useLocation', 'useNavigate', 'useParams', 'useSearchParams'],
  effector: [
    'allSettled',
    'attach',
    'combine',
    'createEffect',
    'createEvent',
    'createStore',
    'createWatch',
    'fork',
    'is',
    'restore',
    'sample',
    'scopeBind',
    'serialize',
    'split',
  ],
  'effector-react': ['useUnit'],
  inversify: ['Container', 'ContainerModule', 'inject', 'injectable', 'optional', 'unmanaged'],
  cmdk: 'all',
} as const satisfies Record<string, 'all' | readonly string[]>;

export type SharedLibrary = keyof typeof SHARED_LIBRARIES;

/** The kernel: definePlugin, tokens, services, extension points of the shell (core/sdk.ts). */
export const SDK_SPECIFIER = '@polycue/sdk';

/** A first-party plugin's declared extension points (`plugins/<id>/web/extension-points.ts`). */
export const pluginPointsSpecifier = (pluginId: string) => `@polycue/plugins/${pluginId}`;

/** Address of the module the import map gives for a specifier. */
export const sharedModuleUrl = (specifier: string) => `${SHARED_MODULE_PREFIX}${specifier}.js`;
