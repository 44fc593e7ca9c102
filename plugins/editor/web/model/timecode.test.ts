import { describe, expect, it } from 'vitest';
import { formatTime } from './timecode';

describe('timecodes', () => {
  it('shows times to the millisecond, or to the frame at 25 fps (a frame from its first millisecond)', () => {
    expect(formatTime(3960)).toBe('00:00:03.960');
    expect(formatTime(3960, 'frames')).toBe('00:00:03:24');
    expect(formatTime(3999, 'frames')).toBe('00:00:03:24');
    expect(formatTime(4000, 'frames')).toBe('00:00:04:00');
    expect(formatTime(200, 'frames')).toBe('00:00:00:05');
    expect(formatTime(2 * 3_600_000 + 61_040, 'frames')).toBe('02:01:01:01');
    expect(formatTime(-5)).toBe('00:00:00.000');
  });
});
