import { useUnit } from 'effector-react';
import { describeFailure, type FollowedElement } from '../model/downloading-elements';
import { useProjectsModel } from './use-projects-model';

/**
 * A refused or failed link, as its row says it: "refused: <reason>" or "failed: <reason>", the
 * plan's upgrade when the plan's largest video is the reason, and Dismiss (the row stays until then,
 * across reloads, since the server keeps the element).
 */
export function FailedLinkRow({ element }: { element: FollowedElement }) {
  const { links } = useProjectsModel();
  const [dismiss, upgrade] = useUnit([links.failedLinkDismissed, links.upgradeRequested]);
  const failure = element.failure!;
  const name = element.title || element.sourceUrl || 'Link';
  return (
    <li className="projects-upload projects-link-failed">
      <div className="projects-upload-row">
        <span className="projects-upload-name" title={element.sourceUrl ?? undefined}>
          {name}
        </span>
        {failure.kind === 'too_large' && links.canUpgrade && (
          <button type="button" className="button button-primary" onClick={() => upgrade(failure.reason)}>
            Upgrade
          </button>
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => dismiss(element.id)}
          aria-label={`Dismiss ${name}`}
        >
          Dismiss
        </button>
      </div>
      <p className="projects-error">{describeFailure(failure)}</p>
    </li>
  );
}

/** On the projects page, above the table: the links that did not become projects, until dismissed. */
export function FailedLinks() {
  const { links } = useProjectsModel();
  const [failed, dismissAll] = useUnit([links.$failedLinks, links.allFailedLinksDismissed]);
  if (failed.length === 0) return null;
  return (
    <section className="projects-failed-links" aria-labelledby="projects-failed-links-title">
      <div className="projects-upload-row">
        <h2 id="projects-failed-links-title" className="projects-upload-name">
          Links that did not import
        </h2>
        {failed.length > 1 && (
          <button type="button" className="link-button" onClick={() => dismissAll()}>
            Dismiss all
          </button>
        )}
      </div>
      <ul className="projects-upload-list" aria-label="Links that did not import">
        {failed.map((element) => (
          <FailedLinkRow key={element.id} element={element} />
        ))}
      </ul>
    </section>
  );
}
