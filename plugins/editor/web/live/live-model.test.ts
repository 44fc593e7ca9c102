import { allSettled, fork, scopeBind } from 'effector';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { cueArrayOf, writeCues, writeRows } from '../../../subtitles/common/live-cues';
import { createEditorModel } from '../model/editor-model';
import { createLiveModel, groupOf } from './live-model';

const SERVER_CUES = [
  { id: 'a', start: 0, end: 2000, text: 'The ferry leaves at noon' },
  { id: 'b', start: 2500, end: 4500, text: 'Welcome aboard' },
  { id: 'c', start: 5000, end: 7000, text: 'Tickets at the desk' },
];

const storage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

/** One person's editor on the shared document, in a scope of its own; no server save is ever made live. */
async function editorOn(server: Y.Doc) {
  const saves: unknown[] = [];
  const model = createEditorModel({
    storage: storage(),
    saveDelayMs: 0,
    onOnline: () => () => {},
    save: async (params) => {
      saves.push(params);
      return { revision: params.revision + 1 };
    },
  });
  const live = createLiveModel(model);
  const scope = fork();
  live.attach({
    docChanged: scopeBind(live.docChanged, { scope }),
    presenceChanged: scopeBind(live.presenceChanged, { scope }),
    undoChanged: scopeBind(model.liveUndoSet, { scope }),
  });
  await allSettled(model.opened, {
    scope,
    params: { subtitleId: '7', language: 'en', revision: 1, cues: SERVER_CUES.map(({ id: _id, ...cue }) => cue) },
  });
  Y.applyUpdate(live.doc, Y.encodeStateAsUpdate(server), 'server');
  await allSettled(live.synced, { scope });
  const texts = () => scope.getState(model.$cues).map((cue) => cue.text);
  const send = <T>(unit: (payload: T) => unknown, params?: T) =>
    allSettled(unit as never, { scope, params: params as never });
  return { model, live, scope, texts, send, saves };
}

/** The network between two editors: updates queue until delivered, as on a slow link. */
function link(a: Y.Doc, b: Y.Doc) {
  const toB: Uint8Array[] = [];
  const toA: Uint8Array[] = [];
  a.on('update', (update: Uint8Array, origin: unknown) => origin !== 'network' && toB.push(update));
  b.on('update', (update: Uint8Array, origin: unknown) => origin !== 'network' && toA.push(update));
  return () => {
    for (const update of toB.splice(0)) Y.applyUpdate(b, update, 'network');
    for (const update of toA.splice(0)) Y.applyUpdate(a, update, 'network');
  };
}

describe('live editing on a shared document', () => {
  it('edits of two people to different cues merge; the same cue ends the same in both; undo takes back only mine', async () => {
    const server = new Y.Doc();
    writeCues(server, SERVER_CUES, 'server');
    const ann = await editorOn(server);
    const bob = await editorOn(server);
    expect(ann.texts()).toEqual(bob.texts());
    const deliver = link(ann.live.doc, bob.live.doc);

    // Both type before hearing of the other.
    await ann.send(ann.model.edited, { kind: 'text', index: 0, text: 'Ann: the ferry leaves at one' });
    await bob.send(bob.model.edited, { kind: 'text', index: 2, text: 'Bob: tickets on board' });
    await ann.send(ann.model.activeSet, 1);
    await bob.send(bob.model.activeSet, 1);
    await ann.send(ann.model.edited, { kind: 'text', index: 1, text: 'Welcome aboard, says Ann' });
    await bob.send(bob.model.edited, { kind: 'text', index: 1, text: 'Welcome aboard, says Bob' });
    deliver();
    await Promise.all([allSettled(ann.scope), allSettled(bob.scope)]);

    expect(ann.texts()).toEqual(bob.texts());
    expect(ann.texts()[0]).toBe('Ann: the ferry leaves at one');
    expect(ann.texts()[2]).toBe('Bob: tickets on board');
    expect(['Welcome aboard, says Ann', 'Welcome aboard, says Bob']).toContain(ann.texts()[1]);
    // Nothing went through the old save (PUT …/cues): the document carries it all.
    expect([...ann.saves, ...bob.saves]).toEqual([]);

    // Bob splits a cue, Ann types in hers again, then undoes: her last step goes, Bob's split stays.
    await bob.send(bob.model.edited, { kind: 'split', index: 2, caret: 5 });
    await ann.send(ann.model.activeSet, 0);
    await ann.send(ann.model.edited, { kind: 'text', index: 0, text: 'Ann: the ferry leaves at two' });
    deliver();
    await Promise.all([allSettled(ann.scope), allSettled(bob.scope)]);
    expect(ann.texts()).toHaveLength(4);
    await ann.send(ann.model.undone);
    deliver();
    await Promise.all([allSettled(ann.scope), allSettled(bob.scope)]);
    expect(ann.texts()).toEqual(bob.texts());
    expect(ann.texts()[0]).toBe('Ann: the ferry leaves at one');
    expect(ann.texts().slice(2)).toEqual(['Bob:', 'tickets on board']);
    expect(ann.scope.getState(ann.model.$canRedo)).toBe(true);
    await ann.send(ann.model.redone);
    expect(ann.texts()[0]).toBe('Ann: the ferry leaves at two');
  });

  it('typing in one cue is one undo step; another cue starts the next', () => {
    const cues = SERVER_CUES;
    const typed = cues.map((cue, i) => (i === 1 ? { ...cue, text: 'Welcome' } : cue));
    expect(groupOf(cues, typed)).toBe('text:b');
    expect(groupOf(cues, cues.slice(1))).toBeNull();
    expect(
      groupOf(
        cues,
        cues.map((cue, i) => (i === 0 ? { ...cue, start: 40 } : cue)),
      ),
    ).toBe('start:a');
  });

  it('a split saved through PUT …/cues while the document arrives ends as one new cue, not two', async () => {
    const server = new Y.Doc();
    writeCues(server, SERVER_CUES, 'server');
    let answer: (value: { revision: number }) => void = () => {};
    const model = createEditorModel({
      storage: storage(),
      saveDelayMs: 0,
      onOnline: () => () => {},
      save: () => new Promise((resolve) => (answer = resolve)),
    });
    const live = createLiveModel(model);
    const scope = fork();
    live.attach({
      docChanged: scopeBind(live.docChanged, { scope }),
      presenceChanged: scopeBind(live.presenceChanged, { scope }),
      undoChanged: scopeBind(model.liveUndoSet, { scope }),
    });
    const rows = SERVER_CUES.map(({ id: _id, ...cue }) => cue);
    await allSettled(model.opened, { scope, params: { subtitleId: '7', language: 'en', revision: 1, cues: rows } });
    // Split before the live room answered: the old save (PUT …/cues) is on its way.
    const saving = allSettled(model.edited, { scope, params: { kind: 'split', index: 0, caret: 9 } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scope.getState(model.saveFx.pending)).toBe(true);
    // The document arrives (still three cues), then the server writes the saved rows into it.
    Y.applyUpdate(live.doc, Y.encodeStateAsUpdate(server), 'network');
    scopeBind(live.synced, { scope })(); // not allSettled: that would wait for the save too
    const saved = scope.getState(model.$cues).map(({ id: _id, ...cue }) => cue);
    writeRows(server, saved, () => 'from-rows', 'rows');
    answer({ revision: 2 });
    await saving;
    await allSettled(scope);
    const deliver = link(live.doc, server);
    Y.applyUpdate(live.doc, Y.encodeStateAsUpdate(server), 'network');
    deliver();
    await allSettled(scope);

    expect(cueArrayOf(server).length).toBe(4);
    expect(scope.getState(model.$cues).map((cue) => cue.text)).toEqual([
      'The ferry',
      'leaves at noon',
      'Welcome aboard',
      'Tickets at the desk',
    ]);
  });

  it('an edit typed while the document arrives goes in alone: a colleague’s edit of another cue meanwhile stays', async () => {
    const server = new Y.Doc();
    writeCues(server, SERVER_CUES, 'server');
    const model = createEditorModel({
      storage: storage(),
      saveDelayMs: 50,
      onOnline: () => () => {},
      save: async (params) => ({ revision: params.revision + 1 }),
    });
    const live = createLiveModel(model);
    const scope = fork();
    live.attach({
      docChanged: scopeBind(live.docChanged, { scope }),
      presenceChanged: scopeBind(live.presenceChanged, { scope }),
      undoChanged: scopeBind(model.liveUndoSet, { scope }),
    });
    const rows = SERVER_CUES.map(({ id: _id, ...cue }) => cue);
    await allSettled(model.opened, { scope, params: { subtitleId: '7', language: 'en', revision: 1, cues: rows } });
    // Cleo types in the third cue while her socket connects; Ann, live already, types in the first.
    await allSettled(model.activeSet, { scope, params: 2 });
    // Not allSettled: that would wait for the old save's delay, which going live makes moot.
    scopeBind(model.edited, { scope })({ kind: 'text', index: 2, text: 'Tickets at the desk (Cleo)' });
    cueArrayOf(server).get(0).set('text', 'The ferry leaves at noon (Ann)');
    // Cleo's document arrives with Ann's edit in it.
    const deliver = link(live.doc, server);
    Y.applyUpdate(live.doc, Y.encodeStateAsUpdate(server), 'network');
    scopeBind(live.synced, { scope })();
    await allSettled(scope);
    deliver();

    const both = ['The ferry leaves at noon (Ann)', 'Welcome aboard', 'Tickets at the desk (Cleo)'];
    expect(scope.getState(model.$cues).map((cue) => cue.text)).toEqual(both);
    expect(
      cueArrayOf(server)
        .toArray()
        .map((cue) => cue.get('text')),
    ).toEqual(both);
  });
});
