import type { Voice } from '../engine-interfaces';
import { toIso6391 } from '../translation/language-codes';

/** Voices to prefer where espeak-ng has several for one language. */
const PREFERRED: Record<string, string> = { en: 'en-us', pt: 'pt-br', es: 'es', fr: 'fr-fr', zh: 'cmn' };

/**
 * One voice per language from `espeak-ng --voices`. Columns: Pty, Language, Age/Gender,
 * VoiceName, File, Other languages. MBROLA voices (file `mb/...`) need data files Debian does
 * not ship with espeak-ng, so they are left out.
 */
export function parseEspeakVoices(listing: string): Voice[] {
  const byLanguage = new Map<string, string[]>();
  for (const line of listing.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (columns.length < 5) continue;
    const [, code, , , file] = columns as [string, string, string, string, string];
    if (file.startsWith('mb/') || code.startsWith('mb-')) continue;
    const base = code.toLowerCase().split('-')[0]!;
    const language = base === 'cmn' ? 'zh' : toIso6391(base); // Mandarin is what users call Chinese
    if (!/^[a-z]{2,3}$/.test(language)) continue;
    const voices = byLanguage.get(language) ?? [];
    voices.push(code.toLowerCase());
    byLanguage.set(language, voices);
  }
  return [...byLanguage]
    .map(([language, codes]) => ({
      language,
      voice: codes.find((code) => code === PREFERRED[language]) ?? codes.find((code) => code === language) ?? codes[0]!,
    }))
    .sort((a, b) => a.language.localeCompare(b.language));
}
