import { use } from 'react';
import { useContainer } from '../di/react-container';
import type { LazyModel } from './lazy-model';

/**
 * A plugin's lazily built model inside a component: the component suspends (React 19 `use`) on
 * the first load, showing the nearest Suspense fallback; afterwards the kept promise is fulfilled
 * and `use` returns the model at once.
 */
export function useLazyModel<M>(model: LazyModel<M>): M {
  return use(model.load(useContainer()));
}
