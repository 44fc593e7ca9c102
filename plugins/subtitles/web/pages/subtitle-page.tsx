import * as React from 'react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { TableVirtuoso } from 'react-virtuoso';
import { languageName, normaliseError, TOKENS, useContainer, useService } from '../../../../core';
import {
  SUBTITLES_PATHS,
  type CueData,
  type CuesResponse,
  type SubtitlesResponse,
} from '../../common/subtitles-contract';
import { formatCueTime } from '../components/cue-time';
import { ContributedSections, preloadSection } from '../../../../core/ui';
import { subtitleCueViews, subtitleEditorPanels } from '../extension-points';
import { openSubtitlesDialog } from '../open-subtitles-dialog';
import '../components/subtitles.css';
import { projectVersionPage } from '../../../projects/common/project-version-page';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; cues: CuesResponse; siblings: SubtitlesResponse['data'] };

const CueRow = ({ index, cue }: { index: number; cue: CueData }) => (
  <>
    <td>{index + 1}</td>
    <td>{formatCueTime(cue.start)}</td>
    <td>{formatCueTime(cue.end)}</td>
    <td>{cue.speaker ?? ''}</td>
    <td className={cue.italic ? 'cue-text cue-italic' : 'cue-text'}>{cue.text}</td>
  </>
);

/** Outside render, as TableVirtuoso needs (a new component each render would remount the table). */
const TABLE_COMPONENTS = {
  Table: (props: React.HTMLAttributes<HTMLTableElement>) => (
    <table {...props} className="subtitle-cues" aria-label="Cues" />
  ),
};

/**
 * The subtitle's page (`editorUrl`): the editor where a plugin contributes one (subtitleCueViews),
 * else the read-only view of the cues with their times,
 * the version's other languages, and the import, download and share popups. The table is
 * virtualised: a feature film has a couple of thousand cues, a long series far more.
 */
export default function SubtitlePage() {
  const { projectId = '', projectVersionId = '', subtitleId = '' } = useParams();
  const api = useService(TOKENS.ApiClient);
  const container = useContainer();
  const registry = useService(TOKENS.PluginRegistry);
  const panels = useMemo(() => registry.contributions(subtitleEditorPanels), [registry]);
  // The editor when a plugin contributes one; the read-only table otherwise.
  const cueView = useMemo(
    () => [...registry.contributions(subtitleCueViews)].sort((a, b) => (a.order ?? 100) - (b.order ?? 100)).slice(0, 1),
    [registry],
  );
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  // The view's code is fetched while the cues are: it is drawn only once they are here, and waiting
  // for them first put its download after theirs on every open (a 2-hour film's editor opened ~0.5 s
  // later); with its code here it is drawn without suspending (React's 300 ms reveal throttle).
  useEffect(() => {
    for (const view of cueView) void preloadSection(view).catch(() => {});
  }, [cueView]);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    Promise.all([
      api.get<CuesResponse>(SUBTITLES_PATHS.cues(projectVersionId, subtitleId)),
      api.get<SubtitlesResponse>(SUBTITLES_PATHS.subtitles(projectVersionId)),
    ])
      .then(([cues, list]) => live && setLoaded({ state: 'ready', cues: cues.data, siblings: list.data.data }))
      .catch((error: unknown) => live && setLoaded({ state: 'failed', message: normaliseError(error).message }));
    return () => {
      live = false;
    };
  }, [api, projectVersionId, subtitleId]);

  const open = (kind: 'import' | 'download' | 'share') =>
    void openSubtitlesDialog(
      container,
      kind === 'download' ? { kind, projectVersionIds: [projectVersionId] } : { kind, projectVersionId, subtitleId },
    );

  return (
    <div className="page subtitle-page">
      <p>
        <Link to={projectVersionPage(projectId, projectVersionId)}>← Project version</Link>
      </p>
      {loaded.state === 'loading' && <p className="muted">Loading…</p>}
      {loaded.state === 'failed' && (
        <div className="empty-state">
          <h2>Subtitle not found</h2>
          <p className="muted">{loaded.message}</p>
        </div>
      )}
      {loaded.state === 'ready' && (
        <>
          <header className="page-header">
            <div>
              <p className="page-eyebrow">Subtitle · {languageName(loaded.cues.data.attributes.language)}</p>
              <h1>{loaded.cues.meta.title}</h1>
            </div>
            <div className="subtitle-page-actions">
              <button type="button" className="button" onClick={() => open('import')}>
                Import subtitle file…
              </button>
              <button type="button" className="button" onClick={() => open('download')}>
                Download subtitles…
              </button>
              <button type="button" className="button button-primary" onClick={() => open('share')}>
                Share link…
              </button>
            </div>
          </header>
          {loaded.siblings.length > 1 && (
            <nav aria-label="Languages" className="subtitle-page-actions">
              {loaded.siblings.map((s) =>
                s.id === subtitleId ? (
                  <strong key={s.id} aria-current="page">
                    {languageName(s.attributes.language)}
                  </strong>
                ) : (
                  <Link key={s.id} to={s.attributes.editorUrl}>
                    {languageName(s.attributes.language)}
                  </Link>
                ),
              )}
            </nav>
          )}
          {cueView.length === 0 && (
            <p className="muted">{loaded.cues.cues.length === 1 ? '1 cue' : `${loaded.cues.cues.length} cues`}</p>
          )}
          {cueView.length > 0 ? (
            <ContributedSections
              sections={cueView}
              props={{ projectId, projectVersionId, subtitleId, loaded: loaded.cues, siblings: loaded.siblings }}
            />
          ) : loaded.cues.cues.length === 0 ? (
            <p className="muted">No cues yet. Import a subtitle file to fill this subtitle.</p>
          ) : (
            <TableVirtuoso
              style={{ height: 'min(70vh, 48rem)' }}
              data={loaded.cues.cues}
              components={TABLE_COMPONENTS}
              fixedHeaderContent={() => (
                <tr>
                  <th>#</th>
                  <th>Start</th>
                  <th>End</th>
                  <th>Speaker</th>
                  <th>Text</th>
                </tr>
              )}
              itemContent={(index, cue) => <CueRow index={index} cue={cue} />}
            />
          )}
          <ContributedSections sections={panels} props={{ projectVersionId, subtitleId }} />
        </>
      )}
    </div>
  );
}
