import { useUnit } from 'effector-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOKENS, useLazyModel, useService } from '../../../core';
import { Dialog, DialogActions } from '../../../core/ui/dialog';
import type { WebhookEndpointResource } from '../common/webhooks-contract';
import { DeliveryLog } from './delivery-log';
import { SecretPanel } from './secret-panel';
import { webhooksModel } from './webhooks-model-loader';
import './webhooks.css';

/**
 * `/workspace/webhooks`: the current workspace's webhook endpoints. Admins add one (URL and
 * events; the secret shown once), turn it off and on, roll its secret, delete it and send a
 * delivery again; every member sees the list and each endpoint's delivery log. `?new=1` (the
 * palette's "New webhook…") puts the cursor in the URL field.
 */
export default function WebhooksPage() {
  const app = useService(TOKENS.AppModel);
  const model = useLazyModel(webhooksModel);
  const [workspaceId, workspace, isAdmin] = useUnit([
    app.$currentWorkspaceId,
    app.$currentWorkspace,
    app.$isAccountAdmin,
  ]);
  const [endpoints, eventTypes, loaded, loadError, fieldError, secret, creating] = useUnit([
    model.$endpoints,
    model.$eventTypes,
    model.$loaded,
    model.$loadError,
    model.$fieldError,
    model.$secret,
    model.$creating,
  ]);
  const [logEndpointId, deliveries, logLoading] = useUnit([model.$logEndpointId, model.$deliveries, model.$logLoading]);
  const events = useUnit({
    opened: model.opened,
    createRequested: model.createRequested,
    updateRequested: model.updateRequested,
    deleteRequested: model.deleteRequested,
    rollRequested: model.rollRequested,
    logOpened: model.logOpened,
    logClosed: model.logClosed,
    resendRequested: model.resendRequested,
    secretDismissed: model.secretDismissed,
  });
  const [search] = useSearchParams();
  const urlInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>(['pipeline.processingFinished']);
  const [deleting, setDeleting] = useState<WebhookEndpointResource | null>(null);

  useEffect(() => {
    if (workspaceId) events.opened(workspaceId);
  }, [workspaceId, events.opened]);
  useEffect(() => {
    if (search.get('new') && loaded) urlInput.current?.focus();
  }, [search, loaded]);
  useEffect(() => {
    if (secret) setUrl('');
  }, [secret]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!workspaceId) return;
    events.createRequested({ workspaceId, url: url.trim(), eventTypes: chosen, description: description.trim() });
  };
  const toggle = (type: string) =>
    setChosen((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  const logEndpoint = endpoints.find((endpoint) => endpoint.id === logEndpointId) ?? null;

  return (
    <section className="page webhooks" aria-labelledby="webhooks-title">
      <header className="page-header">
        <h1 id="webhooks-title">Webhooks</h1>
      </header>
      <p className="muted">
        Polycue POSTs the events you choose in {workspace ? `“${workspace.attributes.name}”` : 'this workspace'} to your
        URL, signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
        <code>webhook-signature</code>), retrying for more than a day. Public addresses only.
      </p>

      {secret && <SecretPanel shown={secret} onDone={events.secretDismissed} />}

      {isAdmin && (
        <form className="webhooks-form" aria-label="New webhook" onSubmit={onSubmit}>
          <div className="webhooks-field">
            <label htmlFor="webhook-url">Endpoint URL</label>
            <input
              id="webhook-url"
              ref={urlInput}
              type="url"
              required
              maxLength={2000}
              placeholder="https://example.com/polycue-events"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              {...(errorOf('url') ? { 'aria-invalid': true, 'aria-describedby': 'webhook-url-error' } : {})}
            />
            {errorOf('url') && (
              <p id="webhook-url-error" className="webhooks-error" role="alert">
                {errorOf('url')}
              </p>
            )}
          </div>
          <div className="webhooks-field">
            <label htmlFor="webhook-description">Description (optional)</label>
            <input
              id="webhook-description"
              type="text"
              maxLength={200}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <fieldset className="webhooks-events">
            <legend>Events to send</legend>
            {eventTypes.map(({ type, description: what }) => (
              <label key={type}>
                <input type="checkbox" checked={chosen.includes(type)} onChange={() => toggle(type)} /> {what}{' '}
                <code>{type}</code>
              </label>
            ))}
          </fieldset>
          {errorOf('eventTypes') && (
            <p className="webhooks-error" role="alert">
              {errorOf('eventTypes')}
            </p>
          )}
          <div>
            <button type="submit" className="button button-primary" disabled={creating || chosen.length === 0}>
              Add webhook
            </button>
          </div>
        </form>
      )}

      <h2 id="webhooks-list-title">Endpoints</h2>
      {loadError ? (
        <p role="alert">{loadError}</p>
      ) : !loaded ? (
        <p aria-busy="true" className="muted">
          Loading…
        </p>
      ) : endpoints.length === 0 ? (
        <p className="empty-state">
          No webhooks in this workspace yet.{isAdmin ? ' Add one above to be told when processing finishes.' : ''}
        </p>
      ) : (
        <table className="webhooks-table" aria-labelledby="webhooks-list-title">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => {
              const {
                url: target,
                description: note,
                eventTypes: types,
                enabled,
                disabledReason,
              } = endpoint.attributes;
              return (
                <tr key={endpoint.id}>
                  <td>
                    <code>{target}</code>
                    {note && <div className="muted">{note}</div>}
                  </td>
                  <td>{types.join(', ')}</td>
                  <td>
                    {enabled ? 'On' : 'Off'}
                    {disabledReason && <div className="webhooks-error">{disabledReason}</div>}
                  </td>
                  <td>
                    <div className="webhooks-actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={`Deliveries of ${target}`}
                        onClick={() => events.logOpened(endpoint.id)}
                      >
                        Deliveries
                      </button>
                      {isAdmin && (
                        <>
                          <button
                            type="button"
                            className="button"
                            aria-label={`${enabled ? 'Turn off' : 'Turn on'} ${target}`}
                            onClick={() => events.updateRequested({ id: endpoint.id, changes: { enabled: !enabled } })}
                          >
                            {enabled ? 'Turn off' : 'Turn on'}
                          </button>
                          <button
                            type="button"
                            className="button"
                            aria-label={`Roll secret of ${target}`}
                            onClick={() => events.rollRequested(endpoint.id)}
                          >
                            Roll secret
                          </button>
                          <button
                            type="button"
                            className="button button-danger"
                            aria-label={`Delete ${target}`}
                            onClick={() => setDeleting(endpoint)}
                          >
                            Delete
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {logEndpoint && (
        <DeliveryLog
          endpoint={logEndpoint}
          deliveries={deliveries}
          loading={logLoading}
          canResend={isAdmin && logEndpoint.attributes.enabled}
          onResend={events.resendRequested}
          onClose={events.logClosed}
        />
      )}

      {deleting && (
        <Dialog
          label={`Delete the webhook ${deleting.attributes.url}?`}
          role="alertdialog"
          onClose={() => setDeleting(null)}
        >
          <h2 className="dialog-header">Delete this webhook?</h2>
          <p>
            <code>{deleting.attributes.url}</code> gets no more events, and its delivery log goes with it.
          </p>
          <DialogActions
            onCancel={() => setDeleting(null)}
            confirmLabel="Delete"
            danger
            cancelAutoFocus
            onConfirm={() => {
              events.deleteRequested(deleting.id);
              setDeleting(null);
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
