let names: Intl.DisplayNames | null = null;

/**
 * A language code as people read it: `es` -> `Spanish` (English names, as the rest of the UI).
 * An unknown code is shown as it is. Shared by both sides: the server names languages in its
 * error messages, the shell everywhere a language is shown.
 */
export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
