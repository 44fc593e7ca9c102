export interface PollingTask {
  id: string;
  intervalMs: number;
  run(): Promise<void> | void;
}

export interface PollingService {
  /** Starts a task (runs it at once, then every interval). Starting a running id replaces it. */
  start(task: PollingTask): void;
  stop(id: string): void;
  isRunning(id: string): boolean;
  stopAll(): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Interval tasks that never overlap: the next run is scheduled only after the previous one
 * settled, so a slow server is not hit by a pile of parallel polls. A failing run is logged and
 * the task keeps its schedule.
 */
export class TimerPollingService implements PollingService {
  private readonly tasks = new Map<string, { task: PollingTask; handle: unknown; generation: number }>();
  private generation = 0;

  constructor(
    private readonly timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    private readonly logger: Pick<Console, 'error'> = console,
  ) {}

  start(task: PollingTask): void {
    this.stop(task.id);
    const entry = { task, handle: null as unknown, generation: ++this.generation };
    this.tasks.set(task.id, entry);
    void this.tick(task.id, entry.generation);
  }

  stop(id: string): void {
    const entry = this.tasks.get(id);
    if (!entry) return;
    this.timers.clearTimeout(entry.handle);
    this.tasks.delete(id);
  }

  isRunning(id: string): boolean {
    return this.tasks.has(id);
  }

  stopAll(): void {
    for (const id of [...this.tasks.keys()]) this.stop(id);
  }

  private async tick(id: string, generation: number) {
    const entry = this.tasks.get(id);
    if (!entry || entry.generation !== generation) return;
    try {
      await entry.task.run();
    } catch (error) {
      this.logger.error(`Polling task "${id}" failed`, error);
    }
    const still = this.tasks.get(id);
    if (!still || still.generation !== generation) return;
    still.handle = this.timers.setTimeout(() => void this.tick(id, generation), still.task.intervalMs);
  }
}
