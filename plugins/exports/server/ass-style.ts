import { writeAss, type Cue } from '../../subtitles/common/formats';
import type { ExportTheme, ExportThemeAttributes } from '../../subtitles/common/burn-in-theme';

/**
 * The ASS script a burn-in renders: the subtitles plugin's ASS writer (the cues, escaped as it
 * does for every ASS download) with its `Default` style replaced by the theme's. Without a theme
 * the writer's own style stays: white text, black outline and shadow, bottom centre, sized for
 * 1080 lines and scaled by libass to the video.
 */
export function burnInScript(
  cues: readonly Cue[],
  theme: ExportTheme | null,
  frame: { width: number; height: number },
  title: string,
): string {
  const script = writeAss(cues, { title });
  if (!theme) return script;
  const own = typeof theme.assStyle === 'function' ? theme.assStyle(frame) : theme.assStyle;
  // A style from the themes plugin is laid out for the video's own size; ours for 1080 lines.
  const style = own ? renamed(own) : attributeStyle({ ...theme.attributes, ...theme });
  const playRes = own ? `PlayResX: ${frame.width}\nPlayResY: ${frame.height}` : 'PlayResX: 1920\nPlayResY: 1080';
  const replaced = script.replace(/^PlayResX: \d+\nPlayResY: \d+$/m, playRes).replace(/^Style: Default,.*$/m, style);
  // The writer's layout is what this relies on: if it ever changes, fail loudly rather than burn in the wrong style.
  if (!replaced.includes(style)) throw new Error('The ASS writer no longer has a Default style to replace');
  // The theme's line spacing: its own break between a cue's lines. The writer joins lines with \N
  // and leaves a backslash of the text as it is (libass reads any \N there as a break already), so
  // every \N of a Dialogue line is a line break.
  const lineBreak = typeof theme.lineBreak === 'function' ? theme.lineBreak(frame) : theme.lineBreak;
  if (!lineBreak || lineBreak === '\\N') return replaced;
  return replaced.replace(/^Dialogue:.*$/gm, (line) => line.replaceAll('\\N', () => lineBreak));
}

/** A theme plugin's `Style:` line, renamed `Default` (the name every Dialogue line uses). */
function renamed(line: string): string {
  const body = line.trim().replace(/^Style:\s*/i, '');
  return `Style: Default,${body.slice(body.indexOf(',') + 1)}`;
}

/** `#rrggbb` / `#rrggbbaa` as ASS `&HAABBGGRR` (ASS alpha counts transparency: 00 is opaque). */
export function assColour(css: string | null | undefined, fallback: string): string {
  const hex = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(css?.trim() ?? '');
  if (!hex) return fallback;
  const [r, g, b] = [0, 2, 4].map((i) => hex[1].slice(i, i + 2));
  const alpha = (255 - parseInt(hex[2] ?? 'ff', 16)).toString(16).padStart(2, '0');
  return `&H${alpha}${b}${g}${r}`.toUpperCase();
}

const ALIGNMENT = { bottom: 0, middle: 3, top: 6 } as const;
const COLUMN = { left: 1, center: 2, right: 3 } as const;
const number = (value: unknown, fallback: number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(Math.min(max, Math.max(min, value))) : fallback;
// A font name ends at the first comma in ASS; keep names plain.
const fontName = (value: unknown) =>
  typeof value === 'string' && value.trim()
    ? value
        .replace(/[,\r\n]/g, ' ')
        .trim()
        .slice(0, 80)
    : 'Arial';

/** A `Style:` line from theme attributes, at 1080 lines (the writer's PlayRes). */
export function attributeStyle(theme: ExportThemeAttributes): string {
  const box = Boolean(theme.backgroundColor);
  const fields = [
    'Default',
    fontName(theme.fontFamily),
    number(theme.fontSize, 64, 8, 400),
    assColour(theme.textColor, '&H00FFFFFF'),
    '&H000000FF',
    // With a box (BorderStyle 3), libass paints the box in the outline colour.
    box ? assColour(theme.backgroundColor, '&H80000000') : assColour(theme.outlineColor, '&H00000000'),
    assColour(theme.shadowColor, '&H80000000'),
    theme.bold ? -1 : 0,
    theme.italic ? -1 : 0,
    0,
    0,
    100,
    100,
    0,
    0,
    box ? 3 : 1,
    number(theme.outlineWidth, box ? 8 : 3, 0, 40),
    number(theme.shadowDepth, 1, 0, 40),
    (ALIGNMENT[theme.position ?? 'bottom'] ?? 0) + (COLUMN[theme.alignment ?? 'center'] ?? 2),
    number(theme.marginHorizontal, 80, 0, 960),
    number(theme.marginHorizontal, 80, 0, 960),
    number(theme.marginVertical, 50, 0, 540),
    1,
  ];
  return `Style: ${fields.join(',')}`;
}
