import { HEAD_END, LINE_END } from './version-row-sql';

/** One row of the list page as listLinesSql writes it: its head parsed, its tail as text. */
export interface ListLine<Head> {
  head: Head;
  /** A json object of the contributed columns without `resolve`, e.g. `{"processing":{…},"subtitles":[…]}`. */
  tail: string;
}

/** The page's text (null or '' when it has no rows) as lines, newest first. */
export function readLines<Head>(page: string | null): ListLine<Head>[] {
  if (!page) return [];
  return page.split(LINE_END).map((line) => {
    const cut = line.indexOf(HEAD_END);
    return { head: JSON.parse(line.slice(0, cut)) as Head, tail: line.slice(cut + 1) };
  });
}

/**
 * The resource as served: the presenter's part (made without the tail's attributes, see
 * projectVersionListPart) with the tail's attributes put into `attributes` as
 * PostgreSQL wrote them.
 */
export function resourceText(resource: { id: string; type: string; attributes: object }, tail: string): string {
  const head = JSON.stringify(resource);
  if (tail.length <= 2) return head;
  // head ends with `}}` (attributes, then the resource; attributes is never empty): the tail's inside goes before them.
  return `${head.slice(0, -2)},${tail.slice(1, -1)}}}`;
}
