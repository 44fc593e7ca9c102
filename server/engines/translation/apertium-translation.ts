import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cue, LanguagePair, TranslateOptions, TranslatedCue, TranslationEngine } from '../engine-interfaces';
import { runProcess } from '../process-runner';
import { withTempDir } from '../temp-dir';
import { toIso6391 } from './language-codes';
import { NO_TERM_BASE, type TermBase } from './term-base';
import { findRoute } from './translation-routes';

export interface ApertiumPair extends LanguagePair {
  mode: string;
}

/**
 * Installed pairs from `apertium -l`. Only plain `xxx-yyy` modes count: variants such as
 * `eng-cat_valencia` or `spa-eng_US` and the `eco-*` helpers are not separate languages.
 */
export async function listApertiumPairs(signal?: AbortSignal): Promise<ApertiumPair[]> {
  let stdout: string;
  try {
    ({ stdout } = await runProcess('apertium', ['-l'], { signal, timeoutMs: 30_000 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []; // apertium not installed
    throw error;
  }
  const pairs: ApertiumPair[] = [];
  const seen = new Set<string>();
  for (const mode of stdout.split('\n').map((line) => line.trim())) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode);
    if (!match || match[1] === 'eco') continue;
    const pair = { from: toIso6391(match[1]!), to: toIso6391(match[2]!), mode };
    if (pair.from === pair.to || seen.has(`${pair.from}>${pair.to}`)) continue;
    seen.add(`${pair.from}>${pair.to}`);
    pairs.push(pair);
  }
  return pairs;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br/>');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const unescapeHtml = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
      name[0] === '#'
        ? String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? entity),
    );

export class TranslationRouteError extends Error {
  constructor(from: string, to: string) {
    super(`No installed translation route from "${from}" to "${to}"`);
    this.name = 'TranslationRouteError';
  }
}

/**
 * Translation with apertium. All cues go through ONE process per hop as an HTML document with a
 * `<p id>` per cue: apertium keeps block boundaries, so cue n of the output is cue n of the
 * input (docs/decisions.md#measured-facts-the-code-relies-on); `-u` drops the unknown-word marks. Without a direct pair the
 * document goes through the shortest chain of pairs. Glossary terms are hidden behind
 * placeholders during translation and enforced afterwards through the TermBase seam.
 */
export class ApertiumTranslation implements TranslationEngine {
  readonly name = 'apertium';
  private installed: Promise<ApertiumPair[]> | null = null;

  constructor(private readonly termBase: TermBase = NO_TERM_BASE) {}

  pairs(): Promise<LanguagePair[]> {
    return this.apertiumPairs().then((pairs) => pairs.map(({ from, to }) => ({ from, to })));
  }

  private apertiumPairs(): Promise<ApertiumPair[]> {
    this.installed ??= listApertiumPairs().catch((error: unknown) => {
      this.installed = null;
      throw error;
    });
    return this.installed;
  }

  async translate(cues: Cue[], options: TranslateOptions): Promise<TranslatedCue[]> {
    if (cues.length === 0) return [];
    const route = findRoute(await this.apertiumPairs(), options.from, options.to) as ApertiumPair[] | null;
    if (!route) throw new TranslationRouteError(options.from, options.to);
    const glossary = options.glossary ?? [];
    const protectedCues = cues.map((cue) => this.termBase.protect(cue.text, glossary));
    const translated = await this.translateTexts(
      route,
      protectedCues.map((cue) => cue.text),
      options.signal,
    );
    const literalTranslations =
      glossary.length > 0
        ? await this.literalTranslations(
            route,
            glossary.map((entry) => entry.source),
            options.signal,
          )
        : undefined;
    return cues.map((cue, index) => {
      const target = protectedCues[index]!.restore(translated[index]!);
      if (glossary.length === 0) return { id: cue.id, text: target };
      const { text, fixed } = this.termBase.enforce({
        source: cue.text,
        target,
        entries: glossary,
        literalTranslations,
      });
      return { id: cue.id, text, ...(fixed.length ? { termsFixed: fixed } : {}) };
    });
  }

  /** Runs the texts through each hop of the route; same count and order out as in. */
  private async translateTexts(route: ApertiumPair[], texts: string[], signal?: AbortSignal): Promise<string[]> {
    let html = texts.map((text, index) => `<p id="c${index}">${escapeHtml(text)}</p>`).join('\n');
    // The apertium script reads stdin as the file /dev/stdin, which cannot be opened when
    // stdin is a socket (as Node's pipes are): the document goes through a file instead.
    await withTempDir('apertium', async (dir) => {
      const inputPath = path.join(dir, 'cues.html');
      for (const hop of route) {
        await writeFile(inputPath, html);
        const { stdout } = await runProcess('apertium', ['-f', 'html', '-u', hop.mode, inputPath], {
          signal,
          // About 7k words/s; a minute plus a second per 2k characters is plenty.
          timeoutMs: 60_000 + Math.round(html.length / 2),
        });
        html = stdout;
      }
    });
    const out = Array.from<string | undefined>({ length: texts.length });
    for (const match of html.matchAll(/<p id="c(\d+)">([\s\S]*?)<\/p>/g))
      out[Number(match[1])] = unescapeHtml(match[2]!)
        .replace(/[ \t]+/g, ' ')
        .trim();
    const missing = out.findIndex((text) => text === undefined);
    if (missing >= 0) throw new Error(`apertium lost cue ${missing + 1} of ${texts.length}`);
    return out as string[];
  }

  /** The engine's own rendering of each glossary source term, so the term base can spot and replace it. */
  private async literalTranslations(
    route: ApertiumPair[],
    sources: string[],
    signal?: AbortSignal,
  ): Promise<Map<string, string[]>> {
    const literal = await this.translateTexts(route, sources, signal);
    const articles = /^(the|el|la|los|las|le|les|l'|o|a|os|as|els|un|una|une)\s+/iu;
    return new Map(
      sources.map((source, index) => {
        const text = literal[index]!.replace(/[.?!]+$/u, '').trim();
        return [
          source,
          [...new Set([text, text.replace(articles, '')])].filter(
            (variant) => variant && variant.toLowerCase() !== source.toLowerCase(),
          ),
        ];
      }),
    );
  }
}
