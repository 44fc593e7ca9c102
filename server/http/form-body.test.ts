import { describe, expect, it } from 'vitest';
import { parseNestedForm } from './form-body';

describe('parseNestedForm', () => {
  it('nests Devise-style fields and collects arrays', () => {
    const body =
      'utf8=%E2%9C%93&commit=Log+in&user%5Bemail%5D=a%40b.c&user[password]=p%26w&tags[]=x&tags[]=y&a[b][c]=d';
    expect(JSON.parse(JSON.stringify(parseNestedForm(body)))).toEqual({
      utf8: '✓',
      commit: 'Log in',
      user: { email: 'a@b.c', password: 'p&w' },
      tags: ['x', 'y'],
      a: { b: { c: 'd' } },
    });
  });

  it('never touches object prototypes', () => {
    const parsed = parseNestedForm('__proto__[admin]=1&user[constructor][x]=1');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.keys(parsed)).toEqual([]);
  });
});
