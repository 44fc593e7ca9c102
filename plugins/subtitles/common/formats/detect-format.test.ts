import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format';
import { readSubtitles, writeSubtitles } from './index';
import { SubtitleParseError } from './subtitle-parse-error';

describe('detectFormat', () => {
  it.each([
    ['srt', '\n\n1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n'],
    ['srt', '00:01.000 -> 00:02.000\nbroken arrow, still meant as SRT\n'],
    ['vtt', '\ufeffWEBVTT\n\n00:01.000 --> 00:02.000\nHi\n'],
    ['ass', '[Script Info]\nTitle: x\n'],
    ['ass', '[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n'],
    ['ttml', '<?xml version="1.0"?>\n<tt xmlns="http://www.w3.org/ns/ttml"></tt>'],
    ['ttml', '<tt:tt xmlns:tt="http://www.w3.org/ns/ttml"></tt:tt>'],
    ['sbv', '0:00:00.599,0:00:04.160\nHi\n'],
  ] as const)('recognises %s', (format, content) => {
    expect(detectFormat(content)).toBe(format);
    expect(detectFormat(new TextEncoder().encode(content))).toBe(format);
  });

  it('returns null for text that is no subtitle file', () => {
    expect(detectFormat('Dear diary,\ntoday at 10:30 I wrote subtitles.')).toBeNull();
    expect(detectFormat('<html><body>tt</body></html>')).toBeNull();
  });
});

describe('readSubtitles', () => {
  it('refuses an empty or unrecognised file with a line-numbered error', () => {
    expect(() => readSubtitles('  \n ')).toThrow(new SubtitleParseError(1, 'the file is empty'));
    expect(() => readSubtitles('just some notes')).toThrow(SubtitleParseError);
  });

  it('is all or nothing: one unreadable cue among many returns no cues at all', () => {
    const cues = Array.from({ length: 500 }, (_, i) => ({ start: i * 1000, end: i * 1000 + 900, text: `Cue ${i}` }));
    const srt = writeSubtitles(cues, 'srt').replace('00:06:40,000 --> 00:06:40,900', '00:06:40,000 --> 00:06:4x,900');
    let result: unknown = 'not called';
    try {
      result = readSubtitles(srt);
    } catch (error) {
      expect((error as SubtitleParseError).line).toBe(400 * 4 + 2);
    }
    expect(result).toBe('not called');
  });

  it('refuses a file with no cue in it rather than replace a subtitle with nothing', () => {
    for (const empty of [
      'WEBVTT\n\nNOTE nothing here\n',
      '[Script Info]\nTitle: x\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nComment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,a note\n',
      '<tt xmlns="http://www.w3.org/ns/ttml"><body><div/></body></tt>',
    ]) {
      expect(() => readSubtitles(empty)).toThrow(
        'Line 1: the file has no subtitles in it (no cue with a start and an end time)',
      );
    }
  });
});
