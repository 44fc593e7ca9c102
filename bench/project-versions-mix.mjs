/**
 * (c) of bench/project-versions.bench.mjs: the list on queries no one asked before. 50 loops ask
 * the list for a stream of different shapes — a word, part of a word, a number, two words, one
 * label, two labels (common ones and rare ones), a label with a word, the next page by cursor, a
 * numbered page without a cursor — while another loop writes in the same workspace five times a
 * second (a new project, a label put on ten versions, a deletion), and every write moves the
 * workspace revision, so no kept page survives it. What is measured is the database answering
 * queries it has not seen, on the real app (pages are kept; they just rarely help).
 */
import { closedLoop, formatSummary, keepAliveAgent, Recorder, request } from './load-client.mjs';

const WORDS = 1000;
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const int = (below) => Math.floor(Math.random() * below);
const word = () => `w${String(int(WORDS)).padStart(4, '0')}harbor`;

/**
 * The first five ids of a page and its next cursor, without parsing the page: the client runs on
 * the same two cores as the server it measures, and JSON.parse of every 18 KB page (with the
 * garbage it leaves) was half the client's CPU, 0.2 ms per request taken from the server.
 */
export function glance(body) {
  const text = body.toString('latin1');
  const ids = [...text.matchAll(/\{"id":"(\d+)","type":"project_version"/g)].slice(0, 5).map((match) => match[1]);
  const nextCursor = /"nextCursor":"([^"]+)"/.exec(text)?.[1] ?? null;
  return { ids, nextCursor };
}

/** One list shape, as the query string after workspaceId (kinds group the latencies). */
export function listShapes(labelIds) {
  return [
    ['word', () => ({ search: word() })],
    ['wordPrefix', () => ({ search: word().slice(0, 4) })], // "w004": 10 words, 1 % of the titles
    ['number', () => ({ search: String(100 + int(900)) })], // "123": 123, 1230…, 12300…: 0.1 %
    ['twoWords', () => ({ search: `${word()} ${1 + int(9)}` })],
    ['label', () => ({ labels: pick(labelIds) })],
    ['twoLabels', () => ({ labels: `${pick(labelIds)},${pick(labelIds)}` })],
    ['labelAndWord', () => ({ labels: pick(labelIds), search: word().slice(0, 5) })],
    ['plain', () => ({})],
    ['numberedPage', () => ({ page: String(2 + int(40)) })],
  ];
}

export async function runListMix({ base, app, seconds, concurrency = 50, writesPerSecond = 5 }) {
  const agent = keepAliveAgent(concurrency + 2);
  const headers = { cookie: app.cookie, accept: 'application/json', 'accept-encoding': 'gzip' };
  const write = {
    cookie: app.cookie,
    accept: 'application/json',
    'content-type': 'application/json',
    'x-csrf-token': app.csrf,
  };
  const shapes = listShapes(app.labelIds);
  const recorder = new Recorder();
  const seenIds = [];
  const created = [];
  const distinct = new Set();

  const list = async (kind, params) => {
    const query = new URLSearchParams({ workspaceId: app.workspaceId, ...params });
    distinct.add(query.toString());
    return recorder.time(kind, () =>
      request(agent, base, {
        path: `/api/v1/project_versions?${query}`,
        headers: { ...headers, 'accept-encoding': 'identity' },
      }),
    );
  };

  const reader = async () => {
    const [kind, make] = pick(shapes);
    const params = make();
    const first = await list(kind, params);
    if (!first || first.status !== 200) return;
    const { ids, nextCursor } = glance(first.body);
    for (const id of ids) seenIds.push(id);
    if (seenIds.length > 5000) seenIds.splice(0, seenIds.length - 5000);
    // A third of the people scroll on: page 2 by the cursor page 1 gave, as the web client does.
    if (nextCursor && Math.random() < 0.33) await list('nextPageByCursor', { ...params, page: '2', after: nextCursor });
  };

  let writes = 0;
  const writer = async () => {
    const started = performance.now();
    const turn = writes++ % 3;
    if (turn === 0) {
      const response = await recorder.time('write:create', () =>
        request(agent, base, {
          method: 'POST',
          path: '/api/v1/projects/',
          headers: write,
          body: JSON.stringify({ workspaceId: app.workspaceId, title: `${word()} interview new ${writes}` }),
        }),
      );
      if (response?.status === 201) created.push(JSON.parse(response.body.toString()).data[0].id);
    } else if (turn === 1 && seenIds.length >= 10) {
      const ids = Array.from({ length: 10 }, () => pick(seenIds));
      await recorder.time('write:label', () =>
        request(agent, base, {
          method: 'POST',
          path: '/api/v1/project_version_labels/',
          headers: write,
          body: JSON.stringify({ labelId: pick(app.labelIds), selectedProjectVersionIds: [...new Set(ids)] }),
        }),
      );
    } else if (created.length > 0) {
      await recorder.time('write:delete', () =>
        request(agent, base, {
          method: 'DELETE',
          path: '/api/v1/project_versions/',
          headers: write,
          body: JSON.stringify({ workspaceId: app.workspaceId, projectVersionIds: created.splice(0, 1) }),
        }),
      );
    }
    const wait = 1000 / writesPerSecond - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  await Promise.all([closedLoop(concurrency, seconds, reader), closedLoop(1, seconds, writer)]);
  agent.destroy();
  const summary = recorder.summary();
  const listKinds = Object.entries(summary.kinds).filter(([kind]) => kind !== 'all' && !kind.startsWith('write:'));
  const listMs = listKinds.flatMap(([kind]) => recorder.kinds.get(kind).ms).sort((a, b) => a - b);
  const at = (p) => Math.round(listMs[Math.min(listMs.length - 1, Math.floor((p / 100) * listMs.length))] * 10) / 10;
  return {
    summary,
    text: formatSummary(summary),
    list: {
      n: listMs.length,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      rps: Math.round(listMs.length / summary.seconds),
      errors: listKinds.reduce((n, [, s]) => n + s.errors, 0),
    },
    distinctQueries: distinct.size,
    writes,
  };
}
