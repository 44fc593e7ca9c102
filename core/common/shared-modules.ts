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
 * Specifier -> the names it offers (`'all'`: every export of the npm package). The router and
 * inversify are curated: a plugin needs only the hooks and links that read the host's router and
 * the decorators, and keeping every export would grow the app's initial JavaScript.
 */
export const SHARED_LIBRARIES = {
  react: 'all',
  'react/jsx-runtime': 'all',
  'react-dom': ['createPortal', 'flushSync'],
  'react-router-dom': [
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'generatePath',
    'matchPath',
    'useHref',
    'useLocation',
    'useMatch',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
  effector: 'all',
  'effector-react': 'all',
  inversify: ['Container', 'ContainerModule', 'inject', 'injectable', 'multiInject', 'named', 'optional', 'tagged', 'unmanaged'],
  cmdk: 'all',
} as const satisfies Record<string, 'all' | readonly string[]>;

export type SharedLibrary = keyof typeof SHARED_LIBRARIES;

/** The kernel: definePlugin, tokens, services, extension points of the shell (core/sdk.ts). */
export const SDK_SPECIFIER = '@polycue/sdk';

/** A first-party plugin's declared extension points (`plugins/<id>/web/extension-points.ts`). */
export const pluginPointsSpecifier = (pluginId: string) => `@polycue/plugins/${pluginId}`;

/** Address of the module the import map gives for a specifier. */
export const sharedModuleUrl = (specifier: string) => `${SHARED_MODULE_PREFIX}${specifier}.js`;
