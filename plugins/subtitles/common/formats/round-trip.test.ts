import { describe, expect, it } from 'vitest';
import { type Cue, type SubtitleFormat, sortCues } from './cue';
import { readSubtitles, writeSubtitles } from './index';
import { randomCues, seededRandom } from './random-cues';

/** What survives a write in each format: its time precision and the fields it can carry. */
function representable(cue: Cue, format: SubtitleFormat): Cue {
  const precise = format === 'ass' ? (ms: number) => Math.round(ms / 10) * 10 : (ms: number) => ms;
  const result: Cue = { start: precise(cue.start), end: precise(cue.end), text: cue.text };
  if (cue.speaker && (format === 'vtt' || format === 'ass' || format === 'ttml')) result.speaker = cue.speaker;
  if (cue.italic && format !== 'sbv') result.italic = true;
  return result;
}

function shuffled<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const FORMATS: SubtitleFormat[] = ['srt', 'vtt', 'ass', 'sbv', 'ttml'];

describe.each(FORMATS)('%s round trip', (format) => {
  it.each([1, 2, 3, 4, 5])('write then read gives the same cues (seed %i)', (seed) => {
    const cues = shuffled(randomCues(300, seed), seed);
    const written = writeSubtitles(cues, format);
    // Detection must find the format from the content alone.
    const read = readSubtitles(written);
    expect(read).toEqual(sortCues(cues.map((cue) => representable(cue, format))));
  });

  it('writing is stable: read then write again gives the same file', () => {
    const written = writeSubtitles(randomCues(200, 42), format);
    expect(writeSubtitles(readSubtitles(written, format), format)).toBe(written);
  });

  it('text that shows times (opening hours, a timetable) reads back as text, not as a broken timing', () => {
    const cues: Cue[] = [
      { start: 1000, end: 2000, text: '10:30 -> 11:00' },
      { start: 3000, end: 4000, text: 'Open\n9:00 – 17:00' },
      { start: 5000, end: 6000, text: '9:00 - 17:00\n1:00 2:00' },
    ];
    expect(readSubtitles(writeSubtitles(cues, format))).toEqual(cues);
  });

  it('reads its own output from UTF-16 bytes with a BOM the same as from the string', () => {
    const written = writeSubtitles(randomCues(50, 7), format);
    const bytes = new Uint8Array(2 + written.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < written.length; i++) {
      bytes[2 + 2 * i] = written.charCodeAt(i) & 0xff;
      bytes[3 + 2 * i] = written.charCodeAt(i) >> 8;
    }
    expect(readSubtitles(bytes)).toEqual(readSubtitles(written));
  });
});

describe('plain text', () => {
  it('writes one paragraph per cue in time order, without times', () => {
    const cues: Cue[] = [
      { start: 5000, end: 6000, text: 'Second\ncue' },
      { start: 1000, end: 2000, text: 'First', speaker: 'Anna', italic: true },
      { start: 7000, end: 8000, text: '' },
    ];
    expect(writeSubtitles(cues, 'txt')).toBe('First\n\nSecond\ncue\n');
  });
});

describe('writers are strict', () => {
  it.each(FORMATS)('%s refuses a cue that ends before it starts', (format) => {
    expect(() => writeSubtitles([{ start: 2000, end: 1000, text: 'x' }], format)).toThrow(
      /Cue 1 has an invalid time range/,
    );
  });

  it('rounds times to whole milliseconds and ASS to centiseconds consistently', () => {
    const cues: Cue[] = [{ start: 1004.6, end: 2005, text: 'x' }];
    expect(writeSubtitles(cues, 'srt')).toContain('00:00:01,005 --> 00:00:02,005');
    // 1004.6 ms and 2005 ms are 100.46 and 200.5 centiseconds: nearest, halves up.
    expect(writeSubtitles(cues, 'ass')).toContain('Dialogue: 0,0:00:01.00,0:00:02.01,');
  });

  it('keeps overlapping cues and sorts by start time', () => {
    const cues: Cue[] = [
      { start: 3000, end: 4000, text: 'later' },
      { start: 1000, end: 5000, text: 'long' },
      { start: 2000, end: 2500, text: 'inside' },
    ];
    const read = readSubtitles(writeSubtitles(cues, 'srt'));
    expect(read.map((cue) => cue.text)).toEqual(['long', 'inside', 'later']);
  });
});
