import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definePlugin, PLUGIN_API_VERSION, PluginRegistry, type PluginDefinition } from '../../core';
import { SHARED_MODULE_GLOBAL } from '../../core/common/shared-modules';
import { externalWebPlugins, LEFT_OUT_ON_SERVER } from './external-web-plugins';
import { admitPlugins, loadExternalPlugins } from './load-external-plugins';
import { PluginBoundary, PluginPageFailure } from './plugin-boundary';

afterEach(cleanup);

const plugin = (id: string, extra: Partial<PluginDefinition> = {}) =>
  definePlugin({ id, title: id, apiVersion: PLUGIN_API_VERSION, ...extra });

describe('outside web plugins', () => {
  it('fetches nothing when the page lists none', async () => {
    const importModule = vi.fn();
    const lend = vi.fn();
    expect(await loadExternalPlugins(undefined, { importModule, lendSharedModules: lend })).toEqual({
      plugins: [],
      failures: [],
    });
    expect(importModule).not.toHaveBeenCalled();
    expect(lend).not.toHaveBeenCalled();
  });

  it('lends the app’s modules first, then keeps the good definitions and names each broken one with its reason', async () => {
    const order: string[] = [];
    const modules: Record<string, () => Promise<{ default?: unknown }>> = {
      '/good.js': async () => ({ default: plugin('good') }),
      '/throws.js': async () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      '/empty.js': async () => ({}),
      '/liar.js': async () => ({ default: plugin('someone-else') }),
      '/future.js': async () => ({ default: { id: 'future', title: 'Future', apiVersion: 2 } }),
    };
    const listed = Object.keys(modules).map((url) => ({
      id: url === '/liar.js' ? 'liar' : url.slice(1, -3),
      url,
      version: '1.0.0',
    }));
    const loaded = await loadExternalPlugins(listed, {
      lendSharedModules: async () => void order.push('lend'),
      importModule: (url) => (order.push(url), modules[url]()),
    });
    expect(order[0]).toBe('lend');
    expect(loaded.plugins.map((p) => p.id)).toEqual(['good']);
    expect(Object.fromEntries(loaded.failures.map((f) => [f.id, f.message]))).toEqual({
      throws: 'Failed to fetch dynamically imported module',
      empty: 'its web entry has no default export (export default definePlugin({ … }))',
      liar: 'its web entry says id "someone-else", its package says "liar"',
      future: 'it targets plugin API v2; this Polycue runs v1',
    });
  });

  it('leaves out a plugin that clashes with the app’s (same command id) and keeps the others', () => {
    const own = [
      plugin('projects', {
        commands: [{ id: 'projects.create', title: 'New project', group: 'Projects', run: () => {} }],
      }),
    ];
    const clash = plugin('clash', {
      commands: [{ id: 'projects.create', title: 'Mine', group: 'Mine', run: () => {} }],
    });
    const fine = plugin('fine');
    const admitted = admitPlugins(
      own,
      { plugins: [clash, fine], failures: [] },
      (plugins) => void new PluginRegistry(plugins),
    );
    expect(admitted.plugins.map((p) => p.id)).toEqual(['fine']);
    expect(admitted.failures).toEqual([{ id: 'clash', message: 'Command "projects.create" is registered twice' }]);
  });

  it('names in a toast each plugin the server left out, though the page lists no web entry for it', async () => {
    const toast = { error: vi.fn() };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const external = await externalWebPlugins([plugin('projects')], [], ['half-broken']);
    external.announceFailures(toast);
    errors.mockRestore();
    expect(external.plugins).toEqual([]);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith('Plugin “half-broken” could not be loaded', LEFT_OUT_ON_SERVER);
    expect(LEFT_OUT_ON_SERVER).toBe('The server left it out when it started; its log says why.');
  });

  it('lends the real modules under the specifiers of the import map', async () => {
    const { sharedRuntime } = await import('./shared-runtime');
    const lent = (globalThis as Record<string, any>)[SHARED_MODULE_GLOBAL];
    expect(lent).toBe(sharedRuntime);
    expect(lent.react.useState).toBe((await import('react')).useState);
    expect(lent['@polycue/sdk'].definePlugin).toBe(definePlugin);
    expect(typeof lent['react-router-dom'].useNavigate).toBe('function');
  });
});

describe('PluginBoundary', () => {
  it('keeps a failing plugin’s error inside its place and names the plugin once', () => {
    const onError = vi.fn();
    const Broken = () => {
      throw new Error('drawn wrong');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <p>Sidebar still here</p>
        <PluginBoundary pluginTitle="Hello" onError={onError} fallback={<PluginPageFailure pluginTitle="Hello" />}>
          <Broken />
        </PluginBoundary>
      </div>,
    );
    expect(screen.getByText('Sidebar still here')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('The plugin “Hello” failed while drawing it.');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][1]).toBe('Hello');
  });
});
