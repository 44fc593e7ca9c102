import { describe, expect, it } from 'vitest';
import { unmetRequirements } from './service-requirements';
import { ServiceRegistry, serviceRef, serviceToken } from './services';

const STORE = serviceRef<{ read(): string }>('store-plugin.store');
const CLOCK = serviceRef<{ now(): number }>('clock-plugin.clock');

describe('ServiceRegistry: each plugin sees the services its definition declares', () => {
  it('gets a required service, finds a used one (undefined when nobody provides it)', () => {
    const registry = new ServiceRegistry();
    registry.forPlugin({ id: 'store-plugin', provides: [STORE] }).provide(STORE, { read: () => 'cues' });
    const reader = registry.forPlugin({ id: 'reader', requires: [STORE], uses: [CLOCK] });
    expect(reader.get(STORE).read()).toBe('cues');
    expect(reader.find(CLOCK)).toBeUndefined();
    registry.forPlugin({ id: 'clock-plugin', provides: [CLOCK] }).provide(CLOCK, { now: () => 7 });
    expect(reader.find(CLOCK)?.now()).toBe(7);
  });

  it('refuses, naming the plugin and the fix, a ref read or provided without being declared', () => {
    const registry = new ServiceRegistry();
    const plugin = registry.forPlugin({ id: 'careless', uses: [CLOCK] });
    expect(() => plugin.get(STORE)).toThrow(
      'Plugin "careless" reads the service "store-plugin.store" without declaring it: add it to its definition\'s `requires`',
    );
    expect(() => plugin.find(STORE)).toThrow("add it to its definition's `uses`");
    expect(() => plugin.get(CLOCK)).toThrow(
      'declares the service "clock-plugin.clock" in `uses` (optional): read it with `find(ref)`',
    );
    expect(() => plugin.provide(STORE, { read: () => '' })).toThrow("add it to its definition's `provides`");
  });

  it('keeps the first API for plugins that declare no refs (outside plugins written before them)', () => {
    const registry = new ServiceRegistry();
    const legacy = registry.forPlugin({ id: 'legacy' });
    legacy.provide(serviceToken<{ read(): string }>('store-plugin.store'), { read: () => 'old' });
    expect(legacy.has(STORE)).toBe(true);
    expect(legacy.get(STORE).read()).toBe('old');
    expect(() => legacy.get(CLOCK)).toThrow('No plugin provides the service "clock-plugin.clock"');
    expect(() => legacy.provide(STORE, { read: () => '' })).toThrow('Service "store-plugin.store" is provided twice');
  });
});

describe('unmetRequirements: a plugin whose required service nobody provides is left out, with the reason', () => {
  it('leaves out the plugin and, transitively, the plugins that require what it provided', () => {
    const reported: string[] = [];
    const leftOut = unmetRequirements(
      [
        { id: 'store-plugin', provides: [STORE], requires: [CLOCK] },
        { id: 'reader', requires: [STORE] },
        { id: 'optional-reader', uses: [STORE, CLOCK] },
        { id: 'legacy' },
      ],
      (message) => reported.push(message),
    );
    expect([...leftOut]).toEqual(['store-plugin', 'reader']);
    expect(reported).toEqual([
      'store-plugin was not loaded: it requires the service "clock-plugin.clock", which no installed plugin provides',
      'reader was not loaded: it requires the service "store-plugin.store", whose provider "store-plugin" was not loaded',
    ]);
  });

  it('leaves nobody out when every requirement is provided', () => {
    const reported: string[] = [];
    const plugins = [
      { id: 'clock-plugin', provides: [CLOCK] },
      { id: 'store-plugin', provides: [STORE], requires: [CLOCK] },
      { id: 'reader', requires: [STORE] },
    ];
    expect(unmetRequirements(plugins, (message) => reported.push(message)).size).toBe(0);
    expect(reported).toEqual([]);
  });
});
