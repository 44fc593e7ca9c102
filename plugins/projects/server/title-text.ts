/**
 * A title as people type it or as a file or page names it, made fit for one line of a table, a
 * mail subject and a file name in a zip: control characters (CR, LF, tab, NUL, DEL, the C1
 * range), line and paragraph separators and the bidirectional overrides and isolates (which can
 * make a name display as another) become a space; runs of white space fold to one; trimmed.
 * Joiners and other format characters stay (emoji and several scripts need them).
 */
const UNFIT = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

export function cleanTitle(text: string): string {
  return text.replace(UNFIT, ' ').replace(/\s+/g, ' ').trim();
}
