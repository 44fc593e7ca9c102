import * as React from 'react';
import { useLazyModel } from '../../../../core';
import { projectsModel, type LoadedProjectsModel } from '../projects-model-loader';

/** The projects model inside a component: suspends on the first load, synchronous afterwards. */
export function useProjectsModel(): LoadedProjectsModel {
  return useLazyModel(projectsModel);
}

/** A value that follows `value` after `delayMs` without changes (the search box). */
export function useDebounced<T>(value: T, delayMs: number, onSettled: (value: T) => void): void {
  const settled = React.useRef(onSettled);
  settled.current = onSettled;
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => settled.current(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
}
