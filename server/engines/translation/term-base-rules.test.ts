import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  enforceTermBase,
  literalTranslationsOf,
  protectTerms,
  restoreTerms,
  type GlossaryEntry,
} from './term-base-rules';
import { findTerms } from './term-matching';

const techGlossary: GlossaryEntry[] = [
  { source: 'machine learning', target: 'aprendizaje automático' },
  { source: 'learning', target: 'aprendizaje' },
  { source: 'cloud', target: 'nube' },
  { source: 'Polycue', target: 'Polycue', caseSensitive: true },
  { source: 'release notes', target: 'notas de la versión' },
  { source: 'pull request', target: 'solicitud de incorporación' },
];

describe('findTerms', () => {
  it('takes the longest term, whole words only, any case unless case-sensitive', () => {
    const matches = findTerms(
      'Machine  learning in the cloud, not in the clouds or in polycue. Learning matters.',
      techGlossary,
    );
    expect(matches.map((match) => [match.text, match.entry.target])).toEqual([
      ['Machine  learning', 'aprendizaje automático'],
      ['cloud', 'nube'],
      ['Learning', 'aprendizaje'],
    ]);
  });

  it('prefers the longest of overlapping terms even when a shorter one starts first', () => {
    const glossary = [
      { source: 'New York', target: 'Nueva York' },
      { source: 'York City Hall', target: 'Ayuntamiento de York' },
    ];
    expect(findTerms('Visit New York City Hall today', glossary).map((match) => match.text)).toEqual([
      'York City Hall',
    ]);
  });
});

describe('protectTerms and restoreTerms', () => {
  it('round-trips placeholders and capitalises a term that opens a sentence', () => {
    const source = 'Machine learning runs in the cloud. The cloud is cheap.';
    const protectedSource = protectTerms(source, techGlossary);
    expect(protectedSource.text).toBe('ZZTERM1ZZ runs in the ZZTERM2ZZ. The ZZTERM3ZZ is cheap.');
    // What an engine might return: a placeholder marked unknown, one lower-cased.
    const engineOutput = '*ZZTERM1ZZ funciona en la zzterm2zz. La ZZTERM3ZZ es barata.';
    expect(restoreTerms(engineOutput, protectedSource)).toBe(
      'Aprendizaje automático funciona en la nube. La nube es barata.',
    );
  });

  it('keeps a case-sensitive target exactly as written, even at a sentence start', () => {
    const glossary = [{ source: 'iPhone', target: 'iPhone', caseSensitive: true }];
    const protectedSource = protectTerms('iPhone sales grew.', glossary);
    expect(restoreTerms('ZZTERM1ZZ ventas crecieron.', protectedSource)).toBe('iPhone ventas crecieron.');
  });

  it.skipIf(!existsSync('/usr/share/apertium/modes/eng-spa.mode'))('survives a real apertium translation', () => {
    const source = 'Machine learning models run in the cloud, and Polycue writes the release notes.';
    const protectedSource = protectTerms(source, techGlossary);
    // apertium reads /dev/stdin, which cannot be opened on the socket Node gives a child as stdin:
    // the input goes through a file.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'polycue-terms-'));
    const input = path.join(dir, 'source.txt');
    writeFileSync(input, `${protectedSource.text}\n`);
    const translated = execFileSync('apertium', ['-u', 'eng-spa', input], { encoding: 'utf8' }).trim();
    rmSync(dir, { recursive: true, force: true });
    const restored = restoreTerms(translated, protectedSource);
    expect(restored).toContain('Aprendizaje automático');
    expect(restored).toContain('nube');
    expect(restored).toContain('Polycue');
    expect(restored).toContain('notas de la versión');
    expect(restored).not.toMatch(/ZZTERM/i);
  });
});

describe('enforceTermBase', () => {
  const literal = new Map([
    ['machine learning', ['aprendizaje de máquina']],
    ['cloud', ['nube']],
    ['release notes', ['notas de liberación', 'notas de publicación']],
    ['pull request', ['petición de extracción']],
  ]);

  it('replaces literal translations with the glossary term, keeping sentence case', () => {
    const { text, report } = enforceTermBase({
      source: 'Machine learning helps. Read the release notes before any pull request.',
      target: 'Aprendizaje de máquina ayuda. Lee las notas de publicación antes de cualquier petición de extracción.',
      entries: techGlossary,
      literalTranslations: literal,
    });
    expect(text).toBe(
      'Aprendizaje automático ayuda. Lee las notas de la versión antes de cualquier solicitud de incorporación.',
    );
    expect(report.map((item) => item.repairs)).toEqual([['literal'], ['literal'], ['literal']]);
  });

  it('replaces a term the engine left in the source language', () => {
    const { text } = enforceTermBase({
      source: 'The cloud is down.',
      target: 'El cloud está caído.',
      entries: techGlossary,
    });
    expect(text).toBe('El nube está caído.');
  });

  it('leaves correct output alone and never replaces inside other words', () => {
    const target = 'La nube de Polycue y las nubes de aprendizaje automático.';
    const result = enforceTermBase({
      source: 'The Polycue cloud and machine learning clouds.',
      target,
      entries: techGlossary,
      literalTranslations: literal,
    });
    expect(result.text).toBe(target);
    expect(result.report.every((item) => item.repairs.every((repair) => repair === 'present'))).toBe(true);
  });

  it('adds a term it cannot find a rendering for, once', () => {
    const { text, report } = enforceTermBase({
      source: 'The cloud, the cloud!',
      target: 'El cielo, ¡el cielo!',
      entries: techGlossary,
    });
    expect(text).toBe('El cielo, ¡el cielo (nube)!');
    expect(report[0]!.repairs).toEqual(['appended']);
  });

  it('ignores terms absent from the source', () => {
    expect(enforceTermBase({ source: 'Nothing here.', target: 'Nada aquí.', entries: techGlossary }).text).toBe(
      'Nada aquí.',
    );
  });

  it('works for other pairs, with elisions and a multi-word French term', () => {
    const glossary = [
      { source: 'ordinateur portable', target: 'portátil' },
      { source: 'souris', target: 'ratón' },
    ];
    const { text, report } = enforceTermBase({
      source: "J'ai oublié l'ordinateur portable et la souris de l'ordinateur portable.",
      target: 'Olvidé el ordenador portátil y el ratón del ordenador portátil.',
      entries: glossary,
      literalTranslations: new Map([['ordinateur portable', ['ordenador portátil']]]),
    });
    // The literal rendering holds the target word, yet it is still the literal rendering.
    expect(text).toBe('Olvidé el portátil y el ratón del portátil.');
    expect(report.map((item) => item.repairs)).toEqual([['literal', 'literal'], ['present']]);
  });

  it('learns literal renderings from the engine itself', async () => {
    const dictionary: Record<string, string> = { 'machine learning': 'El aprendizaje de máquina.', cloud: 'nube' };
    const literals = await literalTranslationsOf(techGlossary.slice(0, 3), async (text) => dictionary[text] ?? text);
    expect(literals.get('machine learning')).toEqual(['El aprendizaje de máquina', 'aprendizaje de máquina']);
    expect(literals.get('cloud')).toEqual([]);
  });
});
