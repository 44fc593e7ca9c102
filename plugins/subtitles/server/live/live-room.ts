import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { LIVE_MESSAGE } from '../../common/live-contract';
import type { LiveBus } from './live-bus';
import type { LiveDocStore } from './live-doc-store';
import { cueArrayOf } from '../../common/live-cues';
import { ReviewGuard, reviewMovesOf, type ReviewMoves } from './review-guard';

/** The socket as the rooms use it (ws's WebSocket fits). */
export interface LiveSocket {
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  /** Who is on the other end (named in review events). */
  userId?: string | null;
  /** A reviewer's socket: updates changing anything but review states are refused (./review-guard.ts). */
  reviewOnly?: boolean;
}

/** The close code and reason of a reviewer's socket that sent a change of text, times or the cue list. */
export const REVIEW_ONLY_REFUSAL = { code: 4403, reason: 'Reviewers can change review states only' } as const;

/** After the last edit in a room, this long before the cue rows are rewritten from the document. */
export const SETTLE_DELAY_MS = 1000;
/**
 * While people keep typing (a team, all day) the delay above never ends: the cue rows would
 * stay as they were and the stored updates pile up (6,000 a minute for 20 typists) until the
 * last one stops, and that settle then takes tens of seconds (bench/live-editors). So a settle
 * runs at least this often while edits come.
 */
export const SETTLE_MAX_WAIT_MS = 10 * SETTLE_DELAY_MS;

const BUS = 'bus';
const SETTLED = 'settled';

function message(type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/**
 * One subtitle open in this process: its document (as stored, kept current by its editors here
 * and by the bus), who is there (awareness), and the sockets of its editors.
 */
export class Room {
  readonly awareness: awarenessProtocol.Awareness;
  /** Each socket with the awareness client ids it speaks for (removed when it closes). */
  readonly sockets = new Map<LiveSocket, Set<number>>();
  /** Appends in the order edits came, so acknowledgements go out in order too. */
  private appended: Promise<unknown> = Promise.resolve();
  private settleTimer: NodeJS.Timeout | null = null;
  /** When the first edit not yet in the rows came (SETTLE_MAX_WAIT_MS). */
  private unsettledSince: number | null = null;
  /** Review states moved by the editor transaction being applied (stored with its update). */
  private reviewMoves: ReviewMoves = {};
  /** Tries reviewers' updates on a copy of the document it keeps (./review-guard.ts). */
  private readonly reviewGuard: ReviewGuard;

  constructor(
    readonly workspaceId: string,
    readonly subtitleId: string,
    readonly doc: Y.Doc,
    private readonly store: LiveDocStore,
    private readonly bus: LiveBus,
    private readonly log: { warn(message: string): void },
    private readonly settleDelayMs: number,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null);
    this.reviewGuard = new ReviewGuard(doc);
    // Runs before the document's update event of the same transaction.
    cueArrayOf(doc).observeDeep((events, transaction) => {
      if (this.sockets.has(transaction.origin as LiveSocket)) reviewMovesOf(events, this.reviewMoves);
    });
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      this.reviewGuard.follow(update);
      this.updated(update, origin);
    });
    this.awareness.on(
      'update',
      ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
        const changed = [...added, ...updated, ...removed];
        const owned = this.sockets.get(origin as LiveSocket);
        if (owned) {
          for (const id of added) owned.add(id);
          for (const id of removed) owned.delete(id);
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
        this.broadcast(
          message(LIVE_MESSAGE.awareness, (e) => encoding.writeVarUint8Array(e, update)),
          null,
        );
        if (origin !== BUS) {
          const data = Buffer.from(update).toString('base64');
          void this.bus.publish({ kind: 'awareness', subtitleId: this.subtitleId, data }).catch(() => undefined);
        }
      },
    );
  }

  private broadcast(data: Uint8Array, except: LiveSocket | null): void {
    for (const socket of this.sockets.keys()) if (socket !== except) socket.send(data);
  }

  private updated(update: Uint8Array, origin: unknown): void {
    this.broadcast(
      message(LIVE_MESSAGE.sync, (e) => syncProtocol.writeUpdate(e, update)),
      this.sockets.has(origin as LiveSocket) ? (origin as LiveSocket) : null,
    );
    if (!this.sockets.has(origin as LiveSocket)) return;
    // An editor's edit: stored, then acknowledged to it and announced to the other processes.
    const socket = origin as LiveSocket;
    const moved = this.reviewMoves;
    this.reviewMoves = {};
    const review =
      Object.keys(moved).length > 0
        ? { workspaceId: this.workspaceId, subtitleId: this.subtitleId, moved, userId: socket.userId ?? null }
        : undefined;
    this.appended = this.appended
      .then(async () => {
        const updateId = await this.store.append(this.subtitleId, update, review);
        await this.bus.publish({ kind: 'update', subtitleId: this.subtitleId, updateId });
      })
      .catch((error: Error) => {
        // Not stored: the editor keeps it (unacknowledged) and sends it again when it reconnects.
        this.log.warn(`Live edit of subtitle ${this.subtitleId} not stored: ${error.message}`);
        socket.close(1011, 'Not stored');
      });
    this.scheduleSettle();
  }

  private scheduleSettle(): void {
    // Tests shorten the delay: the most waited is the same multiple of it.
    const now = Date.now();
    this.unsettledSince ??= now;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    const wait = Math.min(
      this.settleDelayMs,
      this.unsettledSince + this.settleDelayMs * (SETTLE_MAX_WAIT_MS / SETTLE_DELAY_MS) - now,
    );
    this.settleTimer = setTimeout(() => void this.settle(), Math.max(0, wait));
  }

  /** Rows and document together (live-doc-store.ts); what the settle added reaches every editor. */
  async settle(): Promise<void> {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    this.unsettledSince = null;
    await this.appended;
    try {
      const settled = await this.store.settle(this.workspaceId, this.subtitleId);
      if (!settled) {
        for (const socket of this.sockets.keys()) socket.close(4404, 'Subtitle not found');
        return;
      }
      // Anything another process stored meanwhile is in the settled document: take it too.
      Y.applyUpdate(this.doc, Y.encodeStateAsUpdate(settled.doc), SETTLED);
      if (settled.made)
        await this.bus.publish({ kind: 'update', subtitleId: this.subtitleId, updateId: settled.made.id });
    } catch (error) {
      this.log.warn(`Live subtitle ${this.subtitleId} not settled: ${(error as Error).message}`);
    }
  }

  /** Edits of this room's editors not yet in the cue rows (a settle is due). */
  get unsettled(): boolean {
    return this.settleTimer !== null;
  }

  /** An update another process stored. */
  async fetch(updateId: string): Promise<void> {
    const update = await this.store.read(updateId);
    if (update) Y.applyUpdate(this.doc, update, BUS);
    else {
      const { updates } = await this.store.readAll(this.subtitleId);
      if (updates.length > 0) Y.applyUpdate(this.doc, Y.mergeUpdates(updates), BUS);
    }
  }

  join(socket: LiveSocket): void {
    this.sockets.set(socket, new Set());
    socket.send(message(LIVE_MESSAGE.sync, (e) => syncProtocol.writeSyncStep1(e, this.doc)));
    const present = [...this.awareness.getStates().keys()];
    if (present.length > 0) {
      const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, present);
      socket.send(message(LIVE_MESSAGE.awareness, (e) => encoding.writeVarUint8Array(e, update)));
    }
  }

  receive(socket: LiveSocket, data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === LIVE_MESSAGE.sync && socket.reviewOnly && !this.reviewerMayApply(socket, data)) {
      socket.close(REVIEW_ONLY_REFUSAL.code, REVIEW_ONLY_REFUSAL.reason);
    } else if (type === LIVE_MESSAGE.sync) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, LIVE_MESSAGE.sync);
      const kind = syncProtocol.readSyncMessage(decoder, encoder, this.doc, socket);
      if (encoding.length(encoder) > 1) socket.send(encoding.toUint8Array(encoder));
      // Every update message is acknowledged once what it changed is stored (its append was
      // queued just now, synchronously, by the document's update event), changed or not.
      if (kind !== syncProtocol.messageYjsSyncStep1)
        this.appended = this.appended.then(() => socket.send(message(LIVE_MESSAGE.ack, () => {})));
    } else if (type === LIVE_MESSAGE.awareness) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), socket);
    } else {
      throw new Error(`Unknown message type ${type}`);
    }
  }

  /** A reviewer's sync message: asking for the document is fine; an update must change review states only. */
  private reviewerMayApply(socket: LiveSocket, data: Uint8Array): boolean {
    const decoder = decoding.createDecoder(data);
    decoding.readVarUint(decoder);
    const kind = decoding.readVarUint(decoder);
    if (kind === syncProtocol.messageYjsSyncStep1) return true;
    return this.reviewGuard.allows(decoding.readVarUint8Array(decoder));
  }

  /** Returns whether the room is empty now. */
  leave(socket: LiveSocket): boolean {
    const owned = this.sockets.get(socket);
    this.sockets.delete(socket);
    if (owned && owned.size > 0) awarenessProtocol.removeAwarenessStates(this.awareness, [...owned], 'closed');
    // The guard's copy of the document is for reviewers: none left, none kept.
    if (![...this.sockets.keys()].some((other) => other.reviewOnly)) this.reviewGuard.release();
    return this.sockets.size === 0;
  }

  remoteAwareness(data: string): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, Buffer.from(data, 'base64'), BUS);
  }

  destroy(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.reviewGuard.destroy();
    this.awareness.destroy();
    this.doc.destroy();
  }
}
