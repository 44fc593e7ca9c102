/**
 * At most `atOnce` pieces of work at a time in this process; the rest wait their turn in order.
 * For CPU-heavy work a request starts (a theme preview's render, a waveform's decode), so a burst
 * of requests queues instead of starting one ffmpeg each on a two-core machine.
 */
export class WorkLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
