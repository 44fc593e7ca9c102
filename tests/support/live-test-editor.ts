import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { LIVE_MESSAGE } from '../../plugins/subtitles/common/live-contract';
import { readCues, writeCues, type LiveCue } from '../../plugins/subtitles/common/live-cues';

const LOCAL = 'test-editor';

/**
 * An editor as the server sees one, without a browser: a Yjs document synced over the live
 * socket (../../plugins/subtitles/common/live-contract.ts) with the session's cookies. For HTTP
 * tests, the multi-process test and the bench.
 */
export class LiveTestEditor {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  /** Updates of mine the server has stored. */
  acked = 0;
  sent = 0;
  private synced = false;
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: WebSocket) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === this) return;
      this.sent++;
      this.send(LIVE_MESSAGE.sync, (e) => syncProtocol.writeUpdate(e, update));
    });
    this.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (origin !== LOCAL) return;
      const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed]);
      this.send(LIVE_MESSAGE.awareness, (e) => encoding.writeVarUint8Array(e, update));
    });
    socket.on('message', (data: Buffer) => this.receive(new Uint8Array(data)));
  }

  /** Opens the socket; rejects with the HTTP status when the server refuses the upgrade. */
  static connect(url: string, headers: Record<string, string>): Promise<LiveTestEditor> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.binaryType = 'nodebuffer';
      socket.once('unexpected-response', (request, response) => {
        reject(Object.assign(new Error(`refused: ${response.statusCode}`), { status: response.statusCode }));
        response.resume();
        request.destroy();
      });
      socket.once('error', reject);
      socket.once('open', () => {
        const editor = new LiveTestEditor(socket);
        editor.send(LIVE_MESSAGE.sync, (e) => syncProtocol.writeSyncStep1(e, editor.doc));
        resolve(editor);
      });
    });
  }

  private send(type: number, write: (encoder: encoding.Encoder) => void) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, type);
    write(encoder);
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(encoding.toUint8Array(encoder));
  }

  private receive(data: Uint8Array) {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === LIVE_MESSAGE.sync) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, LIVE_MESSAGE.sync);
      const kind = syncProtocol.readSyncMessage(decoder, encoder, this.doc, this);
      if (encoding.length(encoder) > 1) {
        this.sent++;
        this.socket.send(encoding.toUint8Array(encoder));
      }
      if (kind === syncProtocol.messageYjsSyncStep2) this.synced = true;
    } else if (type === LIVE_MESSAGE.awareness) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    } else if (type === LIVE_MESSAGE.ack) {
      this.acked++;
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  cues(): LiveCue[] {
    return readCues(this.doc);
  }

  texts(): string[] {
    return this.cues().map((cue) => cue.text);
  }

  /** Sets one cue's text, as the editor does (the changed field only). */
  type(index: number, text: string): void {
    const cues = this.cues();
    cues[index] = { ...cues[index], text };
    writeCues(this.doc, cues, LOCAL);
  }

  edit(next: LiveCue[]): void {
    writeCues(this.doc, next, LOCAL);
  }

  present(state: Record<string, unknown>): void {
    this.awareness.setLocalState(state);
    // The awareness 'update' of a local change carries origin 'local'.
    const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]);
    this.send(LIVE_MESSAGE.awareness, (e) => encoding.writeVarUint8Array(e, update));
  }

  others(): Record<string, unknown>[] {
    return [...this.awareness.getStates()]
      .filter(([id]) => id !== this.doc.clientID)
      .map(([, state]) => state as Record<string, unknown>);
  }

  /** Waits (up to `timeoutMs`) until `condition` holds after some message. */
  async until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('live editor: timed out waiting');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  whenSynced(): Promise<void> {
    return this.until(() => this.synced);
  }

  /** Every update of mine stored by the server. */
  whenSaved(): Promise<void> {
    return this.until(() => this.acked >= this.sent);
  }

  close(): Promise<void> {
    // Its renewal timer would keep the process alive.
    this.awareness.destroy();
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  /** Closed by the server: (code, reason). */
  closed(): Promise<number> {
    return new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
  }
}
