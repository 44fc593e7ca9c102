import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';
import { LIVE_MESSAGE } from '../../../subtitles/common/live-contract';

export type LiveSocketStatus = 'connecting' | 'saving' | 'saved' | 'offline';

/** Reconnection waits: quick at first, then every few seconds while the network is down. */
const RETRY_MS = [250, 500, 1000, 2000, 4000];

/**
 * The editor's end of the live socket (y-websocket's protocol, ../../../subtitles/common/live-contract.ts):
 * syncs the document when it connects (so edits made offline go out then), sends each local
 * update, counts the server's acknowledgements, relays awareness, and reconnects after a drop.
 * `onSynced` fires after each (re)connection's first sync; `onStatus` with what the status line says.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private asleep = false;
  /** Updates sent since the connection opened and the acknowledgements of them. */
  private sent = 0;
  private acked = 0;
  private synced = false;

  constructor(
    private readonly url: string,
    private readonly doc: Y.Doc,
    private readonly awareness: awarenessProtocol.Awareness,
    private readonly events: { onSynced(): void; onStatus(status: LiveSocketStatus): void },
  ) {
    doc.on('update', this.onDocUpdate);
    awareness.on('update', this.onAwarenessUpdate);
    this.connect();
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    // Offline, the update stays in the document: the next connection's sync sends it.
    if (!this.synced) return this.status();
    this.sent++;
    this.send(LIVE_MESSAGE.sync, (e) => syncProtocol.writeUpdate(e, update));
    this.status();
  };

  private readonly onAwarenessUpdate = (
    { added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>,
    origin: unknown,
  ) => {
    if (origin === this) return;
    const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed]);
    this.send(LIVE_MESSAGE.awareness, (e) => encoding.writeVarUint8Array(e, update));
  };

  private send(type: number, write: (encoder: encoding.Encoder) => void): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, type);
    write(encoder);
    this.socket.send(encoding.toUint8Array(encoder));
  }

  private status(): void {
    this.events.onStatus(
      !this.synced ? (this.attempts > 1 ? 'offline' : 'connecting') : this.acked >= this.sent ? 'saved' : 'saving',
    );
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.attempts++;
    socket.onopen = () => {
      this.sent = 0;
      this.acked = 0;
      this.send(LIVE_MESSAGE.sync, (e) => syncProtocol.writeSyncStep1(e, this.doc));
      if (this.awareness.getLocalState() !== null) {
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]);
        this.send(LIVE_MESSAGE.awareness, (e) => encoding.writeVarUint8Array(e, update));
      }
    };
    socket.onmessage = (event: MessageEvent<ArrayBuffer>) => this.receive(new Uint8Array(event.data));
    socket.onclose = () => {
      this.socket = null;
      this.synced = false;
      // The others' presence is stale once we cannot hear them. Their clocks go too: the server
      // sends each state again when we reconnect, and a colleague who has not moved since has the
      // clock we saw last, which y-protocols would take for old news and drop (they would stay
      // missing until their next move or renewal, up to 15 s).
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
      awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
      for (const id of others) this.awareness.meta.delete(id);
      this.status();
      if (this.stopped || this.asleep) return;
      const wait = RETRY_MS[Math.min(this.attempts - 1, RETRY_MS.length - 1)];
      this.retry = setTimeout(() => this.connect(), wait);
    };
  }

  private receive(data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === LIVE_MESSAGE.sync) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, LIVE_MESSAGE.sync);
      const kind = syncProtocol.readSyncMessage(decoder, encoder, this.doc, this);
      if (encoding.length(encoder) > 1) {
        // Step 2 of mine: whatever I have that the server lacks (edits made offline) goes now, and is acknowledged.
        this.sent++;
        this.socket?.send(encoding.toUint8Array(encoder));
      }
      if (kind === syncProtocol.messageYjsSyncStep2 && !this.synced) {
        this.synced = true;
        this.attempts = 0;
        this.events.onSynced();
      }
    } else if (type === LIVE_MESSAGE.awareness) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    } else if (type === LIVE_MESSAGE.ack) {
      this.acked++;
    }
    this.status();
  }

  /** Reconnect now (the browser says it is online again). */
  wake(): void {
    this.asleep = false;
    if (this.socket || this.stopped) return;
    if (this.retry) clearTimeout(this.retry);
    this.connect();
  }

  /**
   * The browser says it is offline: drop the socket (an open one may not notice for minutes) and
   * wait for `wake`. Edits meanwhile stay in the document and go out with the next sync.
   */
  sleep(): void {
    this.asleep = true;
    this.attempts = Math.max(this.attempts, 2);
    if (this.retry) clearTimeout(this.retry);
    this.socket?.close();
  }

  close(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'closed');
    this.socket?.close();
  }
}
