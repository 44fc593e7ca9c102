import { useSyncExternalStore } from 'react';

/**
 * effector-react imports `use-sync-external-store/shim`, a polyfill for React before 18. React 19
 * has the hook: the app's build points that import here (vite.config.ts), dropping the polyfill
 * from the initial JavaScript. Same shape as the shim's CommonJS export.
 */
export default { useSyncExternalStore };
export { useSyncExternalStore };
