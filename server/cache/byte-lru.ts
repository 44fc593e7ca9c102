/**
 * A least-recently-used map of ready-to-send bodies, bounded by their total size in bytes.
 * Entries are never stale by time: callers put whatever makes an entry valid (a revision) into
 * its key, so a changed source simply stops being asked for and ages out.
 */
export class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key);
    if (body === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, body);
    return body;
  }

  set(key: string, body: Buffer): void {
    if (this.maxBytes === 0) return;
    // One body larger than a quarter of the budget would push out everything else for one page.
    if (body.length + key.length > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length + key.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length + key.length;
    for (const [oldest, oldBody] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldBody.length + oldest.length;
    }
  }
}
