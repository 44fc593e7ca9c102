/**
 * One workspace's project-version list, in the web process's memory: its live versions in the
 * list's order (newest first: created_at DESC, id DESC) and a sorted dictionary of their titles'
 * words (PostgreSQL's own lexemes of `title_words`, read, never re-derived here), each word with
 * the versions whose title has it. It answers which ids a page of the list holds, for the title
 * search and the plain and numbered pages; the rows themselves still come from PostgreSQL.
 *
 * Why: a title search in PostgreSQL reads one heap page per match to learn each match's date and
 * took 83 % of the database's time under the list mix (docs/capacity.md, fourth pass); here a
 * word's matches are gathered from its postings and ordered in memory (bench/list-read-model.bench.mjs:
 * 0.03 ms a search at a million versions against 2-8 ms).
 *
 * Nothing in here touches the database or the clock: list-models.ts reads and applies changes.
 */

/** A live version as the list orders and searches it. */
export interface ModelVersion {
  id: string;
  /** created_at in microseconds since the epoch (exact: below 2^53 until the year 2255). */
  micros: number;
  /** The title's lexemes, as PostgreSQL stored them (`tsvector_to_array(title_words)`). */
  words: string[];
  /** Removed (deleted, renamed, moved) but still in `order` until the next compaction. */
  gone?: boolean;
}

/** What the model is asked: the list's query without plugin filters (those go to SQL). */
export interface ModelQuery {
  /** Lower-case search terms (every one must begin a word of the title); empty: no search. */
  terms: string[];
  /** Keyset position of the previous page's last row: [micros, id]. */
  after: [number, string] | null;
  /** Rows to skip (numbered pages without a cursor). */
  offset: number;
  /** Rows wanted: a page and one more to know whether another page exists. */
  limit: number;
}

/** Ids compare as numbers; they are canonical decimal strings (bigint ids as PostgreSQL prints them). */
function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` comes before `b` in the list (newer first, then the larger id). */
export function listOrder(a: { micros: number; id: string }, b: { micros: number; id: string }): number {
  return a.micros !== b.micros ? b.micros - a.micros : compareIds(b.id, a.id);
}

/** Strings in code-unit order: every word beginning with a prefix then sits in one run. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function lowerBound<T>(items: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(items[middle])) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Merges two arrays sorted by `compare` into a new one (O(n + m): no full sort after a change). */
function mergeSorted<T>(left: readonly T[], right: readonly T[], compare: (a: T, b: T) => number): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) merged.push(compare(left[i], right[j]) <= 0 ? left[i++] : right[j++]);
  while (i < left.length) merged.push(left[i++]);
  while (j < right.length) merged.push(right[j++]);
  return merged;
}

/** A term's dictionary range visited no further than this: past it the term counts as common. */
const MAX_WORDS_COUNTED = 2000;
/**
 * What one request may cost the event loop: versions a walk visits, matches a gather sorts, rows a
 * numbered page skips. Past them the model answers null and SQL serves the page (in PostgreSQL,
 * off the loop): page 20,000 of a common word, or two common words that never meet, would
 * otherwise walk all of a million versions on the web process's only thread.
 */
const MAX_WALKED = 200_000;
const MAX_GATHERED = 20_000;
const MAX_OFFSET = 5_000;

/** Terms this short are not counted beside a longer one (title-search-conditions.ts has the same rule for SQL). */
const SHORT_TERM_LENGTH = 2;
/**
 * New words wait in a small sorted list of their own until there are this many, then join the
 * dictionary in one merge: merging each write's new words into a million took 30-100 ms a write
 * (measured under the list bench), all of it on the event loop.
 */
const NEW_WORDS_MERGED_AT = 4096;

/** Oldest first: the list's order backwards, so that a new version (the newest) is an append. */
const oldestFirst = (a: ModelVersion, b: ModelVersion) => listOrder(b, a);

export class WorkspaceListModel {
  /** Live versions (and some gone ones, skipped), oldest first: walks go from the end. */
  private order: ModelVersion[] = [];
  private readonly byId = new Map<string, ModelVersion>();
  /** Every lexeme that has (or had) versions, in code-unit order: the merged part and the new part. */
  private words: string[] = [];
  private newWords: string[] = [];
  /**
   * Each word's versions: the version itself while it is the only one (most words of real titles,
   * and the bench's million numbers), a Set from the second on. A Set per word was a million
   * objects more for the garbage collector to mark at every full collection.
   */
  private readonly postings = new Map<string, ModelVersion | ReadonlySet<ModelVersion>>();
  private goneInOrder = 0;

  constructor(private readonly newWordsMergedAt = NEW_WORDS_MERGED_AT) {}

  /** Live versions held. */
  get size(): number {
    return this.byId.size;
  }

  /**
   * Puts versions in (or replaces them) and takes ids out. `present` need not be sorted; a build
   * passes its chunks in list order, which makes adding them an append.
   */
  apply(present: ModelVersion[], removed: Iterable<string> = []): void {
    for (const id of removed) this.remove(id);
    for (const version of present) this.remove(version.id);
    if (present.length === 0) return this.compactIfWorthIt();
    // Copies: a version object once taken out is marked gone for the walks that may still meet it.
    const added = present.map(({ id, micros, words }): ModelVersion => ({ id, micros, words })).sort(oldestFirst);
    const newWords: string[] = [];
    for (const version of added) {
      this.byId.set(version.id, version);
      for (const word of version.words) {
        const held = this.postings.get(word);
        if (held === undefined || held === EMPTY) {
          this.postings.set(word, version);
          if (held === undefined) newWords.push(word);
        } else if (held instanceof Set) (held as Set<ModelVersion>).add(version);
        else this.postings.set(word, new Set<ModelVersion>([held as ModelVersion, version]));
      }
    }
    if (newWords.length > 0) {
      this.newWords = mergeSorted(this.newWords, newWords.sort(byCodeUnits), byCodeUnits);
      if (this.newWords.length >= this.newWordsMergedAt) {
        this.words = mergeSorted(this.words, this.newWords, byCodeUnits);
        this.newWords = [];
      }
    }
    // A new version is the newest: appended. A back-dated one (or a build's chunk, newest first) is merged in.
    const newest = this.order[this.order.length - 1];
    if (!newest || oldestFirst(newest, added[0]) < 0) for (const version of added) this.order.push(version);
    else if (oldestFirst(added[added.length - 1], this.order[0]) < 0) this.order = added.concat(this.order);
    else this.order = mergeSorted(this.order, added, oldestFirst);
    this.compactIfWorthIt();
  }

  private remove(id: string): void {
    const version = this.byId.get(id);
    if (!version) return;
    this.byId.delete(id);
    version.gone = true;
    this.goneInOrder++;
    for (const word of version.words) {
      const held = this.postings.get(word);
      if (held === version) this.postings.set(word, EMPTY);
      else if (held instanceof Set && held !== EMPTY) (held as Set<ModelVersion>).delete(version);
    }
  }

  /** Gone versions are skipped by every walk; they are dropped once they are a tenth of the order. */
  private compactIfWorthIt(): void {
    if (this.goneInOrder * 10 < this.order.length) return;
    this.order = this.order.filter((version) => !version.gone);
    this.goneInOrder = 0;
    const live = (word: string) => {
      if (postingsSize(this.postings.get(word)) > 0) return true;
      this.postings.delete(word);
      return false;
    };
    this.words = this.words.filter(live);
    this.newWords = this.newWords.filter(live);
  }

  /** The page's ids, in list order: at most `limit` of them; null when finding them would cost too much here. */
  page(query: ModelQuery): string[] | null {
    if (query.offset > MAX_OFFSET) return null;
    const wanted = query.offset + query.limit;
    const start = query.after ? this.positionAfter(query.after) : this.order.length - 1;
    const terms = query.terms;
    if (terms.length === 0) return this.walk(start, wanted, () => true)?.slice(query.offset) ?? null;

    // The rarest term drives: its matches gathered from the postings and ordered here when that
    // costs less than walking the list from the cursor testing each title (about wanted × size /
    // matches versions), i.e. while matches² <= wanted × size; counting stops past that.
    const cap = Math.min(Math.sqrt(wanted * Math.max(this.order.length, 1)), MAX_GATHERED);
    const longest = Math.max(...terms.map((term) => term.length));
    let rarest = terms[0];
    let rarestCount = Infinity;
    for (const term of terms) {
      // Beside a longer term a short one ("5") begins too many words to be worth counting; it is
      // tested on the longer one's matches (as the SQL list does, title-search-conditions.ts).
      if (term.length <= SHORT_TERM_LENGTH && longest > SHORT_TERM_LENGTH) continue;
      const count = this.matchCount(term, Math.min(cap, rarestCount));
      if (count < rarestCount || rarestCount === Infinity) [rarest, rarestCount] = [term, count];
    }
    if (rarestCount > cap)
      return this.walk(start, wanted, (version) => hasWordsStarting(version, terms))?.slice(query.offset) ?? null;

    const others = terms.filter((term) => term !== rarest);
    const after = query.after ? { micros: query.after[0], id: query.after[1] } : null;
    const found: ModelVersion[] = [];
    const consider = (version: ModelVersion) => {
      if ((!after || listOrder(after, version) < 0) && hasWordsStarting(version, others)) found.push(version);
    };
    this.eachWordStarting(rarest, (word) => {
      const held = this.postings.get(word);
      if (held instanceof Set) for (const version of held) consider(version);
      else if (held) consider(held as ModelVersion);
      return true;
    });
    found.sort(listOrder);
    // A title with two words the term begins was gathered twice: side by side once sorted.
    const ids: string[] = [];
    for (let index = 0; index < found.length && ids.length < wanted; index++)
      if (index === 0 || found[index] !== found[index - 1]) ids.push(found[index].id);
    return ids.slice(query.offset);
  }

  /** Index of the newest version that comes after the keyset position in the list (-1: none). */
  private positionAfter([micros, id]: [number, string]): number {
    const position = { micros, id };
    // Oldest first: the versions after the position in the list are a prefix of `order`.
    return lowerBound(this.order, (version) => listOrder(position, version) < 0) - 1;
  }

  /** From `start` towards the oldest, in list order. */
  private walk(start: number, wanted: number, test: (version: ModelVersion) => boolean): string[] | null {
    const ids: string[] = [];
    for (let index = start; index >= 0 && ids.length < wanted; index--) {
      if (start - index >= MAX_WALKED) return null;
      const version = this.order[index];
      if (!version.gone && test(version)) ids.push(version.id);
    }
    return ids;
  }

  /** Calls `visit` with each word `prefix` begins, while it answers true. */
  private eachWordStarting(prefix: string, visit: (word: string) => boolean): void {
    for (const words of [this.words, this.newWords])
      for (let index = lowerBound(words, (word) => word < prefix); index < words.length; index++) {
        const word = words[index];
        if (!word.startsWith(prefix) || !visit(word)) break;
      }
  }

  /**
   * Versions with a word beginning with `term` (counted twice when two of a title's words do), or
   * Infinity once past `cap` or once more than MAX_WORDS_COUNTED words begin with it.
   */
  private matchCount(term: string, cap: number): number {
    let count = 0;
    let words = 0;
    this.eachWordStarting(term, (word) => {
      count += postingsSize(this.postings.get(word));
      return ++words <= MAX_WORDS_COUNTED && count <= cap;
    });
    return words > MAX_WORDS_COUNTED || count > cap ? Infinity : count;
  }
}

/** A word none of the live versions has any more (dropped from the dictionary at the next compaction). */
const EMPTY: ReadonlySet<ModelVersion> = new Set();

function postingsSize(held: ModelVersion | ReadonlySet<ModelVersion> | undefined): number {
  return held === undefined ? 0 : held instanceof Set ? held.size : 1;
}

/** Every term begins one of the title's words. */
function hasWordsStarting(version: ModelVersion, terms: readonly string[]): boolean {
  for (const term of terms) {
    let found = false;
    for (const word of version.words)
      if (word.startsWith(term)) {
        found = true;
        break;
      }
    if (!found) return false;
  }
  return true;
}
