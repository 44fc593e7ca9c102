/**
 * One copy of the libraries a third-party plugin must share with the app (React, Effector,
 * inversify). A plugin loaded at runtime from configuration imports them from here, so its units
 * and bindings live in the same instances as the app's.
 *
 * Kept out of core/index.ts on purpose: namespace re-exports defeat tree-shaking, and the shell's
 * initial JavaScript would carry every export of these libraries. In-tree plugins import the
 * packages directly (the bundler resolves them to the same single copy).
 */
import * as React from 'react';
export { React };
export * as effector from 'effector';
export * as effectorReact from 'effector-react';
export * as inversify from 'inversify';
