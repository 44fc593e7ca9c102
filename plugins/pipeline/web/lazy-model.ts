/** The shared loader lives in core (core/plugin/lazy-model.ts); re-exported for this plugin's modules. */
export { loadModelOnce, type TrackedPromise } from '../../../core';
