import { httpError } from '../../../server/plugin-api';
import {
  DEFAULT_THEME_STYLE,
  THEME_ALIGNMENTS,
  THEME_FIELD_LABELS,
  THEME_FONTS,
  THEME_LIMITS,
  THEME_POSITIONS,
  type ThemeStyle,
} from '../common/themes-contract';

type StyleKey = keyof ThemeStyle;
const KEYS = Object.keys(DEFAULT_THEME_STYLE) as StyleKey[];
const CHOICES: Partial<Record<StyleKey, readonly string[]>> = {
  fontFamily: THEME_FONTS,
  position: THEME_POSITIONS,
  alignment: THEME_ALIGNMENTS,
};
const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The JSON schema of the style fields, by the type of each default: wrong types are malformed
 * (400); ranges, colours and choices are checked by cleanStyle so the 422 can say what is allowed.
 */
export const styleProperties = Object.fromEntries(
  KEYS.map((key) => {
    const type = typeof DEFAULT_THEME_STYLE[key];
    return [key, type === 'string' ? { type, maxLength: 100 } : { type }];
  }),
) as Record<StyleKey, object>;

/** Answers like "one of a, b or c". */
const oneOf = (choices: readonly string[]) => `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;

function invalid(key: StyleKey, rule: string): never {
  throw httpError(422, 'invalid', `${THEME_FIELD_LABELS[key]} must be ${rule}`, key);
}

/** The style fields sent, checked (a 422 naming the first bad field) and normalised (colours lower case); unsent fields stay unsent. */
export function cleanStyle(raw: Partial<Record<StyleKey, unknown>>): Partial<ThemeStyle> {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = raw[key];
    if (value === undefined) continue;
    const limits = (THEME_LIMITS as Partial<Record<StyleKey, { min: number; max: number }>>)[key];
    const choices = CHOICES[key];
    if (limits) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < limits.min || value > limits.max)
        invalid(key, `a whole number from ${limits.min} to ${limits.max}`);
      out[key] = value;
    } else if (choices) {
      if (!choices.includes(value as string)) invalid(key, oneOf(choices));
      out[key] = value;
    } else if (key.endsWith('Color')) {
      const text = String(value).trim();
      if (!COLOUR.test(text)) invalid(key, 'a colour written #rrggbb, like #ffffff');
      out[key] = text.toLowerCase();
    } else {
      out[key] = value === true;
    }
  }
  return out as Partial<ThemeStyle>;
}
