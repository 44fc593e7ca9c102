/**
 * `npm run -s bench -- list-read-model`: what the list's searches would cost answered in the web
 * process instead of PostgreSQL (docs/capacity.md, "What the goal needs, sketched and not built").
 * A model only, no app: the project-versions bench's million titles ("w0421harbor interview
 * 123456", 1,000 made-up words) and labels, held as a read model — the versions in list order
 * (newest first), a sorted dictionary of title words with each word's postings in that order, each
 * version's word ids, and a bitset per label — and the (c) mix's shapes asked of it. A typed word
 * matches the title words it begins (the list's rule), i.e. one range of the dictionary.
 *
 * Plan per request: the rarest condition (counted in O(1) from the dictionary's running totals)
 * drives. When it is rare, its matches are gathered and sorted and the rest tested on each; when
 * every condition is common, the list is walked from the newest version and each tested (the walk
 * meets a page's 51 matches after 51 / selectivity versions). Prints the build time, the memory and
 * the time per request by shape. Figures, not a test: the app does not use this yet.
 */
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 1_000_000);
const WORDS = 1000;
const PAGE = 51;
const LABELS = [2, 3, 4, 5, 6, 50, 500, 50_000]; // label i on every i-th version (the bench's shares)

function build() {
  // Position 0 is the newest version; the bench's version g (1-based, oldest first) sits at N - g.
  const titleWords = (g) => [`w${String(g % WORDS).padStart(4, '0')}harbor`, 'interview', String(g)];
  const dictionary = new Map();
  for (let g = 1; g <= VERSIONS; g++) for (const word of titleWords(g)) dictionary.set(word, 0);
  const words = [...dictionary.keys()].sort();
  words.forEach((word, id) => dictionary.set(word, id));
  const counts = new Int32Array(words.length);
  const perVersion = new Int32Array(VERSIONS * 3);
  for (let g = 1; g <= VERSIONS; g++) {
    const position = VERSIONS - g;
    titleWords(g).forEach((word, k) => {
      const id = dictionary.get(word);
      perVersion[position * 3 + k] = id;
      counts[id]++;
    });
  }
  // Postings of word id w: postings[starts[w] .. starts[w + 1]), positions ascending (newest first).
  const starts = new Int32Array(words.length + 1);
  for (let w = 0; w < words.length; w++) starts[w + 1] = starts[w] + counts[w];
  const postings = new Int32Array(starts[words.length]);
  const filled = starts.slice(0, words.length);
  for (let position = 0; position < VERSIONS; position++)
    for (let k = 0; k < 3; k++) postings[filled[perVersion[position * 3 + k]]++] = position;
  const labels = LABELS.map((every) => {
    const bits = new Uint8Array(Math.ceil(VERSIONS / 8));
    const list = [];
    for (let position = 0; position < VERSIONS; position++)
      if ((VERSIONS - position) % every === 0) {
        bits[position >> 3] |= 1 << (position & 7);
        list.push(position);
      }
    return { bits, positions: Int32Array.from(list), count: list.length };
  });
  return { words, starts, postings, perVersion, labels };
}

/** The dictionary's ids [lo, hi) of the words `prefix` begins. */
function wordRange(model, prefix) {
  const lower = (target) => {
    let lo = 0;
    let hi = model.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (model.words[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const lo = lower(prefix);
  // The end of the range: the first word after every word the prefix begins.
  const hi = lower(prefix + '\uffff');
  return { lo, hi, count: model.starts[hi] - model.starts[lo] };
}

function search(model, { words = [], labels = [] }) {
  const conditions = [
    ...words.map((prefix) => {
      const range = wordRange(model, prefix);
      const test = (position) => {
        for (let k = 0; k < 3; k++) {
          const id = model.perVersion[position * 3 + k];
          if (id >= range.lo && id < range.hi) return true;
        }
        return false;
      };
      return { kind: 'word', range, count: range.count, test };
    }),
    ...labels.map((index) => {
      const { bits, positions, count } = model.labels[index];
      const test = (position) => (bits[position >> 3] & (1 << (position & 7))) !== 0;
      return { kind: 'label', count, positions, test };
    }),
  ];
  const page = [];
  if (conditions.length === 0) {
    for (let position = 0; position < Math.min(PAGE, VERSIONS); position++) page.push(position);
    return page;
  }
  conditions.sort((a, b) => a.count - b.count);
  const [driver, ...rest] = conditions;
  const keeps = (position) => rest.every((condition) => condition.test(position));
  // Gathering costs about count·log(count); walking about (PAGE / selectivity) tests.
  const walkSteps = (PAGE * VERSIONS) / Math.max(driver.count, 1);
  if (driver.kind === 'label' && driver.count < walkSteps) {
    // A label's postings are in list order already: read until the page is full.
    const { positions } = driver;
    for (let i = 0; i < positions.length && page.length < PAGE; i++) if (keeps(positions[i])) page.push(positions[i]);
    return page;
  }
  if (driver.kind === 'word' && driver.count * Math.log2(driver.count + 2) < walkSteps) {
    const { lo, hi } = driver.range;
    const gathered = model.postings.subarray(model.starts[lo], model.starts[hi]);
    const sorted = hi - lo === 1 ? gathered : Int32Array.from(gathered).sort();
    for (let i = 0; i < sorted.length && page.length < PAGE; i++) if (keeps(sorted[i])) page.push(sorted[i]);
    return page;
  }
  for (let position = 0; position < VERSIONS && page.length < PAGE; position++)
    if (driver.test(position) && keeps(position)) page.push(position);
  return page;
}

const int = (below) => Math.floor(Math.random() * below);
const word = () => `w${String(int(WORDS)).padStart(4, '0')}harbor`;
const SHAPES = {
  word: () => ({ words: [word()] }),
  wordPrefix: () => ({ words: [word().slice(0, 4)] }),
  number: () => ({ words: [String(100 + int(900))] }),
  twoWords: () => ({ words: [word(), String(1 + int(9))] }),
  label: () => ({ labels: [int(LABELS.length)] }),
  twoLabels: () => ({ labels: [int(LABELS.length), int(LABELS.length)] }),
  labelAndWord: () => ({ labels: [int(LABELS.length)], words: [word().slice(0, 5)] }),
  plain: () => ({}),
};

export default async function listReadModel(ctx) {
  const heapBefore = process.memoryUsage();
  const started = performance.now();
  const model = build();
  const buildMs = performance.now() - started;
  const heapAfter = process.memoryUsage();
  const megabytes =
    (heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1024 / 1024;
  ctx.log(`list read model: ${VERSIONS} versions, ${model.words.length} words, built in ${buildMs.toFixed(0)} ms`);
  // Every page checked once against a plain scan, so a fast wrong answer cannot pass as a figure.
  for (const [name, make] of Object.entries(SHAPES)) {
    const query = make();
    const expected = [];
    for (let position = 0; position < VERSIONS && expected.length < PAGE; position++) {
      const ids = [0, 1, 2].map((k) => model.words[model.perVersion[position * 3 + k]]);
      const wordsOk = (query.words ?? []).every((prefix) => ids.some((w) => w.startsWith(prefix)));
      const labelsOk = (query.labels ?? []).every((index) => (VERSIONS - position) % LABELS[index] === 0);
      if (wordsOk && labelsOk) expected.push(position);
    }
    const got = search(model, query);
    if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`${name}: the read model's page differs`);
  }
  const figures = {
    'list read model: build, 1M versions': { value: Math.round(buildMs), unit: 'ms' },
    'list read model: memory': { value: Math.round(megabytes), unit: 'MB' },
  };
  const all = [];
  for (const [name, make] of Object.entries(SHAPES)) {
    const times = [];
    for (let i = 0; i < 2000; i++) {
      const query = make();
      const t = performance.now();
      search(model, query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    const p50 = times[times.length >> 1];
    const p99 = times[Math.floor(times.length * 0.99)];
    figures[`list read model: ${name} p50`] = { value: Number(p50.toFixed(4)), unit: 'ms' };
    figures[`list read model: ${name} p99`] = { value: Number(p99.toFixed(4)), unit: 'ms' };
  }
  const mean = all.reduce((sum, t) => sum + t, 0) / all.length;
  figures['list read model: mean per search over the shapes'] = { value: Number(mean.toFixed(4)), unit: 'ms' };
  return figures;
}
