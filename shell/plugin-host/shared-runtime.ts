import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { createPortal, flushSync } from 'react-dom';
import { Link, NavLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  allSettled,
  attach,
  combine,
  createEffect,
  createEvent,
  createStore,
  createWatch,
  fork,
  is,
  restore,
  sample,
  scopeBind,
  serialize,
  split,
} from 'effector';
import { useUnit } from 'effector-react';
import { Container, ContainerModule, inject, injectable, optional, unmanaged } from 'inversify';
import * as cmdk from 'cmdk';
import * as sdk from '../../core/sdk';
import {
  SDK_SPECIFIER,
  SHARED_MODULE_GLOBAL,
  pluginPointsSpecifier,
  type SharedLibrary,
} from '../../core/common/shared-modules';

/**
 * Lends the app's own module instances to plugins built outside it (core/common/shared-modules.ts):
 * the server's `/plugin-sdk/<specifier>.js` modules read them from this global. Loaded only when the
 * page lists outside plugins, and before the first of them is imported. The curated names match
 * SHARED_LIBRARIES (checked by shared-runtime.test.ts); importing them by name, not `* as`, keeps
 * the rest of the router and inversify out of the app's bundle.
 */
const extensionPoints = import.meta.glob<Record<string, unknown>>('../../plugins/*/web/extension-points.ts', {
  eager: true,
});

export const sharedRuntime: Record<SharedLibrary, unknown> & Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': { createPortal, flushSync },
  'react-router-dom': { Link, NavLink, useLocation, useNavigate, useParams, useSearchParams },
  effector: {
    allSettled,
    attach,
    combine,
    createEffect,
    createEvent,
    createStore,
    createWatch,
    fork,
    is,
    restore,
    sample,
    scopeBind,
    serialize,
    split,
  },
  'effector-react': { useUnit },
  inversify: { Container, ContainerModule, inject, injectable, optional, unmanaged },
  cmdk,
  [SDK_SPECIFIER]: sdk,
  ...Object.fromEntries(
    Object.entries(extensionPoints).map(([file, points]) => [pluginPointsSpecifier(file.split('/').at(-3)!), points]),
  ),
};

(globalThis as Record<string, unknown>)[SHARED_MODULE_GLOBAL] = sharedRuntime;
