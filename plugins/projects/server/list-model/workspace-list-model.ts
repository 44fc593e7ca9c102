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

export class WorkspaceListModel {
  /** Live versions (and some gone ones, skipped) in list order. */
  private order: ModelVersion[] = [];
  private readonly byId = new Map<string, ModelVersion>();
  /** Every lexeme that has (or had) versions, in code-unit order. */
  private words: string[] = [];
  private readonly postings = new Map<string, Set<ModelVersion>>();
  private goneInOrder = 0;

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
    const added = present.map(({ id, micros, words }): ModelVersion => ({ id, micros, words })).sort(listOrder);
    const newWords: string[] = [];
    for (const version of added) {
      this.byId.set(version.id, version);
      for (const word of version.words) {
        let set = this.postings.get(word);
        if (!set) {
          set = new Set();
          this.postings.set(word, set);
          newWords.push(word);
        }
        set.add(version);
      }
    }
    if (newWords.length > 0) this.words = mergeSorted(this.words, newWords.sort(byCodeUnits), byCodeUnits);
    const last = this.order[this.order.length - 1];
    if (!last || listOrder(last, added[0]) < 0) for (const version of added) this.order.push(version);
    else this.order = mergeSorted(this.order, added, listOrder);
    this.compactIfWorthIt();
  }

  private remove(id: string): void {
    const version = this.byId.get(id);
    if (!version) return;
    this.byId.delete(id);
    version.gone = true;
    this.goneInOrder++;
    for (const word of version.words) this.postings.get(word)?.delete(version);
  }

  /** Gone versions are skipped by every walk; they are dropped once they are a tenth of the order. */
  private compactIfWorthIt(): void {
    if (this.goneInOrder * 10 < this.order.length) return;
    this.order = this.order.filter((version) => !version.gone);
    this.goneInOrder = 0;
    this.words = this.words.filter((word) => {
      if ((this.postings.get(word)?.size ?? 0) > 0) return true;
      this.postings.delete(word);
      return false;
    });
  }

  /** The page's ids, in list order: at most `limit` of them. */
  page(query: ModelQuery): string[] {
    const wanted = query.offset + query.limit;
    const start = query.after ? this.positionAfter(query.after) : 0;
    const terms = query.terms;
    if (terms.length === 0) return this.walk(start, wanted, () => true).slice(query.offset);

    // The rarest term drives: its matches gathered from the postings and ordered here, when there
    // are few enough of them; otherwise the list is walked from the cursor, testing each title.
    const counted = terms.map((term) => ({ term, count: this.matchCount(term) })).sort((a, b) => a.count - b.count);
    const rarest = counted[0];
    const others = counted.slice(1).map(({ term }) => term);
    const matchesAll = (version: ModelVersion) => others.every((term) => hasWordStarting(version, term));
    // Gathering costs about its matches; walking about wanted × size / matches versions.
    if (rarest.count * rarest.count > wanted * Math.max(this.order.length, 1))
      return this.walk(start, wanted, (version) => terms.every((term) => hasWordStarting(version, term))).slice(
        query.offset,
      );

    const after = query.after ? { micros: query.after[0], id: query.after[1] } : null;
    const found = new Set<ModelVersion>();
    for (const word of this.wordsStarting(rarest.term))
      for (const version of this.postings.get(word) ?? [])
        if ((!after || listOrder(after, version) < 0) && matchesAll(version)) found.add(version);
    return [...found]
      .sort(listOrder)
      .slice(query.offset, wanted)
      .map((version) => version.id);
  }

  /** Index of the first version after the keyset position. */
  private positionAfter([micros, id]: [number, string]): number {
    const position = { micros, id };
    return lowerBound(this.order, (version) => listOrder(version, position) <= 0);
  }

  private walk(start: number, wanted: number, test: (version: ModelVersion) => boolean): string[] {
    const ids: string[] = [];
    for (let index = start; index < this.order.length && ids.length < wanted; index++) {
      const version = this.order[index];
      if (!version.gone && test(version)) ids.push(version.id);
    }
    return ids;
  }

  private *wordsStarting(prefix: string): Generator<string> {
    for (let index = lowerBound(this.words, (word) => word < prefix); index < this.words.length; index++) {
      const word = this.words[index];
      if (!word.startsWith(prefix)) return;
      yield word;
    }
  }

  /** Versions with a word beginning with `term` (counted twice when two of a title's words do), or Infinity when too many words begin with it to count. */
  private matchCount(term: string): number {
    let count = 0;
    let words = 0;
    for (const word of this.wordsStarting(term)) {
      if (++words > MAX_WORDS_COUNTED) return Infinity;
      count += this.postings.get(word)?.size ?? 0;
    }
    return count;
  }
}

function hasWordStarting(version: ModelVersion, term: string): boolean {
  for (const word of version.words) if (word.startsWith(term)) return true;
  return false;
}
