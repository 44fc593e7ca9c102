import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { languageName, TOKENS, useLazyModel, useService } from '../../../core';
import { progressText } from '../../subtitles/common/cue-review';
import { ROLE_LABELS } from '../common/assignments-contract';
import { assignmentsModel } from './assignments-model-loader';
import './assignments.css';

/**
 * `/assignments`: the languages the person translates or reviews in the current workspace, open
 * ones only (until every cue is approved), soonest due first, each with its review progress and
 * a link that opens it in the editor.
 */
export default function MyAssignmentsPage() {
  const model = useLazyModel(assignmentsModel);
  const app = useService(TOKENS.AppModel);
  const workspaceId = useUnit(app.$currentWorkspaceId);
  const [mine, state, mineOpened] = useUnit([model.$mine, model.$mineState, model.mineOpened]);
  useEffect(() => {
    if (workspaceId) mineOpened(workspaceId);
  }, [workspaceId, mineOpened]);

  return (
    <section className="page">
      <header className="page-header">
        <h1>My assignments</h1>
      </header>
      {state === 'loading' && (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      )}
      {state === 'failed' && <p className="muted">Your assignments could not be loaded.</p>}
      {state === 'ready' && mine.length === 0 && (
        <div className="empty-state">
          <h2>Nothing assigned to you</h2>
          <p className="muted">
            When someone makes you the translator or reviewer of a language, it shows here until every cue is approved.
          </p>
        </div>
      )}
      {state === 'ready' && mine.length > 0 && (
        <table className="assignments-table">
          <caption className="visually-hidden">Your open assignments, soonest due first</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Language</th>
              <th scope="col">Role</th>
              <th scope="col">Due</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          <tbody>
            {mine.map(({ id, attributes: a }) => (
              <tr key={id}>
                <td>
                  <Link to={a.editorUrl} aria-label={`Open ${a.title} in ${languageName(a.language)}`}>
                    {a.title}
                  </Link>
                </td>
                <td>{languageName(a.language)}</td>
                <td>{ROLE_LABELS[a.role]}</td>
                <td>{a.dueOn ?? <span className="muted">No date</span>}</td>
                <td>
                  {a.cuesCount === 0
                    ? 'No cues yet'
                    : `${progressText({ cues: a.cuesCount, approved: a.approvedCount })} · ${a.reviewedCount - a.approvedCount} reviewed`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
