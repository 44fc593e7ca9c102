import { describe, expect, it } from 'vitest';
import { ApertiumTranslation, listApertiumPairs } from './apertium-translation';
import { craftTermBase } from './craft-term-base';
import { findRoute, reachableTargets } from './translation-routes';

describe('translation routes', () => {
  const pairs = [
    { from: 'fr', to: 'es' },
    { from: 'es', to: 'ca' },
    { from: 'en', to: 'es' },
    { from: 'en', to: 'ca' },
    { from: 'es', to: 'pt' },
  ];

  it('prefers a direct pair, else the fewest hops', () => {
    expect(findRoute(pairs, 'en', 'ca')).toEqual([{ from: 'en', to: 'ca' }]);
    expect(findRoute(pairs, 'fr', 'ca')).toEqual([
      { from: 'fr', to: 'es' },
      { from: 'es', to: 'ca' },
    ]);
    expect(findRoute(pairs, 'ca', 'fr')).toBeNull();
  });

  it('lists every language reachable from a source', () => {
    expect(reachableTargets(pairs, 'fr')).toEqual(['ca', 'es', 'pt']);
    expect(reachableTargets(pairs, 'pt')).toEqual([]);
  });
});

describe('ApertiumTranslation', () => {
  const engine = new ApertiumTranslation(craftTermBase);

  it('discovers installed pairs in ISO 639-1 codes, without regional variants', async () => {
    const pairs = await listApertiumPairs();
    expect(pairs).toContainEqual(expect.objectContaining({ from: 'en', to: 'es' }));
    expect(pairs.every((pair) => /^[a-z]{2,3}$/.test(pair.from) && /^[a-z]{2,3}$/.test(pair.to))).toBe(true);
    expect(pairs.some((pair) => pair.mode.includes('_'))).toBe(false);
  });

  it('translates English cues to Spanish, one cue out per cue in, markup-like text intact', async () => {
    const cues = [
      { id: 'a', text: 'The cat is on the table.' },
      { id: 'b', text: 'I want to drink water\nbecause it is hot.' },
      { id: 'c', text: 'Tom & Jerry <live> here.' },
    ];
    const out = await engine.translate(cues, { from: 'en', to: 'es' });
    expect(out.map((cue) => cue.id)).toEqual(['a', 'b', 'c']);
    expect(out[0]!.text).toMatch(/gato/i);
    expect(out[0]!.text).toMatch(/mesa/i);
    expect(out[1]!.text).toMatch(/agua/i);
    expect(out[1]!.text.split('\n')).toHaveLength(2);
    expect(out[2]!.text).toContain('&');
    expect(out[2]!.text).toContain('<');
  });

  it('pivots French to Catalan through Spanish', async () => {
    const out = await engine.translate([{ id: '1', text: 'Le chat est sur la table.' }], { from: 'fr', to: 'ca' });
    expect(out[0]!.text).toMatch(/gat/i);
    expect(out[0]!.text).toMatch(/taula/i);
  });

  it("puts glossary targets in place of the engine's own choice", async () => {
    const out = await engine.translate([{ id: '1', text: 'The car is red.' }], {
      from: 'en',
      to: 'es',
      glossary: [{ source: 'car', target: 'automóvil' }],
    });
    expect(out[0]!.text).toMatch(/automóvil/);
    expect(out[0]!.text).not.toMatch(/coche/);
  });

  it('refuses a pair it cannot reach', async () => {
    await expect(engine.translate([{ id: '1', text: 'x' }], { from: 'en', to: 'ja' })).rejects.toThrow(
      /No installed translation route/,
    );
  });
});
