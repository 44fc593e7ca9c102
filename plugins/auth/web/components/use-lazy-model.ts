import * as React from 'react';
import { useContainer, type Container } from '../../../../core';
import { loadAuthModel } from '../auth-model-loader';
import type { AuthModel } from '../auth-model';

/**
 * A lazily built model inside a component: the component suspends (React 19 `use`) on the first
 * load, showing the nearest Suspense fallback; once loaded, the cached promise is already
 * fulfilled and `use` returns the model synchronously.
 */
export function useLazyModel<M>(load: (container: Container) => Promise<M>): M {
  return React.use(load(useContainer()));
}

export function useAuthModel(): AuthModel {
  return useLazyModel(loadAuthModel);
}
