/**
 * Translations that read well (bench/translation-quality.bench.mjs runs this under tsx and reads
 * the JSON line it prints). Paragraphs no test uses are spoken by espeak-ng, timed by the
 * embedded aligner against their text, cut into transcript cues by the pipeline's segmentation,
 * then translated into every language the installed Apertium pairs reach from English, twice:
 *   - "cueByCue": the former step, each cue translated alone and re-wrapped in its own time;
 *   - "bySentence": the step now (craft/translate-by-sentence.ts).
 * For each it reports the share of translated cues passing the reading rules, the pieces sent to
 * the engine that were a fragment of a sentence, and the share of term-base terms honoured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PocketsphinxAlignment } from '../server/engines/alignment/pocketsphinx-alignment';
import type { Cue as EngineCue, GlossaryEntry, TranslateOptions } from '../server/engines/engine-interfaces';
import { runProcess } from '../server/engines/process-runner';
import { synthesizeWordByWord } from '../server/engines/testing/speech-fixtures';
import { ApertiumTranslation } from '../server/engines/translation/apertium-translation';
import { craftTermBase } from '../server/engines/translation/craft-term-base';
import {
  breakLines,
  checkReadingRules,
  noBreakWordsFor,
  readingRulesPassRate,
  READING_RULES,
  segmentWords,
} from '../plugins/pipeline/server/craft/index';
import { countTerms, translateBySentence } from '../plugins/pipeline/server/craft/translate-by-sentence';
import { SENTENCE_END } from '../plugins/pipeline/server/craft/line-breaking';
import { probeDurationMs } from '../plugins/pipeline/server/craft/media-tools';

const SOURCE = process.env.SOURCE ?? 'en';

const SPANISH_PARAGRAPHS = [
  'Cada invierno el pueblo celebra una feria en la plaza mayor. Los vecinos venden queso, miel y pan recién hecho. Este año el ayuntamiento ha instalado un horno nuevo junto a la iglesia, y los niños hacen cola para probar las galletas.',
  'El equipo de ventas ha cerrado un buen trimestre. Hemos firmado contratos con tres hospitales y una universidad. El mes que viene abriremos una oficina en Valencia y contrataremos a dos ingenieros más para la aplicación móvil.',
  'La biblioteca de la ciudad cierra por obras durante el verano. Los libros prestados se pueden devolver en el centro cultural del barrio. Cuando vuelva a abrir tendrá una sala para estudiar por la noche y más ordenadores.',
  'Para preparar una buena tortilla necesitas huevos, patatas, aceite y paciencia. Corta las patatas en trozos finos y fríelas a fuego lento. Después mézclalas con los huevos batidos y cuaja la tortilla por los dos lados.',
];

/** Terms for a Spanish source, per target language. */
const SPANISH_TERMS: [string, Record<string, string>][] = [
  ['equipo de ventas', { en: 'sales force', fr: 'force de vente', pt: 'força de vendas', ca: 'força de vendes' }],
  ['aplicación móvil', { en: 'mobile app', fr: 'appli mobile', pt: 'app móvel', ca: 'app mòbil' }],
  ['horno', { en: 'wood oven', fr: 'four à bois', pt: 'forno a lenha', ca: 'forn de llenya' }],
  ['centro cultural', { en: 'civic centre', fr: 'maison de la culture', pt: 'casa da cultura', ca: 'casal cultural' }],
];

const PARAGRAPHS = [
  'Every spring the river floods the lower fields. Farmers along the valley move their animals to higher ground, and the old bridge is closed for a week. This year the water came early, before the seeds were planted. The village council met on Tuesday evening to discuss a new flood wall. Some people want it built of stone, while others prefer an earth bank with trees planted on top.',
  'Our quarterly report shows steady growth in every region. The sales team closed forty new contracts, most of them with small businesses in the north. Customer support answered calls faster than last year, although the waiting time on Mondays is still too long. Next quarter we will open a second office and hire more engineers for the mobile application.',
  'The museum reopened after two years of careful restoration. Visitors can now see the painted ceiling of the main hall, which had been hidden behind wooden panels for almost a century. The restorers used small brushes and warm water to remove the dirt. In the evening the building is lit from below, and the colours look brighter than ever.',
  'To make good bread you need only flour, water, salt and time. Mix the ingredients in a large bowl and leave the dough to rest for an hour. Then fold it gently, shape it into a ball and let it rise again. Bake it in a hot oven until the crust is dark and sounds hollow when you tap it.',
  'The train left the station at six in the morning. Most passengers were asleep, but a young woman near the window was reading a letter again and again. When we reached the coast, the sun came out and the sea turned green. She folded the letter, smiled, and got off at the next stop without a word.',
  'Please remember to save your work before you close the program. If the computer stops responding, wait a minute before you restart it. Customer support can help you recover lost files, but only if you call them on the same day. Our engineers are working on a fix for the next version.',
  'Bees visit thousands of flowers every day. They carry pollen from one plant to another, and without them many fruits would never grow. In recent years their numbers have fallen in many countries. Scientists believe that new farming methods, a warmer climate and several diseases are all part of the problem.',
  'The match was cancelled because of the heavy rain. Both teams had travelled a long way, and the fans waited for two hours under their umbrellas. The new date will be announced next week. Tickets remain valid, and anyone who cannot come may ask for their money back at the office.',
];

/** A term base per target language: the target differs from what Apertium says on its own. */
const TERMS: [string, Record<string, string>][] = [
  ['sales team', { es: 'equipo comercial', ca: 'equip comercial', fr: 'équipe commerciale', pt: 'equipa comercial' }],
  [
    'customer support',
    { es: 'atención al cliente', ca: 'atenció al client', fr: 'service client', pt: 'apoio ao cliente' },
  ],
  ['mobile application', { es: 'app móvil', ca: 'app mòbil', fr: 'appli mobile', pt: 'app móvel' }],
  ['flood wall', { es: 'muro de contención', ca: 'mur de contenció', fr: 'digue', pt: 'muro de contenção' }],
  ['oven', { es: 'horno de leña', ca: 'forn de llenya', fr: 'four à bois', pt: 'forno a lenha' }],
  ['museum', { es: 'pinacoteca', ca: 'pinacoteca', fr: 'pinacothèque', pt: 'pinacoteca' }],
];
const glossaryFor = (to: string): GlossaryEntry[] =>
  (SOURCE === 'es' ? SPANISH_TERMS : TERMS).map(([source, targets]) => ({ source, target: targets[to]! }));

const dir = await mkdtemp(path.join(os.tmpdir(), 'polycue-translation-bench-'));
try {
  const aligner = new PocketsphinxAlignment();
  const engine = new ApertiumTranslation(craftTermBase);
  const reachable = new Set((await engine.pairs()).flatMap((pair) => [pair.from, pair.to]));
  const targets = ['en', 'es', 'ca', 'fr', 'pt'].filter((language) => language !== SOURCE && reachable.has(language));

  const transcripts = [];
  // Spanish speech: each word spoken alone and laid end to end, so its times are known without an
  // aligner (the embedded recogniser has an English model only).
  if (SOURCE === 'es')
    for (const [index, paragraph] of SPANISH_PARAGRAPHS.entries()) {
      const fixture = await synthesizeWordByWord(paragraph, await mkdtemp(path.join(dir, `es${index}-`)), {
        voice: 'es',
        wpm: Number(process.env.WPM ?? 165),
      });
      const cues = segmentWords(fixture.words, { language: 'es' }).map((cue) => ({
        start: Math.round(cue.start),
        end: Math.round(cue.end),
        text: cue.lines.join('\n'),
      }));
      transcripts.push(Object.assign(cues, { mediaEndMs: fixture.durationMs }));
    }
  for (const [index, paragraph] of (SOURCE === 'en' ? PARAGRAPHS : []).entries()) {
    const native = path.join(dir, `p${index}-native.wav`);
    const wav = path.join(dir, `p${index}.wav`);
    await runProcess(
      'espeak-ng',
      ['-v', index % 2 ? 'en-us+f2' : 'en-us+m3', '-s', process.env.WPM ?? '165', '-w', native],
      { input: paragraph },
    );
    await runProcess('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      native,
      '-ac',
      '1',
      '-ar',
      '16000',
      '-bitexact',
      wav,
    ]);
    const words = await aligner.align(wav, paragraph, { language: 'en' });
    const cues = segmentWords(words, { language: 'en' }).map((cue) => ({
      start: Math.round(cue.start),
      end: Math.round(cue.end),
      text: cue.lines.join('\n'),
    }));
    transcripts.push(Object.assign(cues, { mediaEndMs: await probeDurationMs(wav) }));
  }
  const sourceReports = transcripts.flatMap((cues) => checkReadingRules(cues.map(toCue), { language: SOURCE }));

  const sourceChars = transcripts.flat().reduce((sum, cue) => sum + cue.text.replace(/\n/g, '').length, 0);
  const sourceMs = transcripts.flat().reduce((sum, cue) => sum + cue.end - cue.start, 0);
  const spanMs = transcripts.reduce((sum, cues) => sum + cues[cues.length - 1]!.end - cues[0]!.start, 0);
  const result: Record<string, unknown> = {
    sourceCps: (sourceChars * 1000) / sourceMs,
    spanCps: (sourceChars * 1000) / spanMs,
    sourceCues: sourceReports.length,
    sourcePass: readingRulesPassRate(sourceReports),
    languages: {},
  };
  for (const to of targets) {
    const glossary = glossaryFor(to);
    const sent: string[] = [];
    const translate = (cues: EngineCue[], options: TranslateOptions) => {
      sent.push(...cues.map((cue) => cue.text));
      return engine.translate(cues, options);
    };
    const methods: Record<
      string,
      {
        pass: number;
        cues: number;
        fragments: number;
        pieces: number;
        terms: { occurrences: number; honoured: number };
        fixed: unknown[];
        sample: string[];
        broken: Record<string, number>;
        chars: number;
        ms: number;
        flagged: string[];
      }
    > = {};
    for (const method of ['cueByCue', 'bySentence'] as const) {
      sent.length = 0;
      const out = {
        pass: 0,
        cues: 0,
        fragments: 0,
        pieces: 0,
        terms: { occurrences: 0, honoured: 0 },
        fixed: [] as unknown[],
        sample: [] as string[],
        broken: {} as Record<string, number>,
        chars: 0,
        ms: 0,
        flagged: [] as string[],
      };
      const reports = [];
      for (const source of transcripts) {
        const options = { from: SOURCE, to, glossary };
        let cues;
        if (method === 'bySentence') {
          const done = await translateBySentence(source, { ...options, translate, mediaEndMs: source.mediaEndMs });
          cues = done.cues;
          out.terms.occurrences += done.report.terms.occurrences;
          out.terms.honoured += done.report.terms.honoured;
          out.fixed.push(...done.report.termsFixed);
        } else {
          const translated = await translate(
            source.map((cue, index) => ({ id: String(index), text: cue.text.replace(/\n/g, ' ') })),
            options,
          );
          cues = source.map((cue, index) => ({ ...cue, text: layout(translated[index]!.text, to) }));
          const counted = countTerms(
            source.map((cue) => cue.text).join(' '),
            cues.map((cue) => cue.text).join(' '),
            glossary,
          );
          out.terms.occurrences += counted.occurrences;
          out.terms.honoured += counted.honoured;
        }
        const checked = checkReadingRules(cues.map(toCue), { language: to });
        reports.push(...checked);
        for (const report of checked)
          if (report.violations.length && out.flagged.length < 6)
            out.flagged.push(
              `${cues[report.index]!.text.replace(/\n/g, ' / ')} [${report.violations.map((v) => v.message).join('; ')}]`,
            );
        out.chars += cues.reduce((sum, cue) => sum + cue.text.replace(/\n/g, '').length, 0);
        out.ms += cues.reduce((sum, cue) => sum + cue.end - cue.start, 0);
        out.sample.push(...cues.slice(0, 3).map((cue) => cue.text.replace(/\n/g, ' / ')));
      }
      out.cues = reports.length;
      for (const report of reports)
        for (const violation of report.violations) out.broken[violation.rule] = (out.broken[violation.rule] ?? 0) + 1;
      out.pass = readingRulesPassRate(reports);
      out.pieces = sent.length;
      // A piece is a fragment when it does not end a sentence (the source paragraphs are punctuated).
      out.fragments = sent.filter((text) => !SENTENCE_END.test(text.trim())).length;
      out.sample = out.sample.slice(0, 4);
      methods[method] = out;
    }
    (result.languages as Record<string, unknown>)[to] = methods;
  }
  console.log(JSON.stringify(result));
} finally {
  await rm(dir, { recursive: true, force: true });
}

function toCue(cue: { start: number; end: number; text: string }) {
  return { start: cue.start, end: cue.end, lines: cue.text.split('\n') };
}

/** The former step's layout: the cue's translation re-wrapped in lines, timing unchanged. */
function layout(text: string, language: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return breakLines(words, READING_RULES.maxCharsPerLine, noBreakWordsFor(language)).lines.join('\n');
}
