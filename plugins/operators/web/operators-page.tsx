import { useUnit } from 'effector-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOKENS, useLazyModel, useService } from '../../../core';
import { OPERATORS_MESSAGES, type AlertFieldsRequest, type AlertResource } from '../common/operators-contract';
import { shownAlert } from './operators-model';
import { operatorsModel } from './operators-model-loader';
import './operators.css';

const EMPTY = { message: '', linkLabel: '', linkUrl: '' };
type Draft = typeof EMPTY;

const draftOf = (alert: AlertResource): Draft => ({
  message: alert.attributes.message,
  linkLabel: alert.attributes.linkLabel ?? '',
  linkUrl: alert.attributes.linkUrl ?? '',
});
const fieldsOf = (draft: Draft): AlertFieldsRequest => ({
  message: draft.message,
  linkLabel: draft.linkLabel.trim() || null,
  linkUrl: draft.linkUrl.trim() || null,
});

/**
 * `/operators` (instance operators): the alert banner. The form publishes a new alert (shown again
 * to everyone, dismissed or not) or, after "Edit", corrects one in place (people who dismissed it
 * are not shown it again). Each row can be withdrawn. `#publish` and `?edit=shown` (the palette's
 * commands) put the caret in the message.
 */
export default function OperatorsPage() {
  const model = useLazyModel(operatorsModel);
  const toast = useService(TOKENS.ToastService);
  const [alerts, loaded, loadError, fieldError, busy, saves] = useUnit([
    model.$alerts,
    model.$loaded,
    model.$loadError,
    model.$fieldError,
    model.$busy,
    model.$saves,
  ]);
  const [opened, publish, edit, withdraw] = useUnit([
    model.pageOpened,
    model.publishSubmitted,
    model.editSubmitted,
    model.withdrawRequested,
  ]);
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editingId, setEditingId] = useState<string | null>(null);
  const message = useRef<HTMLTextAreaElement>(null);

  useEffect(() => opened(), [opened]);
  useEffect(() => {
    if (window.location.hash === '#publish') message.current?.focus();
  }, []);
  // `?edit=shown`: the alert shown now goes into the form, once the list is in.
  const wantsEdit = params.get('edit') === 'shown';
  useEffect(() => {
    if (!wantsEdit || !loaded) return;
    const shown = shownAlert(alerts);
    if (shown) {
      setEditingId(shown.id);
      setDraft(draftOf(shown));
    } else if (!loadError) toast.info(OPERATORS_MESSAGES.noneShown);
    setParams({}, { replace: true });
    message.current?.focus();
  }, [wantsEdit, loaded, loadError, alerts, setParams, toast]);
  useEffect(() => {
    if (saves === 0) return;
    setDraft(EMPTY);
    setEditingId(null);
  }, [saves]);

  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const errorOf = (field: keyof Draft) => (fieldError?.field === field ? fieldError.message : null);
  const described = (field: keyof Draft) =>
    errorOf(field) ? { 'aria-invalid': true, 'aria-describedby': `operators-${field}-error` } : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (editingId) edit({ id: editingId, fields: fieldsOf(draft) });
    else publish(fieldsOf(draft));
  };
  const startEdit = (alert: AlertResource) => {
    setEditingId(alert.id);
    setDraft(draftOf(alert));
    message.current?.focus();
  };
  const error = (field: keyof Draft) =>
    errorOf(field) && (
      <p className="operators-error" id={`operators-${field}-error`} role="alert">
        {errorOf(field)}
      </p>
    );

  const header = (
    <header className="page-header">
      <div>
        <p className="page-eyebrow">Instance operators</p>
        <h1 id="operators-title">Alert banner</h1>
      </div>
    </header>
  );
  if (loadError)
    return (
      <section className="page" aria-labelledby="operators-title">
        {header}
        <p role="alert">{loadError}</p>
      </section>
    );
  return (
    <section className="page" aria-labelledby="operators-title">
      {header}
      <form
        className="operators-form"
        aria-label={editingId ? 'Edit the alert' : 'Publish an alert'}
        onSubmit={onSubmit}
      >
        <p className="operators-hint">
          Shown above every page of every logged-in person until they dismiss it; open pages show a change within a
          minute.
        </p>
        <div className="operators-field">
          <label htmlFor="operators-message">Message</label>
          <textarea
            id="operators-message"
            ref={message}
            rows={2}
            required
            value={draft.message}
            onChange={(e) => set('message', e.target.value)}
            {...described('message')}
          />
          {error('message')}
        </div>
        <div className="operators-field">
          <label htmlFor="operators-linkLabel">Link label (optional)</label>
          <input
            id="operators-linkLabel"
            type="text"
            value={draft.linkLabel}
            onChange={(e) => set('linkLabel', e.target.value)}
            {...described('linkLabel')}
          />
          {error('linkLabel')}
        </div>
        <div className="operators-field">
          <label htmlFor="operators-linkUrl">Link address (optional)</label>
          <input
            id="operators-linkUrl"
            type="text"
            inputMode="url"
            placeholder="https://… or /path"
            value={draft.linkUrl}
            onChange={(e) => set('linkUrl', e.target.value)}
            {...described('linkUrl')}
          />
          {error('linkUrl')}
        </div>
        <div className="operators-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {editingId ? 'Save the alert' : 'Publish'}
          </button>
          {editingId && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setEditingId(null);
                setDraft(EMPTY);
              }}
            >
              Stop editing
            </button>
          )}
        </div>
      </form>
      <h2>Published alerts</h2>
      {!loaded ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : alerts.length === 0 ? (
        <p className="empty-state">No alert has been published yet.</p>
      ) : (
        <ul className="operators-alerts" aria-label="Published alerts">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <span className="operators-alert-text">
                {alert.attributes.message}
                {alert.attributes.linkUrl && (
                  <span className="muted">
                    {' '}
                    · {alert.attributes.linkLabel}: {alert.attributes.linkUrl}
                  </span>
                )}
              </span>
              {alert.attributes.active ? (
                <span className="operators-shown">Shown</span>
              ) : (
                <span className="muted">Withdrawn</span>
              )}
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => startEdit(alert)}
                aria-label={`Edit: ${alert.attributes.message}`}
              >
                Edit
              </button>
              {alert.attributes.active && (
                <button
                  type="button"
                  className="button button-danger"
                  disabled={busy}
                  onClick={() => withdraw(alert.id)}
                  aria-label={`Withdraw: ${alert.attributes.message}`}
                >
                  Withdraw
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
