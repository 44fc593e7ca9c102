import { useState } from 'react';
import { useUnit } from 'effector-react';
import { useShell } from '../shell-context';

/** Followed long-running items (exports): progress while running, a download link when done. */
export function ProgressPanel() {
  const { progress } = useShell();
  const [entries, unfollow] = useUnit([progress.$panelItems, progress.itemUnfollowed]);
  const [collapsed, setCollapsed] = useState(false);
  if (entries.length === 0) return null;
  const running = entries.filter((e) => e.item?.state !== 'done' && e.item?.state !== 'failed').length;
  return (
    <section className="progress-panel" aria-label="Progress">
      <header className="progress-panel-header">
        <h2>{running > 0 ? `${running} in progress` : 'Finished'}</h2>
        <button
          type="button"
          className="icon-button"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand progress panel' : 'Collapse progress panel'}
          onClick={() => setCollapsed((c) => !c)}
        >
          <span aria-hidden="true">{collapsed ? '▴' : '▾'}</span>
        </button>
      </header>
      {!collapsed && (
        <ul className="progress-list">
          {entries.map(({ follow, item }) => {
            const title = item?.title ?? 'Preparing…';
            const percent = Math.round((item?.progress ?? 0) * 100);
            return (
              <li key={`${follow.sourceId}:${follow.id}`} className={`progress-item state-${item?.state ?? 'pending'}`}>
                <div className="progress-item-row">
                  <span className="progress-title" title={title}>
                    {title}
                  </span>
                  {item?.state === 'done' && item.downloadUrl && (
                    <a className="progress-download" href={item.downloadUrl} download>
                      Download
                    </a>
                  )}
                  {item?.state === 'failed' && <span className="progress-failed">Failed</span>}
                  {(item?.state === 'done' || item?.state === 'failed') && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Dismiss ${title}`}
                      onClick={() => unfollow(follow)}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  )}
                </div>
                {item?.state === 'failed' && item.failure && <p className="progress-failure">{item.failure}</p>}
                {item?.state !== 'done' && item?.state !== 'failed' && (
                  <progress max={100} value={percent} aria-label={`${title} progress`}>
                    {percent}%
                  </progress>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
