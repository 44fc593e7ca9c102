/**
 * An ARPA trigram language model built from one transcript, so that pocketsphinx decodes the
 * audio as (almost exactly) that text. Pocketsphinx cuts a file into utterances at pauses and
 * starts each one afresh, so a strict grammar from the first word to the last would fail after
 * the first pause; an n-gram model lets every utterance begin at any word while the bigrams and
 * trigrams keep the decoder on the transcript's word order. A small share of probability
 * (`BACKOFF_MASS`) backs off to the unigrams so skipped or repeated words do not derail it.
 */

const BACKOFF_MASS = 0.05;

type Counts = Map<string, Map<string, number>>;

function count(counts: Counts, history: string, word: string): void {
  let next = counts.get(history);
  if (!next) counts.set(history, (next = new Map()));
  next.set(word, (next.get(word) ?? 0) + 1);
}

const log10 = (p: number) => Math.log10(p).toFixed(4);

/** `sentences` are lists of dictionary-form words (sentence punctuation already split them). */
export function buildTranscriptArpa(sentences: readonly (readonly string[])[]): string {
  const unigramCounts = new Map<string, number>();
  const bigrams: Counts = new Map();
  const trigrams: Counts = new Map();
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const words = ['<s>', ...sentence, '</s>'];
    words.forEach((word, index) => {
      unigramCounts.set(word, (unigramCounts.get(word) ?? 0) + 1);
      if (index >= 1) count(bigrams, words[index - 1]!, word);
      if (index >= 2) count(trigrams, `${words[index - 2]} ${words[index - 1]}`, word);
    });
  }
  const total = [...unigramCounts.values()].reduce((sum, n) => sum + n, 0);
  // Unigrams: add-one smoothed relative frequency, so a rare word is never unreachable.
  const unigram = new Map([...unigramCounts].map(([word, n]) => [word, (n + 1) / (total + unigramCounts.size)]));

  const conditional = (counts: Map<string, number>) => {
    const sum = [...counts.values()].reduce((a, b) => a + b, 0);
    return new Map([...counts].map(([word, n]) => [word, ((1 - BACKOFF_MASS) * n) / sum]));
  };
  /** Backoff weight so that the leftover mass spreads over the words not seen after the history. */
  const backoffWeight = (seen: Map<string, number>, lower: (word: string) => number) => {
    const covered = [...seen.keys()].reduce((sum, word) => sum + lower(word), 0);
    return BACKOFF_MASS / Math.max(1e-6, 1 - covered);
  };

  const bigramProbabilities = new Map([...bigrams].map(([history, counts]) => [history, conditional(counts)]));
  const bigramLines: string[] = [];
  for (const [history, probabilities] of bigramProbabilities) {
    for (const [word, p] of probabilities) {
      const trigramHistory = trigrams.get(`${history} ${word}`);
      const bow = trigramHistory
        ? backoffWeight(trigramHistory, (next) => bigramProbabilities.get(word)?.get(next) ?? unigram.get(next)!)
        : 1;
      bigramLines.push(`${log10(p)} ${history} ${word}${trigramHistory ? ` ${log10(bow)}` : ''}`);
    }
  }
  const trigramLines: string[] = [];
  for (const [history, counts] of trigrams) {
    for (const [word, p] of conditional(counts)) trigramLines.push(`${log10(p)} ${history} ${word}`);
  }
  const unigramLines = [...unigram].map(([word, p]) => {
    const seen = bigrams.get(word);
    const bow = seen ? backoffWeight(seen, (next) => unigram.get(next)!) : 1;
    // <s> is never predicted: ARPA marks that with -99.
    return `${word === '<s>' ? '-99' : log10(p)} ${word} ${log10(bow)}`;
  });

  // A one-word transcript has no trigrams; an empty section would make the model invalid.
  const hasTrigrams = trigramLines.length > 0;
  return [
    '\\data\\',
    `ngram 1=${unigramLines.length}`,
    `ngram 2=${bigramLines.length}`,
    ...(hasTrigrams ? [`ngram 3=${trigramLines.length}`] : []),
    '',
    '\\1-grams:',
    ...unigramLines,
    '',
    '\\2-grams:',
    ...bigramLines,
    '',
    ...(hasTrigrams ? ['\\3-grams:', ...trigramLines, ''] : []),
    '\\end\\',
    '',
  ].join('\n');
}
