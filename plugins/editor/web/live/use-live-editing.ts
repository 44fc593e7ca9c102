import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useUnit } from 'effector-react';
import { TOKENS, useService } from '../../../../core';
import { LIVE_PATH, type LivePresence } from '../../../subtitles/common/live-contract';
import { EDITOR_COMMAND_GROUP, onSubtitlePage } from '../editor-commands';
import type { EditorModel } from '../model/editor-model';
import { createLiveModel, type Colleague } from './live-model';
import { LiveSocket } from './live-socket';

/** Colours of people's initials: each reads as white text at 4.5:1 or better (axe's colour contrast). */
const COLOURS = ['#0b7285', '#5f3dc4', '#a61e4d', '#1864ab', '#862e9c', '#c92a2a', '#364fc7', '#087f5b'];

export const colourOf = (key: string) => {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
};

/**
 * Opens the subtitle live (./live-model.ts over ./live-socket.ts) while the editor is shown:
 * tells the others who I am and which cue I am on, and offers "Go to <name>" in the palette for
 * each colleague there (the page's commands, registered while they are). `goTo(cueId)` moves the
 * editor to a cue. Returns the colleagues, for the cue list to show on their cues.
 */
export function useLiveEditing(
  model: EditorModel,
  projectVersionId: string,
  subtitleId: string,
  goTo: (cueId: string) => void,
): Colleague[] {
  const live = useMemo(() => createLiveModel(model), [model]);
  const user = useUnit(useService(TOKENS.AppModel).$user);
  const name = user ? `${user.attributes.name} ${user.attributes.lastName}`.trim() || user.attributes.email : 'Someone';
  const colour = colourOf(user?.id ?? name);

  useEffect(() => {
    const presence: LivePresence = { user: { name, color: colour }, cue: null };
    live.awareness.setLocalState(presence);
    const detach = live.attach({
      docChanged: live.docChanged,
      presenceChanged: live.presenceChanged,
      undoChanged: model.liveUndoSet,
    });
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new LiveSocket(
      `${scheme}://${window.location.host}${LIVE_PATH(projectVersionId, subtitleId)}`,
      live.doc,
      live.awareness,
      { onSynced: () => live.synced(), onStatus: (status) => live.statusChanged(status) },
    );
    const wake = () => socket.wake();
    const sleep = () => socket.sleep();
    window.addEventListener('online', wake);
    window.addEventListener('offline', sleep);
    return () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', sleep);
      socket.close();
      detach();
    };
    // The name and colour are set once per opening; a rename shows at the next.
  }, [live, projectVersionId, subtitleId]);

  const colleagues = useUnit(live.$colleagues);
  const where = useRef(colleagues);
  where.current = colleagues;
  const jump = useRef(goTo);
  jump.current = goTo;
  const registry = useService(TOKENS.PluginRegistry);
  // One command per colleague, kept while they stay (their cue is read when the command runs).
  const people = colleagues.map((c) => `${c.clientId}\u0000${c.name}`).join('\u0001');
  useLayoutEffect(() => {
    const when = onSubtitlePage(subtitleId);
    const disposers = where.current.map((colleague) =>
      registry.registerCommand({
        id: `editor.goTo.${colleague.clientId}`,
        title: `Go to ${colleague.name}`,
        group: EDITOR_COMMAND_GROUP,
        keywords: ['colleague', 'presence', 'who', colleague.initials],
        when,
        run: () => {
          const cue = where.current.find((c) => c.clientId === colleague.clientId)?.cue;
          if (cue) jump.current(cue);
        },
      }),
    );
    return () => disposers.forEach((dispose) => dispose());
  }, [registry, subtitleId, people]);
  return colleagues;
}
