import { describe, expect, it } from 'vitest';
import { assAlignment, assColour, assDialogueText, themeAssScript, themeToAssStyle } from './theme-ass-style';
import { DEFAULT_THEME_STYLE, THEME_ALIGNMENTS, THEME_POSITIONS, type ThemeStyle } from './themes-contract';

const FULL_HD = { width: 1920, height: 1080 };
/** The Style line's fields by their Format names. */
function fields(line: string) {
  const names = [
    'Name',
    'Fontname',
    'Fontsize',
    'PrimaryColour',
    'SecondaryColour',
    'OutlineColour',
    'BackColour',
    'Bold',
    'Italic',
    'Underline',
    'StrikeOut',
    'ScaleX',
    'ScaleY',
    'Spacing',
    'Angle',
    'BorderStyle',
    'Outline',
    'Shadow',
    'Alignment',
    'MarginL',
    'MarginR',
    'MarginV',
    'Encoding',
  ];
  const values = line.replace(/^Style: /, '').split(',');
  expect(values).toHaveLength(names.length);
  return Object.fromEntries(names.map((name, i) => [name, values[i]]));
}
const style = (changes: Partial<ThemeStyle>, frame = FULL_HD) =>
  fields(themeToAssStyle({ ...DEFAULT_THEME_STYLE, ...changes }, frame));

describe('themeToAssStyle', () => {
  it('writes colours as &HAABBGGRR, alpha counting transparency', () => {
    expect(assColour('#ff8000')).toBe('&H000080FF');
    expect(assColour('#123456', 0)).toBe('&HFF563412');
    expect(assColour('#000000', 60)).toBe('&H66000000');
    const s = style({ textColor: '#ffcc00', outlineColor: '#102030', shadowColor: '#0000ff' });
    expect([s.PrimaryColour, s.OutlineColour, s.BackColour]).toEqual(['&H0000CCFF', '&H00302010', '&H80FF0000']);
  });

  it('maps position and alignment onto the numpad numbers', () => {
    const table = THEME_POSITIONS.map((position) =>
      THEME_ALIGNMENTS.map((alignment) => assAlignment(position, alignment)),
    );
    expect(table).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(style({ position: 'top', alignment: 'left' }).Alignment).toBe('7');
  });

  it('keeps 1080-line sizes at 1080p and scales them by height elsewhere', () => {
    const theme = { fontSize: 54, outlineWidth: 3, shadowDepth: 2, marginVertical: 60, marginHorizontal: 192 };
    expect(style(theme)).toMatchObject({
      Fontsize: '54',
      Outline: '3',
      Shadow: '2',
      MarginL: '192',
      MarginR: '192',
      MarginV: '60',
    });
    expect(style(theme, { width: 1280, height: 720 })).toMatchObject({
      Fontsize: '36',
      Outline: '2',
      Shadow: '1.3',
      MarginL: '128',
      MarginR: '128',
      MarginV: '40',
    });
    expect(style(theme, { width: 3840, height: 2160 })).toMatchObject({ Fontsize: '108', MarginV: '120' });
  });

  it('draws a box as BorderStyle 3 in the box colour at its opacity; an outline as BorderStyle 1', () => {
    expect(style({ box: true, boxColor: '#202020', boxOpacity: 80, outlineColor: '#ff0000' })).toMatchObject({
      BorderStyle: '3',
      OutlineColour: '&H33202020',
    });
    expect(style({ box: false, outlineColor: '#ff0000' })).toMatchObject({
      BorderStyle: '1',
      OutlineColour: '&H000000FF',
    });
  });

  it('writes bold and italic as -1, the font without commas, the name asked for', () => {
    expect(style({ bold: true, italic: true })).toMatchObject({
      Name: 'Default',
      Fontname: 'DejaVu Sans',
      Bold: '-1',
      Italic: '-1',
    });
    expect(
      fields(themeToAssStyle({ ...DEFAULT_THEME_STYLE, fontFamily: 'Odd, Font' as never }, FULL_HD, 'Theme')).Fontname,
    ).toBe('Odd  Font');
  });
});

describe('the preview script', () => {
  it('sets PlayRes to the frame, escapes override braces and spaces lines as the theme says', () => {
    const script = themeAssScript(
      { ...DEFAULT_THEME_STYLE, lineSpacing: 0 },
      { width: 960, height: 540 },
      'One {\\b1}\nTwo',
    );
    expect(script).toContain('PlayResX: 960\nPlayResY: 540');
    expect(script).toContain('Style: Default,DejaVu Sans,27,');
    expect(script).toMatch(/Dialogue: 0,0:00:00\.00,0:00:10\.00,Default,,0,0,0,,One \(∖b1\)\\NTwo\n/);
    expect(assDialogueText('A\nB', { lineSpacing: 23 }, FULL_HD)).toBe('A\\N{\\fs20}\\h\\N{\\r}B');
  });
});
