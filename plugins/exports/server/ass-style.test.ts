import { describe, expect, it } from 'vitest';
import { readAss } from '../../subtitles/common/formats';
import { assColour, attributeStyle, burnInScript } from './ass-style';

const cues = [{ start: 500, end: 2500, text: 'Hello {there}\nsecond line' }];
const frame = { width: 1280, height: 720 };
const styleOf = (script: string) => /^Style: .*$/m.exec(script)?.[0];

describe('burn-in ASS script', () => {
  it('keeps the writer’s default style without a theme, and its cues read back', () => {
    const script = burnInScript(cues, null, frame, 'Title');
    expect(styleOf(script)).toMatch(/^Style: Default,Arial,64,&H00FFFFFF,/);
    expect(readAss(script).map((c) => c.text)).toEqual(['Hello ｛there｝\nsecond line']);
  });

  it('uses a themes plugin’s own style line for the video size, renamed Default', () => {
    const script = burnInScript(
      cues,
      {
        assStyle: (f) =>
          `Style: Brand,DejaVu Sans,${f.height / 20},&H0000FFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,8,10,10,20,1`,
      },
      frame,
      'T',
    );
    expect(styleOf(script)).toBe(
      'Style: Default,DejaVu Sans,36,&H0000FFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,8,10,10,20,1',
    );
    expect(script).toContain('PlayResX: 1280\nPlayResY: 720');
  });

  it('turns theme attributes into a style: colours, box, position', () => {
    expect(assColour('#ff8000', 'x')).toBe('&H000080FF');
    expect(assColour('#00000080', 'x')).toBe('&H7F000000');
    expect(assColour('red', '&H00FFFFFF')).toBe('&H00FFFFFF');
    const style = attributeStyle({
      fontFamily: 'Liberation, Sans',
      fontSize: 48,
      textColor: '#ffff00',
      backgroundColor: '#000000c0',
      position: 'top',
      alignment: 'left',
      marginVertical: 30,
    });
    expect(style).toBe(
      'Style: Default,Liberation  Sans,48,&H0000FFFF,&H000000FF,&H3F000000,&H80000000,0,0,0,0,100,100,0,0,3,8,1,7,80,80,30,1',
    );
    const script = burnInScript(cues, { attributes: { fontSize: 40 } }, frame, 'T');
    expect(styleOf(script)).toMatch(/^Style: Default,Arial,40,/);
    expect(script).toContain('PlayResY: 1080');
  });

  it('joins a cue’s lines with the theme’s line break (its line spacing) in every Dialogue line', () => {
    const lineBreak = (f: { height: number }) => `\\N{\\fs${f.height / 72}}\\h\\N{\\r}`;
    const script = burnInScript(
      [...cues, { start: 3000, end: 4000, text: 'one\ntwo' }],
      {
        assStyle:
          'Style: X,DejaVu Sans,36,&H0000FFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1',
        lineBreak,
      },
      frame,
      'T',
    );
    const dialogue = script.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogue[0]).toContain('Hello ｛there｝\\N{\\fs10}\\h\\N{\\r}second line');
    expect(dialogue[1]).toContain('one\\N{\\fs10}\\h\\N{\\r}two');
    // A theme without spacing keeps the plain break.
    expect(
      burnInScript(
        cues,
        { assStyle: 'Style: X,A,1,&H0,&H0,&H0,&H0,0,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1', lineBreak: '\\N' },
        frame,
        'T',
      ),
    ).toContain('｝\\Nsecond line');
  });
});
