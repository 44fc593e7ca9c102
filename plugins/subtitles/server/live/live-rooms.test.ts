import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { LIVE_MESSAGE } from '../../common/live-contract';
import { cueArrayOf, writeCues } from '../../common/live-cues';
import { createLiveBus } from './live-bus';
import type { LiveDocStore } from './live-doc-store';
import { SETTLE_DELAY_MS, SETTLE_MAX_WAIT_MS } from './live-room';
import { LiveRooms } from './live-rooms';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store that keeps nothing and counts settles (the real one: live-doc-store.ts, tested over HTTP). */
function countingStore() {
  const doc = new Y.Doc();
  writeCues(doc, [{ id: 'a', start: 0, end: 1000, text: 'One' }], 'rows');
  const store = {
    settles: 0,
    settle: async () => {
      store.settles++;
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
      return { doc: copy, made: null };
    },
    append: async () => '1',
    read: async () => null,
    readAll: async () => ({ ids: [], updates: [] }),
  };
  return { store, doc };
}

describe('live rooms write the cue rows', () => {
  it('while edits keep coming, at least every SETTLE_MAX_WAIT_MS (scaled to the delay), not only once they stop', async () => {
    const delay = 100;
    const { store, doc } = countingStore();
    const rooms = new LiveRooms(
      store as unknown as LiveDocStore,
      createLiveBus({ databaseUrl: null, notify: async () => {}, log: console }),
      console,
      delay,
    );
    const socket = { send: () => {}, close: () => {} };
    const member = (await rooms.join('w', 's', socket))!;
    const opened = store.settles;
    const typist = new Y.Doc();
    Y.applyUpdate(typist, Y.encodeStateAsUpdate(doc));
    typist.on('update', (update: Uint8Array) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, LIVE_MESSAGE.sync);
      syncProtocol.writeUpdate(encoder, update);
      member.receive(encoding.toUint8Array(encoder));
    });
    // A keystroke every few milliseconds for two and a half max waits: the delay alone would never end.
    const maxWait = delay * (SETTLE_MAX_WAIT_MS / SETTLE_DELAY_MS);
    const started = Date.now();
    for (let i = 0; Date.now() - started < maxWait * 2.5; i++) {
      cueArrayOf(typist).get(0).set('text', `One ${i}`);
      await sleep(5);
    }
    expect(store.settles - opened).toBeGreaterThanOrEqual(2);
    await member.leave();
  });
});
