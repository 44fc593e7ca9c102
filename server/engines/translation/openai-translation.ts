import type { Cue, LanguagePair, TranslateOptions, TranslatedCue, TranslationEngine } from '../engine-interfaces';
import { callOpenAiService, type OpenAiServiceConfig } from '../openai-client';
import { NO_TERM_BASE, type TermBase } from './term-base';

/** Cues per request: long enough for context, short enough that the answer is not cut off. */
const BATCH_SIZE = 40;

const DEFAULT_GUIDELINE =
  'You are a professional subtitle translator. Keep each subtitle short, natural and faithful to the meaning.';

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string } }>;
}

export class TranslationCountError extends Error {
  constructor(expected: number, got: number | null) {
    super(`the translation service returned ${got ?? 'no'} cues for ${expected}`);
    this.name = 'TranslationCountError';
  }
}

/**
 * Translation through an OpenAI-compatible `/v1/chat/completions`. The workspace guideline is
 * the system prompt, the glossary is listed in it, and cues go as a numbered JSON array that
 * must come back with the same numbers; a reply with a different count is asked for once more,
 * then fails (never a silent shift of subtitles). The term base is enforced on the result too.
 */
export class OpenAiTranslation implements TranslationEngine {
  readonly name = 'openai';

  constructor(
    private readonly config: OpenAiServiceConfig,
    private readonly languageList: readonly string[],
    private readonly termBase: TermBase = NO_TERM_BASE,
  ) {}

  async pairs(): Promise<LanguagePair[]> {
    return this.languageList.flatMap((from) =>
      this.languageList.filter((to) => to !== from).map((to) => ({ from, to })),
    );
  }

  async translate(cues: Cue[], options: TranslateOptions): Promise<TranslatedCue[]> {
    const out: TranslatedCue[] = [];
    for (let start = 0; start < cues.length; start += BATCH_SIZE) {
      const batch = cues.slice(start, start + BATCH_SIZE);
      const texts = await this.translateBatch(batch, options);
      batch.forEach((cue, index) => {
        const target = texts[index]!;
        const glossary = options.glossary ?? [];
        if (glossary.length === 0) return void out.push({ id: cue.id, text: target });
        const { text, fixed } = this.termBase.enforce({ source: cue.text, target, entries: glossary });
        out.push({ id: cue.id, text, ...(fixed.length ? { termsFixed: fixed } : {}) });
      });
    }
    return out;
  }

  private async translateBatch(batch: Cue[], options: TranslateOptions): Promise<string[]> {
    const messages = [
      { role: 'system', content: systemPrompt(options) },
      {
        role: 'user',
        content: JSON.stringify(
          batch.map((cue, index) => ({
            n: index + 1,
            text: cue.text,
            ...(cue.maxChars ? { maxChars: cue.maxChars } : {}),
          })),
        ),
      },
    ];
    let got: number | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await callOpenAiService(
        this.config,
        '/v1/chat/completions',
        { model: this.config.model, messages, temperature: 0 },
        options.signal,
      );
      const content = ((await response.json()) as ChatCompletion).choices?.[0]?.message?.content ?? '';
      const texts = parseNumberedCues(content, batch.length);
      if (texts) return texts;
      got = countItems(content);
    }
    throw new TranslationCountError(batch.length, got);
  }
}

function systemPrompt(options: TranslateOptions): string {
  const lines = [
    options.guideline?.trim() || DEFAULT_GUIDELINE,
    '',
    `Translate each subtitle from language "${options.from}" to language "${options.to}".`,
    'The input is a JSON array of {"n": number, "text": string}. Answer with ONLY a JSON array of the same length,',
    'one {"n": number, "text": translated string} per input item, same n, same order. Never merge or split items.',
    'An item with "maxChars" is shown for a limited time: keep its translation within that many characters,',
    'condensing as subtitlers do (drop repetition and filler, keep every fact and name).',
  ];
  const glossary = options.glossary ?? [];
  if (glossary.length > 0) {
    lines.push('', 'Always translate these terms exactly as given:');
    for (const entry of glossary) lines.push(`- ${entry.source} => ${entry.target}`);
  }
  return lines.join('\n');
}

function jsonArrayIn(content: string): unknown[] | null {
  const start = content.indexOf('[');
  const end = content.lastIndexOf(']');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(content.slice(start, end + 1));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function countItems(content: string): number | null {
  return jsonArrayIn(content)?.length ?? null;
}

/** The reply's texts in input order, or null when the count or numbering does not match. */
export function parseNumberedCues(content: string, expected: number): string[] | null {
  const items = jsonArrayIn(content);
  if (!items || items.length !== expected) return null;
  const texts = Array.from<string | undefined>({ length: expected });
  items.forEach((item, index) => {
    if (typeof item === 'string') texts[index] = item;
    else if (item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string') {
      const n = Number((item as { n?: unknown }).n);
      texts[Number.isInteger(n) && n >= 1 && n <= expected ? n - 1 : index] = (item as { text: string }).text;
    }
  });
  return texts.every((text) => text !== undefined) ? (texts as string[]) : null;
}
