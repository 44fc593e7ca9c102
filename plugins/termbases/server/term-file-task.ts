/**
 * A term-base file (CSV, TSV or TBX) read on a worker thread (plugin-api's runOffThread): a 5 MB
 * file is read in a few hundred milliseconds at best, and a hostile TBX took 2.2 s of the event
 * loop with our old XML reader (issue 22). Imports nothing of the host, so a thread loads little;
 * a refusal comes back as a value (an Error crossing threads loses its class).
 */
import type { Terms } from '../common/termbases-contract';
import { ImportRefusal } from './import-refusal';
import { looksLikeTbx, parseTbx } from './tbx-import';
import { parseGlossary } from './term-import';

export type TermFileOutcome = { entries: Terms[]; skippedLanguages: string[] } | { refused: string };

export function readTermFile(content: string, fileName: string | undefined, languages: string[]): TermFileOutcome {
  try {
    return looksLikeTbx(content, fileName)
      ? parseTbx(content, languages)
      : { entries: parseGlossary(content, languages), skippedLanguages: [] };
  } catch (error) {
    if (error instanceof ImportRefusal) return { refused: error.message };
    throw error;
  }
}
