import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration: how every screen shows a length of media', () => {
  it('reads m:ss under an hour and h:mm:ss from an hour on, rounded to the second', () => {
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
  });

  it('shows a length not known yet as the caller says (the projects table: a dash while downloading), else as 0:00', () => {
    expect(formatDuration(0, { unknown: '—' })).toBe('—');
    expect(formatDuration(Number.NaN, { unknown: '—' })).toBe('—');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
