import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * How the web processes serving one subtitle hear of each other's changes: PostgreSQL's
 * LISTEN/NOTIFY on one channel (no new server to run). A notification names what happened, not
 * its content (NOTIFY carries 8,000 bytes at most): an update is read back from the table by id.
 * Awareness (who is where) is small and travels inline.
 *
 * On the embedded database there is one process: the bus is a plain in-process fan-out.
 */
export type LiveNotice =
  | { kind: 'update'; subtitleId: string; updateId: string }
  /** The cue rows were replaced outside the live document (PUT …/cues, an import). */
  | { kind: 'rows'; subtitleId: string }
  | { kind: 'awareness'; subtitleId: string; data: string };

export interface LiveBus {
  /** This process's id: a notice it sent comes back to it, and is told apart by `from`. */
  readonly processId: string;
  publish(notice: LiveNotice): Promise<void>;
  subscribe(handler: (notice: LiveNotice, from: string) => void): void;
  close(): Promise<void>;
}

export const LIVE_CHANNEL = 'polycue_live';

class LocalBus implements LiveBus {
  readonly processId = randomUUID();
  private handlers: ((notice: LiveNotice, from: string) => void)[] = [];

  async publish(notice: LiveNotice): Promise<void> {
    for (const handler of this.handlers) handler(notice, this.processId);
  }

  subscribe(handler: (notice: LiveNotice, from: string) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers = [];
  }
}

/** One dedicated connection LISTENs (a pooled one would drop the subscription); NOTIFY goes through the pool. */
class PostgresBus implements LiveBus {
  readonly processId = randomUUID();
  private handlers: ((notice: LiveNotice, from: string) => void)[] = [];
  private listener: pg.Client | null = null;
  private closed = false;
  private ready: Promise<void>;

  constructor(
    private readonly connectionString: string,
    private readonly notify: (payload: string) => Promise<unknown>,
    private readonly log: { warn(message: string): void },
  ) {
    this.ready = this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      try {
        const { from, notice } = JSON.parse(message.payload) as { from: string; notice: LiveNotice };
        for (const handler of this.handlers) handler(notice, from);
      } catch {
        // Not one of ours: nothing to do.
      }
    });
    // A lost connection is made again: editors of this process would otherwise stop hearing the others.
    client.on('error', (error) => {
      this.log.warn(`Live editing lost its PostgreSQL listener: ${error.message}`);
      this.listener = null;
      if (!this.closed) setTimeout(() => void (this.ready = this.connect().catch(() => undefined)), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    if (this.closed) await client.end();
    else this.listener = client;
  }

  async publish(notice: LiveNotice): Promise<void> {
    await this.notify(JSON.stringify({ from: this.processId, notice }));
  }

  subscribe(handler: (notice: LiveNotice, from: string) => void): void {
    this.handlers.push(handler);
  }

  /** Resolves once notifications are heard (tests wait for it before the first edit). */
  whenListening(): Promise<void> {
    return this.ready;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.ready.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }
}

export function createLiveBus(options: {
  databaseUrl: string | null;
  notify: (channel: string, payload: string) => Promise<unknown>;
  log: { warn(message: string): void };
}): LiveBus & { whenListening?(): Promise<void> } {
  if (!options.databaseUrl) return new LocalBus();
  return new PostgresBus(options.databaseUrl, (payload) => options.notify(LIVE_CHANNEL, payload), options.log);
}
