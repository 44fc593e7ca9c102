import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru';

const body = (bytes: number) => Buffer.alloc(bytes, 'x');

describe('ByteLru', () => {
  it('gives back what was stored under the same key, and nothing for another key', () => {
    const cache = new ByteLru(1000);
    cache.set('a', Buffer.from('{"data":[]}'));
    expect(cache.get('a')?.toString()).toBe('{"data":[]}');
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used entries once the byte budget is exceeded', () => {
    const cache = new ByteLru(1000);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, body(249));
    cache.get('a'); // a is now the most recently used; b the least
    cache.set('e', body(249));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
    expect(cache.usedBytes).toBeLessThanOrEqual(1000);
  });

  it('replaces an entry stored again under its key without counting it twice', () => {
    const cache = new ByteLru(1000);
    cache.set('a', body(100));
    cache.set('a', body(50));
    expect(cache.size).toBe(1);
    expect(cache.usedBytes).toBe(51);
  });

  it('does not keep a body too large for its budget, and a zero budget keeps nothing', () => {
    const cache = new ByteLru(400);
    cache.set('big', body(200));
    expect(cache.get('big')).toBeUndefined();
    const off = new ByteLru(0);
    off.set('a', body(1));
    expect(off.size).toBe(0);
  });
});
