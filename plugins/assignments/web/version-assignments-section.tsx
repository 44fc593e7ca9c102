import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { languageName, SHELL_CHROME, TOKENS, useLazyModel, useService } from '../../../core';
import type { ProjectVersionSectionProps } from '../../projects/web/extension-points';
import { ASSIGNMENT_ROLES, ROLE_LABELS, type LanguageAssignmentsResource } from '../common/assignments-contract';
import { assignmentsModel, loadAssignDialog } from './assignments-model-loader';
import './assignments.css';

/**
 * "Who does what" on a project version's page: each language with its translator and reviewer,
 * and a button per role that opens the assign popup (member picker, due date). Reviewers see it
 * read only (the server refuses their assigning too).
 */
export default function VersionAssignmentsSection({ projectVersionId }: ProjectVersionSectionProps) {
  const model = useLazyModel(assignmentsModel);
  const app = useService(TOKENS.AppModel);
  const chrome = useService(SHELL_CHROME);
  const workspaceId = useUnit(app.$currentWorkspaceId);
  const [languages, canAssign, state] = useUnit([model.$languages, model.$canAssign, model.$versionState]);
  const [versionOpened, dialogOpened] = useUnit([model.versionOpened, model.dialogOpened]);
  useEffect(() => {
    versionOpened(projectVersionId);
  }, [projectVersionId, versionOpened]);

  if (state === 'loading')
    return (
      <p className="muted" aria-busy="true">
        Loading assignments…
      </p>
    );
  if (state === 'failed') return <p className="muted">Assignments could not be loaded.</p>;
  if (languages.length === 0) return <p className="muted">No languages yet: assign people once there are subtitles.</p>;

  const open = (language: LanguageAssignmentsResource, role: (typeof ASSIGNMENT_ROLES)[number]) => {
    if (!workspaceId) return;
    dialogOpened({ workspaceId, language, role });
    chrome.openDialog(loadAssignDialog);
  };
  return (
    <table className="assignments-table">
      <caption className="visually-hidden">Who translates and who reviews each language</caption>
      <thead>
        <tr>
          <th scope="col">Language</th>
          {ASSIGNMENT_ROLES.map((role) => (
            <th scope="col" key={role}>
              {ROLE_LABELS[role]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {languages.map((language) => {
          const name = languageName(language.attributes.language);
          return (
            <tr key={language.id}>
              <th scope="row">{name}</th>
              {ASSIGNMENT_ROLES.map((role) => {
                const assigned = language.attributes[role];
                return (
                  <td key={role} data-testid={`assignment-${language.attributes.language}-${role}`}>
                    <span>{assigned ? assigned.attributes.assigneeName : <span className="muted">Nobody</span>}</span>
                    {assigned?.attributes.dueOn && (
                      <span className="muted"> · due {assigned.attributes.dueOn}</span>
                    )}{' '}
                    {canAssign && (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`${assigned ? 'Change' : 'Assign'} the ${role} of ${name}`}
                        onClick={() => open(language, role)}
                      >
                        {assigned ? 'Change…' : 'Assign…'}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
