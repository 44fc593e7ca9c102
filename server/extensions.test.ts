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
