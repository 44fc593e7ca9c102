import type { ThemeAlignment, ThemePosition, ThemeStyle } from './themes-contract';

/**
 * A theme as ASS (Advanced SubStation Alpha), the format libass renders: ffmpeg's `ass` and
 * `subtitles` filters burn it into video. Pure, so the exports plugin, the preview and the tests
 * all use these same functions.
 *
 * Sizes: a theme is written for 1080 lines; the script's PlayResX/PlayResY are the frame's own
 * size and every length is scaled by height / 1080 here, so libass does no scaling of its own and a
 * theme keeps its proportions on any frame (a 720p video gets 2/3 of each length, a vertical 1080×1920
 * video the same pixels as a 1920×1080 one).
 */
export interface Frame {
  width: number;
  height: number;
}

export const ASS_STYLE_FORMAT =
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding';
export const ASS_EVENT_FORMAT = 'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text';

/** Shadows are drawn half transparent, as broadcast subtitles do; ASS alpha counts transparency. */
const SHADOW_OPACITY = 50;

/** `#rrggbb` at `opacity` percent as ASS `&HAABBGGRR` (alpha 00 is opaque, FF invisible). */
export function assColour(hex: string, opacity = 100): string {
  const rgb = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? 'ffffff';
  const alpha = Math.round((255 * (100 - Math.min(100, Math.max(0, opacity)))) / 100);
  const byte = (n: number) => n.toString(16).padStart(2, '0');
  return `&H${byte(alpha)}${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}`.toUpperCase();
}

const ROW: Record<ThemePosition, number> = { bottom: 0, middle: 3, top: 6 };
const COLUMN: Record<ThemeAlignment, number> = { left: 1, center: 2, right: 3 };

/** The numpad alignment of ASS: 1–3 bottom, 4–6 middle, 7–9 top; left, centre, right in each row. */
export const assAlignment = (position: ThemePosition, alignment: ThemeAlignment) => ROW[position] + COLUMN[alignment];

const scaleOf = (frame: Frame) => (frame.height > 0 ? frame.height / 1080 : 1);
const tenth = (value: number) => Math.round(value * 10) / 10;
// A font name ends at the first comma of a Style line.
const fontName = (name: string) => name.replace(/[,\r\n]/g, ' ').trim() || 'DejaVu Sans';

/** The theme's `Style:` line (named `Default` unless told), laid out for `frame`. */
export function themeToAssStyle(theme: ThemeStyle, frame: Frame, styleName = 'Default'): string {
  const scale = scaleOf(frame);
  // With the box (BorderStyle 3) libass paints the box in the outline colour, padded by the outline width.
  const edge = theme.box ? assColour(theme.boxColor, theme.boxOpacity) : assColour(theme.outlineColor);
  const fields = [
    styleName,
    fontName(theme.fontFamily),
    Math.max(1, Math.round(theme.fontSize * scale)),
    assColour(theme.textColor),
    '&H000000FF',
    edge,
    assColour(theme.shadowColor, SHADOW_OPACITY),
    theme.bold ? -1 : 0,
    theme.italic ? -1 : 0,
    0,
    0,
    100,
    100,
    0,
    0,
    theme.box ? 3 : 1,
    tenth(theme.outlineWidth * scale),
    tenth(theme.shadowDepth * scale),
    assAlignment(theme.position, theme.alignment),
    Math.round(theme.marginHorizontal * scale),
    Math.round(theme.marginHorizontal * scale),
    Math.round(theme.marginVertical * scale),
    1,
  ];
  return `Style: ${fields.join(',')}`;
}

/**
 * What stands between two lines of a cue in the Dialogue text: `\N`, or with line spacing a line
 * break, a hard space in a font as small as the gap, and another break (libass has no line-spacing
 * field in its styles; this is the usual way to get one). `{\r}` returns to the style after it.
 */
export function assLineBreak(theme: Pick<ThemeStyle, 'lineSpacing'>, frame: Frame): string {
  // DejaVu's line height is about 1.16 of its size: a blank line of size gap/1.16 is `gap` pixels tall.
  const size = Math.round((theme.lineSpacing * scaleOf(frame)) / 1.16);
  return size >= 1 ? `\\N{\\fs${size}}\\h\\N{\\r}` : '\\N';
}

/** Plain text as Dialogue text: braces would start override tags, a backslash an escape; lines joined by the theme's break. */
export function assDialogueText(text: string, theme: Pick<ThemeStyle, 'lineSpacing'>, frame: Frame): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\\/g, '\u2216').replace(/\{/g, '(').replace(/\}/g, ')'));
  return lines.join(assLineBreak(theme, frame));
}

/** A whole script showing `text` from 0 to `seconds` in the theme's style, for `frame` (the preview). */
export function themeAssScript(theme: ThemeStyle, frame: Frame, text: string, seconds = 10): string {
  const end = `0:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.00`;
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${Math.round(frame.width)}`,
    `PlayResY: ${Math.round(frame.height)}`,
    // Lengths are already the frame's; with this, libass scales nothing a second time.
    'ScaledBorderAndShadow: yes',
    'WrapStyle: 0',
    '',
    '[V4+ Styles]',
    ASS_STYLE_FORMAT,
    themeToAssStyle(theme, frame),
    '',
    '[Events]',
    ASS_EVENT_FORMAT,
    `Dialogue: 0,0:00:00.00,${end},Default,,0,0,0,,${assDialogueText(text, theme, frame)}`,
    '',
  ].join('\n');
}
