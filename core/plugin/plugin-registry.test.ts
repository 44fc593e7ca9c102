import { describe, expect, it, vi } from 'vitest';
import { ContainerModule, createContainer } from '../di';
import {
  contribute,
  defineExtensionPoint,
  definePlugin,
  PLUGIN_API_VERSION,
  type Command,
  type PluginDefinition,
} from './plugin-api';
import { PluginRegistry } from './plugin-registry';
import { progressSources } from './shell-extension-points';
import type { AppModel } from '../model/app-model';

const run = () => {};
const plugin = (id: string, extra: Partial<PluginDefinition> = {}) =>
  definePlugin({ id, title: id, apiVersion: PLUGIN_API_VERSION, ...extra });
const quietLogger = () => ({ error: vi.fn(), warn: vi.fn() });

describe('PluginRegistry', () => {
  it('refuses a plugin registered twice, and duplicate command ids or route paths', () => {
    expect(() => new PluginRegistry([plugin('labels'), plugin('labels')])).toThrow(/"labels" is registered twice/);
    const cmd: Command = { id: 'x.run', title: 'Run', group: 'G', run };
    expect(() => new PluginRegistry([plugin('a', { commands: [cmd] }), plugin('b', { commands: [cmd] })])).toThrow(
      /Command "x.run"/,
    );
    const route = { path: '/', load: async () => ({ default: () => null }) };
    expect(() => new PluginRegistry([plugin('a', { routes: [route] }), plugin('b', { routes: [route] })])).toThrow(
      /Route path "\/"/,
    );
  });

  it('rejects ids that are not kebab-case and commands without run or choices', () => {
    expect(() => plugin('Labels')).toThrow(/kebab-case/);
    expect(() => plugin('a', { commands: [{ id: 'a.x', title: 'X', group: 'G' }] })).toThrow(/neither run nor choices/);
  });

  it('switches off disabled plugins and disabled contributions by id', () => {
    const registry = new PluginRegistry(
      [
        plugin('home', {
          nav: [{ id: 'home.nav', label: 'Home', path: '/' }],
          commands: [{ id: 'home.go', title: 'Go', group: 'G', run }],
        }),
        plugin('labels', { commands: [{ id: 'labels.create', title: 'Create label', group: 'Labels', run }] }),
      ],
      { disabled: ['labels', 'home.nav'] },
    );
    expect(registry.plugins.map((p) => p.id)).toEqual(['home']);
    expect(registry.nav()).toEqual([]);
    expect(registry.commands().map((c) => c.id)).toEqual(['home.go']);
  });

  it('collects nav in order, and commands of every plugin', () => {
    const registry = new PluginRegistry([
      plugin('a', { nav: [{ id: 'a.n', label: 'A', path: '/a', order: 50 }] }),
      plugin('b', { nav: [{ id: 'b.n', label: 'B', path: '/b', order: 10 }] }),
    ]);
    expect(registry.nav().map((n) => n.id)).toEqual(['b.n', 'a.n']);
  });

  it('adds runtime commands with a disposer that removes them and notifies listeners', () => {
    const registry = new PluginRegistry([plugin('a', { commands: [{ id: 'a.static', title: 'S', group: 'G', run }] })]);
    const listener = vi.fn();
    registry.subscribe(listener);
    const command: Command = { id: 'page.export', title: 'Export', group: 'Page', run };
    const dispose = registry.registerCommand(command);
    expect(registry.commands().map((c) => c.id)).toContain('page.export');
    expect(() => registry.registerCommand({ ...command, id: 'a.static' })).toThrow(/registered twice/);
    // StrictMode mounts twice: registering the same id again replaces, and the first disposer is then a no-op.
    const again: Command = { ...command, title: 'Export again' };
    const disposeAgain = registry.registerCommand(again);
    dispose();
    expect(registry.commands().find((c) => c.id === 'page.export')?.title).toBe('Export again');
    disposeAgain();
    expect(registry.commands().map((c) => c.id)).toEqual(['a.static']);
    expect(listener).toHaveBeenCalled();
  });

  it('returns contributions to a declared point and ignores those to an undeclared one', () => {
    const columns = defineExtensionPoint<{ id: string }>('projects.columns');
    const orphan = defineExtensionPoint<{ id: string }>('nobody.declares');
    const logger = quietLogger();
    const registry = new PluginRegistry(
      [
        plugin('projects', { extensionPoints: [columns] }),
        plugin('labels', {
          contributions: [contribute(columns, { id: 'labels' }), contribute(orphan, { id: 'lost' })],
        }),
      ],
      { logger },
    );
    expect(registry.contributions(columns)).toEqual([{ id: 'labels' }]);
    expect(registry.contributions(orphan)).toEqual([]);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('treats the shell-owned points as declared', () => {
    const source = { id: 'exports', fetch: async () => [] };
    const registry = new PluginRegistry([plugin('exports', { contributions: [contribute(progressSources, source)] })]);
    expect(registry.contributions(progressSources)).toEqual([source]);
  });

  it('activates each plugin; a failing one is logged and the others still load', () => {
    const TOKEN = Symbol('ok');
    const logger = quietLogger();
    const registry = new PluginRegistry(
      [
        plugin('broken', {
          model: {
            token: Symbol('broken'),
            create: () => {
              throw new Error('boom');
            },
          },
        }),
        plugin('fine', { services: new ContainerModule(({ bind }) => void bind(TOKEN).toConstantValue('ready')) }),
      ],
      { logger },
    );
    const container = createContainer();
    registry.activate(container, {} as AppModel);
    expect(container.get(TOKEN)).toBe('ready');
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('"broken"'), expect.any(Error));
  });
});
