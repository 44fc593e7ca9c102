/**
 * The editor keystroke bench page: the subtitle editor plugin's own view (EditorView, with its
 * model, reading problems, find strip, save and timeline) on a 2,000-cue subtitle, the length of
 * a two-hour film. No server: the API client answers saves and refuses the rest (no video, no
 * waveform, no guidelines), as a server that has none would. Built and driven by
 * bench/editor-keystroke.bench.mjs; the page-side probe is in measure.ts.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'effector';
import { ContainerProvider, createContainer, TOKENS } from '../../core';
import type { CueData, CuesResponse } from '../../plugins/subtitles/common/subtitles-contract';
import EditorView from '../../plugins/editor/web/editor-view';
import { installKeystrokeProbe } from './measure';

import.meta.glob('../../shell/theme.css', { eager: true });

declare global {
  interface Window {
    __editorBenchReady: boolean;
  }
}

export const CUE_COUNT = 2000;
const WORDS = [
  'the',
  'ferry',
  'leaves',
  'harbour',
  'at',
  'noon',
  'tickets',
  'desk',
  'welcome',
  'aboard',
  'captain',
  'says',
  'sea',
  'calm',
  'today',
];

function syntheticCues(count: number): CueData[] {
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 6 + (i % 5) }, (_, w) => WORDS[(i * 7 + w * 3) % WORDS.length]);
    const text = i % 3 === 0 ? `${words.slice(0, 4).join(' ')}\n${words.slice(4).join(' ')}` : words.join(' ');
    return { start: i * 3500, end: i * 3500 + 3000, text: text[0].toUpperCase() + text.slice(1) };
  });
}

const cues = syntheticCues(CUE_COUNT);
const loaded: CuesResponse = {
  data: {
    id: '1',
    type: 'subtitle',
    attributes: {
      projectVersionId: '1',
      projectId: '1',
      language: 'en',
      kind: 'transcript',
      cuesCount: cues.length,
      reviewedCount: 0,
      approvedCount: 0,
      revision: 1,
      updatedAt: new Date(0).toISOString(),
      editorUrl: '/',
    },
  },
  cues,
  meta: { title: 'Bench film' },
};

let revision = 1;
const refused = () => Promise.reject(Object.assign(new Error('No server in the bench'), { status: 404 }));
const api = {
  get: refused,
  post: refused,
  delete: refused,
  put: async () => ({
    data: { data: { ...loaded.data, attributes: { ...loaded.data.attributes, revision: ++revision } } },
  }),
};
const container = createContainer();
container.bind(TOKENS.ApiClient).toConstantValue(api as never);
// No one signed in and no live room (its socket finds no server and waits offline, as behind a
// proxy without websockets): the keystroke is the editor's own, saved through PUT.
container
  .bind(TOKENS.AppModel)
  .toConstantValue({ $currentWorkspaceId: createStore<string | null>(null), $user: createStore(null) } as never);
// No palette here: the editor's commands are registered into nothing.
container
  .bind(TOKENS.PluginRegistry)
  .toConstantValue({ contributions: () => [], registerCommand: () => () => {} } as never);

// A fresh copy each load: the browser's draft of an earlier run would otherwise open instead.
window.localStorage.clear();
installKeystrokeProbe();

function BenchPage() {
  useEffect(() => {
    window.__editorBenchReady = true;
  }, []);
  return <EditorView projectId="1" projectVersionId="1" subtitleId="1" loaded={loaded} siblings={[]} />;
}

/** `?control`: a bare text box with the same probe, typed the same way: the floor this machine gives at the moment. */
function ControlPage() {
  useEffect(() => {
    window.__editorBenchReady = true;
  }, []);
  return (
    <div role="grid" aria-label="Cues" tabIndex={0} aria-rowcount={0}>
      <div role="row">
        <textarea aria-label="Control text" defaultValue="Control" />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {new URLSearchParams(window.location.search).has('control') ? (
      <ControlPage />
    ) : (
      <ContainerProvider container={container}>
        <BenchPage />
      </ContainerProvider>
    )}
  </StrictMode>,
);
