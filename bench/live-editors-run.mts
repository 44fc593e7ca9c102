/**
 * Child process of bench/live-editors.bench.mjs (run with `node --import tsx`): 20 editors
 * (tests/support/live-test-editor.ts: a Yjs document over the live socket, as the browser's) and
 * one reviewer on one subtitle of 2,000 cues, served by bench/live-editors-server.mts in a process
 * of its own. Each editor types into a cue of its own at a typist's pace (a keystroke every
 * 120–280 ms, about five a second), moves on to the next cue every 40 characters (telling the
 * others where it is, as the editor's presence does); the reviewer marks a cue reviewed every two
 * seconds (each such update goes through the server's review guard). For BENCH_MINUTES (1).
 *
 * Measured: the server's CPU and memory (before, during, after), update throughput, the time a
 * keystroke of any typist takes to show in one watching editor's document, and at the end every
 * document compared with the others and with the cue rows the server stored (GET …/cues): any
 * difference fails the run. Then the review guard alone at 2,000 cues: the copy of the document
 * it used to make for each reviewer update against the copy it now keeps (review-guard.ts).
 * Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import * as Y from 'yjs';
import { LIVE_PATH } from '../plugins/subtitles/common/live-contract';
import { cueArrayOf, rowsOf } from '../plugins/subtitles/common/live-cues';
import { changesOnlyReview, ReviewGuard } from '../plugins/subtitles/server/live/review-guard';
import { LiveTestEditor } from '../tests/support/live-test-editor';

const EDITORS = Number(process.env.LIVE_EDITORS ?? 20);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 1);
const CHARS_PER_CUE = 40;
const REVIEW_EVERY_MS = 2000;
/** Origin of the bench's own edits: LiveTestEditor sends every update not received from the server. */
const TYPED = 'bench';
const t0 = performance.now();
const step = (what: string) => console.error(`  [live-editors] ${what} at ${Math.round(performance.now() - t0)} ms`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stats {
  cpu: { user: number; system: number };
  memory: NodeJS.MemoryUsage;
  loop: { p50Ms: number; p99Ms: number; maxMs: number };
  storedUpdates: number;
}

async function startServer() {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/live-editors-server.mts'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the bench server exited');
    return JSON.parse(value as string);
  };
  const ready = (await next()) as {
    port: number;
    versionId: string;
    subtitleId: string;
    editorCookie: string;
    reviewerCookie: string;
  };
  return {
    ...ready,
    stats: async (): Promise<Stats> => {
      child.stdin!.write('stats\n');
      return next();
    },
    quit: async () => {
      child.stdin!.write('quit\n');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Waits until `condition` holds, checking every 50 ms; throws after `ms`. */
async function until(condition: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`live-editors: timed out waiting for ${what}`);
    await sleep(50);
  }
}

const sameVector = (a: Y.Doc, b: Y.Doc) =>
  Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b)));

/** The review guard alone: a reviewer's update (one cue marked) checked against `doc`, timed, then applied as the room does. */
function timeReviewGuard(doc: Y.Doc, rounds = 30) {
  const reviewer = new Y.Doc();
  Y.applyUpdate(reviewer, Y.encodeStateAsUpdate(doc));
  const cues = cueArrayOf(reviewer);
  const updateMarking = (index: number) => {
    let made: Uint8Array | null = null;
    const take = (update: Uint8Array) => (made = update);
    reviewer.on('update', take);
    reviewer.transact(() => cues.get(index).set('review', index % 2 ? 'approved' : 'reviewed'));
    reviewer.off('update', take);
    return made!;
  };
  const copyEach: number[] = [];
  const kept: number[] = [];
  const guard = new ReviewGuard(doc);
  const follow = (update: Uint8Array) => guard.follow(update);
  doc.on('update', follow);
  for (let i = 0; i < rounds * 2; i++) {
    const update = updateMarking((i * 37) % cues.length);
    const started = performance.now();
    const allowed = i < rounds ? changesOnlyReview(doc, update) : guard.allows(update);
    (i < rounds ? copyEach : kept).push(performance.now() - started);
    if (!allowed) throw new Error('live-editors: the review guard refused a change of review state');
    Y.applyUpdate(doc, update, 'reviewer');
  }
  doc.off('update', follow);
  guard.destroy();
  reviewer.destroy();
  // The kept copy's first check makes the copy: shown apart.
  return { copyEachMs: copyEach, keptFirstMs: kept[0], keptMs: kept.slice(1) };
}

async function main() {
  const server = await startServer();
  step('server listening');
  const url = `ws://127.0.0.1:${server.port}${LIVE_PATH(server.versionId, server.subtitleId)}`;
  const idle = await server.stats();

  const editors = await Promise.all(
    Array.from({ length: EDITORS }, () => LiveTestEditor.connect(url, { cookie: server.editorCookie })),
  );
  const reviewer = await LiveTestEditor.connect(url, { cookie: server.reviewerCookie });
  let reviewerClosed: number | null = null;
  void reviewer.closed().then((code) => (reviewerClosed = code));
  const everyone = [...editors, reviewer];
  await Promise.all(everyone.map((editor) => editor.whenSynced()));
  const cueCount = editors[0].cues().length;
  step(`${EDITORS} editors and a reviewer synced on ${cueCount} cues`);
  const open = await server.stats();

  // Updates each document received from the server (each typist's keystroke reaches every other).
  let received = 0;
  for (const editor of everyone)
    editor.doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === editor) received++;
    });

  // Every keystroke of a typist, by cue id and the text it made, with the time it was typed;
  // the watcher (editor 0, itself typing too) takes the time it saw that text.
  const typedAt = new Map<string, number>();
  const latencies: number[] = [];
  const watcher = editors[0];
  cueArrayOf(watcher.doc).observeDeep((events, transaction) => {
    if (transaction.origin !== watcher) return;
    const now = performance.now();
    for (const event of events) {
      if (!(event instanceof Y.YMapEvent) || !event.keysChanged.has('text')) continue;
      const map = event.target as Y.Map<unknown>;
      const key = `${map.get('id')}\u0000${map.get('text')}`;
      const at = typedAt.get(key);
      if (at === undefined) continue;
      latencies.push(now - at);
      typedAt.delete(key);
    }
  });

  const runMs = MINUTES * 60_000;
  const stopAt = Date.now() + runMs;
  let keystrokes = 0;
  let reviews = 0;
  const typist = async (editor: LiveTestEditor, n: number) => {
    const cues = cueArrayOf(editor.doc);
    let index = Math.floor((n * cueCount) / EDITORS);
    const name = `Typist ${n + 1}`;
    while (Date.now() < stopAt) {
      const map = cues.get(index);
      editor.present({ user: { name, color: '#0b7285' }, cue: map.get('id') });
      let text = String(map.get('text'));
      for (let c = 0; c < CHARS_PER_CUE && Date.now() < stopAt; c++) {
        text += String.fromCharCode(97 + ((n + c) % 26));
        if (editor !== watcher) typedAt.set(`${map.get('id')}\u0000${text}`, performance.now());
        editor.doc.transact(() => map.set('text', text), TYPED);
        keystrokes++;
        await sleep(120 + Math.random() * 160);
      }
      index = (index + 1) % cueCount;
    }
  };
  const reviewing = async () => {
    const cues = cueArrayOf(reviewer.doc);
    for (let i = 0; Date.now() < stopAt; i++) {
      await sleep(REVIEW_EVERY_MS);
      reviewer.doc.transact(() => cues.get((i * 97 + 13) % cueCount).set('review', 'reviewed'), TYPED);
      reviews++;
    }
  };
  const startedAt = performance.now();
  await Promise.all([...editors.map((editor, n) => typist(editor, n)), reviewing()]);
  const typedMs = performance.now() - startedAt;
  const during = await server.stats();
  step(`typed ${keystrokes} keystrokes and ${reviews} reviews in ${Math.round(typedMs)} ms`);
  if (reviewerClosed !== null) throw new Error(`live-editors: the reviewer's socket was closed (${reviewerClosed})`);

  // Every update stored, every document the same as the others.
  await Promise.all(everyone.map((editor) => editor.whenSaved()));
  const savedMs = performance.now() - startedAt - typedMs;
  await until(
    () => everyone.every((editor) => sameVector(editor.doc, watcher.doc)),
    30_000,
    'the documents to converge',
  );
  const settledMs = performance.now() - startedAt - typedMs;
  const expected = JSON.stringify(rowsOf(watcher.doc));
  const differing = everyone.filter((editor) => JSON.stringify(rowsOf(editor.doc)) !== expected).length;
  // The rows as the server stored them (GET …/cues writes pending live edits first).
  const readStarted = performance.now();
  const response = await fetch(
    `http://127.0.0.1:${server.port}/api/v1/project_versions/${server.versionId}/subtitles/${server.subtitleId}/cues`,
    { headers: { cookie: server.editorCookie } },
  );
  const stored = ((await response.json()) as { cues: Record<string, unknown>[] }).cues.map((cue) => ({
    ...cue,
    review: cue.review ?? 'todo',
  }));
  const rowsReadMs = performance.now() - readStarted;
  const storedDiffers = JSON.stringify(stored) !== expected;
  let firstDifference: unknown = null;
  if (storedDiffers) {
    const mine = rowsOf(watcher.doc);
    const at = mine.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(stored[i]));
    firstDifference = { at, document: mine[at], stored: stored[at], lengths: [mine.length, stored.length] };
  }

  await Promise.all(everyone.map((editor) => editor.close()));
  // The last one out writes the rows and closes the room: memory "after" is with the room gone.
  await sleep(2000);
  const after = await server.stats();
  const guard = timeReviewGuard(watcher.doc);
  await server.quit();
  step('closed');

  const result = {
    editors: EDITORS,
    cues: cueCount,
    typedMs,
    keystrokes,
    reviews,
    received,
    savedMs,
    settledMs,
    rowsReadMs,
    latencies,
    stats: { idle, open, during, after },
    divergence: { documents: differing, stored: storedDiffers, firstDifference },
    guard,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
