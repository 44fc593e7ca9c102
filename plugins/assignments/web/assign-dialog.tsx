import { useUnit } from 'effector-react';
import { useEffect, useState, type FormEvent } from 'react';
import { languageName, useLazyModel } from '../../../core';
import { Dialog, DialogActions } from '../../../core/ui/dialog';
import { ROLE_LABELS } from '../common/assignments-contract';
import { assignmentsModel } from './assignments-model-loader';
import './assignments.css';

/**
 * The assign popup of one language and role: a member picker (the workspace's people; reviewers
 * are left out of the translator's list, the server refuses them), an optional due date, and
 * Unassign when someone has it. Closes once the server agreed.
 */
export default function AssignDialog({ onClose }: { onClose: () => void }) {
  const model = useLazyModel(assignmentsModel);
  const [dialog, assignees, fieldError, assigning] = useUnit([
    model.$dialog,
    model.$assignees,
    model.$fieldError,
    model.$assigning,
  ]);
  const [assignRequested, unassignRequested, dialogClosed] = useUnit([
    model.assignRequested,
    model.unassignRequested,
    model.dialogClosed,
  ]);
  const current = dialog ? dialog.language.attributes[dialog.role] : null;
  const [userId, setUserId] = useState(current?.attributes.userId ?? '');
  const [dueOn, setDueOn] = useState(current?.attributes.dueOn ?? '');
  // The store resets when the server agreed: the popup's work is done.
  const [wasOpen, setWasOpen] = useState(false);
  useEffect(() => {
    if (dialog) setWasOpen(true);
    else if (wasOpen) onClose();
  }, [dialog, wasOpen, onClose]);
  if (!dialog) return null;

  const { role, language } = dialog;
  const name = languageName(language.attributes.language);
  const people = assignees.filter((person) => role === 'reviewer' || person.attributes.accountRole !== 'reviewer');
  const close = () => {
    dialogClosed();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId) assignRequested({ subtitleId: language.id, role, userId, dueOn: dueOn || null });
  };
  return (
    <Dialog label={`${ROLE_LABELS[role]} of ${name}`} onClose={close} className="assignments-dialog">
      <h2 className="dialog-header">
        {ROLE_LABELS[role]} of {name}
      </h2>
      <form className="assignments-form" onSubmit={submit}>
        <label className="assignments-field">
          <span>Member</span>
          <select
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            required
            data-autofocus
            aria-invalid={fieldError?.field === 'userId'}
          >
            <option value="">Choose someone…</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.attributes.name} ({person.attributes.email})
              </option>
            ))}
          </select>
        </label>
        <label className="assignments-field">
          <span>Due date (optional)</span>
          <input
            type="date"
            value={dueOn}
            onChange={(e) => setDueOn(e.target.value)}
            aria-invalid={fieldError?.field === 'dueOn'}
          />
        </label>
        {fieldError && (
          <p className="assignments-error" role="alert">
            {fieldError.message}
          </p>
        )}
        {current && (
          <button
            type="button"
            className="button button-danger assignments-unassign"
            onClick={() => unassignRequested({ subtitleId: language.id, role })}
          >
            Unassign {current.attributes.assigneeName}
          </button>
        )}
        <DialogActions onCancel={close} confirmLabel="Assign" disabled={!userId} busy={assigning} />
      </form>
    </Dialog>
  );
}
