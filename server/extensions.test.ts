import { describe, expect, it, vi } from 'vitest';
import { ServerExtensions } from './extensions';
import { contributeToServer, defineServerExtensionPoint, type ServerPlugin } from './plugin-api/server-plugin';

const columns = defineServerExtensionPoint<{ id: string }>('owner.columns');
const plugin = (id: string, extra: Partial<ServerPlugin>): ServerPlugin => ({ id, apiVersion: 1, ...extra });

describe('server extension points', () => {
  it('gives the owner every contribution to its point, in plugin order', () => {
    const extensions = new ServerExtensions(
      [
        plugin('owner', { extensionPoints: [columns as never] }),
        plugin('a', { contributions: [contributeToServer(columns, { id: 'a' })] }),
        plugin('b', { contributions: [contributeToServer(columns, { id: 'b' })] }),
      ],
      { warn: () => {} },
    );
    expect(extensions.contributions(columns)).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('ignores contributions to a point whose owner is not installed, warning once', () => {
    const warn = vi.fn();
    const extensions = new ServerExtensions(
      [plugin('a', { contributions: [contributeToServer(columns, { id: 'a' })] })],
      { warn },
    );
    expect(extensions.contributions(columns)).toEqual([]);
    expect(extensions.contributions(columns)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('"owner.columns"');
  });
});

describe('contribution rules (a point says what it reads; other shapes are left out at start-up, with a warning)', () => {
  const list = defineServerExtensionPoint<{ id: string }>('owner.list', {
    members: { column: 'object?', filter: 'function?' },
    check: ({ column, filter }) => (column === undefined && filter === undefined ? 'it adds nothing' : null),
  });
  const build = (...values: unknown[]) => {
    const warn = vi.fn();
    const extensions = new ServerExtensions(
      [
        plugin('owner', { extensionPoints: [list as never] }),
        ...values.map((value, i) => plugin(`p${i}`, { contributions: [contributeToServer(list, value as never)] })),
      ],
      { warn },
    );
    return { accepted: extensions.contributions(list), warnings: warn.mock.calls.map((call) => String(call[0])) };
  };

  it('keeps a contribution of the right shape, warning about nothing', () => {
    const good = { id: 'good', filter: async () => null };
    expect(build(good)).toEqual({ accepted: [good], warnings: [] });
  });

  it('leaves out an unknown member, a missing id, a member of the wrong type and a failed check, each named once', () => {
    const { accepted, warnings } = build(
      { id: 'flat', attribute: 'x', sql: '1' },
      { column: {} },
      { id: 'typed', filter: 'v.id > 0' },
      { id: 'empty' },
      'not even an object',
    );
    expect(accepted).toEqual([]);
    expect(warnings).toEqual([
      'Contribution of plugin "p0" to "owner.list" left out: `attribute` is not a member of it (it takes id, column, filter)',
      'Contribution of plugin "p1" to "owner.list" left out: it has no `id` (a non-empty string)',
      'Contribution of plugin "p2" to "owner.list" left out: `filter` is a string, not a function',
      'Contribution of plugin "p3" to "owner.list" left out: it adds nothing',
      'Contribution of plugin "p4" to "owner.list" left out: it is not an object',
    ]);
  });

  it("every first-party plugin's contribution keeps its point's rules", async () => {
    const { serverPlugins } = await import('./plugins');
    const warn = vi.fn();
    const extensions = new ServerExtensions(serverPlugins, { warn });
    expect(warn.mock.calls).toEqual([]);
    const { projectVersionListExtensions } = await import('../plugins/projects/server/extension-points');
    expect(extensions.contributions(projectVersionListExtensions).map((c) => c.id)).toEqual(
      expect.arrayContaining(['labels']),
    );
  });
});
