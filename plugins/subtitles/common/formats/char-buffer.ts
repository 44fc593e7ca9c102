/**
 * A growable buffer of UTF-16 code units for writers on the hot path (the SRT writer): digits and
 * text are copied in place instead of building a rope of a few hundred thousand small strings,
 * which is what made string concatenation the slowest part of writing a 100,000-cue file.
 */
// One native copy into a string; code units are in platform order, so only on little-endian
// platforms (all current browsers' and Node's); elsewhere the portable loop below.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const UTF16LE = new TextDecoder('utf-16le');

export class CharBuffer {
  codes: Uint16Array;
  length = 0;

  constructor(capacity: number) {
    this.codes = new Uint16Array(Math.max(64, capacity));
  }

  /** Makes room for `extra` more code units (callers then write through `codes` directly). */
  ensure(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.codes.length) return;
    const grown = new Uint16Array(Math.max(needed, this.codes.length * 2));
    grown.set(this.codes.subarray(0, this.length));
    this.codes = grown;
  }

  /** Appends an ASCII or any other string, unchanged. */
  pushString(text: string): void {
    this.ensure(text.length);
    const codes = this.codes;
    let length = this.length;
    for (let i = 0; i < text.length; i++) codes[length++] = text.charCodeAt(i);
    this.length = length;
  }

  /** Appends a non-negative integer in decimal, at least `width` digits (zero-padded). */
  pushInt(value: number, width: number): void {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    if (digits < width) digits = width;
    this.ensure(digits);
    let at = this.length + digits;
    this.length = at;
    let rest = value;
    for (let i = 0; i < digits; i++) {
      const next = Math.floor(rest / 10);
      this.codes[--at] = 48 + (rest - next * 10);
      rest = next;
    }
  }

  toString(): string {
    if (LITTLE_ENDIAN) return UTF16LE.decode(this.codes.subarray(0, this.length));
    let out = '';
    const CHUNK = 8192;
    for (let from = 0; from < this.length; from += CHUNK) {
      out += String.fromCharCode.apply(
        null,
        this.codes.subarray(from, Math.min(this.length, from + CHUNK)) as unknown as number[],
      );
    }
    return out;
  }
}
