import { useUnit } from 'effector-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOKENS, useLazyModel, useService } from '../../../core';
import { Dialog, DialogActions } from '../../../core/ui/dialog';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiTokenResource,
  type ApiTokenScope,
} from '../common/api-tokens-contract';
import { apiTokensModel } from './api-tokens-model-loader';
import { CreatedTokenPanel } from './created-token-panel';
import './api-tokens.css';

const when = (iso: string | null, never: string) => (iso ? new Date(iso).toLocaleString() : never);

/**
 * `/account/api_tokens`: the person's API tokens in the current account: make one (shown once),
 * see each one's scope, workspace, expiry and last use, revoke one. `?new=1` (the palette's
 * "Create API token") puts the cursor in the name field.
 */
export default function ApiTokensPage() {
  const app = useService(TOKENS.AppModel);
  const model = useLazyModel(apiTokensModel);
  const [accountId, isAdmin, workspaces] = useUnit([app.$currentAccountId, app.$isAccountAdmin, app.$workspaces]);
  const [tokens, loaded, loadError, fieldError, created, creating] = useUnit([
    model.$tokens,
    model.$loaded,
    model.$loadError,
    model.$fieldError,
    model.$created,
    model.$creating,
  ]);
  const [opened, createRequested, revokeRequested, createdDismissed] = useUnit([
    model.opened,
    model.createRequested,
    model.revokeRequested,
    model.createdDismissed,
  ]);
  const [search] = useSearchParams();
  const nameInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [workspaceId, setWorkspaceId] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [revoking, setRevoking] = useState<ApiTokenResource | null>(null);

  useEffect(() => {
    if (accountId) opened(accountId);
  }, [accountId, opened]);
  useEffect(() => {
    if (search.get('new')) nameInput.current?.focus();
  }, [search]);
  useEffect(() => {
    if (created) setName('');
  }, [created]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!accountId) return;
    createRequested({
      accountId,
      name: name.trim(),
      scope,
      workspaceId: workspaceId || null,
      expiresInDays: expiry === 'never' ? null : Number(expiry),
    });
  };
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  const scopes = API_TOKEN_SCOPES.filter((s) => s !== 'admin' || isAdmin);

  return (
    <section className="page api-tokens" aria-labelledby="api-tokens-title">
      <header className="page-header">
        <h1 id="api-tokens-title">API tokens</h1>
      </header>
      <p className="muted">
        Your scripts call the <a href="/api/docs">Polycue API</a> with <code>Authorization: Bearer &lt;token&gt;</code>,
        as you, in this account only (its id, which API calls name: <code>{accountId}</code>). Tokens are yours: nobody
        else sees them.
      </p>

      {created && <CreatedTokenPanel created={created} onDone={createdDismissed} />}

      <form className="api-tokens-form" aria-label="New API token" onSubmit={onSubmit}>
        <div className="api-tokens-field">
          <label htmlFor="api-token-name">Name</label>
          <input
            id="api-token-name"
            ref={nameInput}
            type="text"
            required
            maxLength={100}
            value={name}
            placeholder="e.g. Nightly export script"
            onChange={(e) => setName(e.target.value)}
            {...(errorOf('name') ? { 'aria-invalid': true, 'aria-describedby': 'api-token-name-error' } : {})}
          />
          {errorOf('name') && (
            <p id="api-token-name-error" className="api-tokens-error" role="alert">
              {errorOf('name')}
            </p>
          )}
        </div>
        <div className="api-tokens-field">
          <label htmlFor="api-token-scope">Scope</label>
          <select id="api-token-scope" value={scope} onChange={(e) => setScope(e.target.value as ApiTokenScope)}>
            {scopes.map((s) => (
              <option key={s} value={s}>
                {API_TOKEN_SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="api-tokens-field">
          <label htmlFor="api-token-workspace">Workspace</label>
          <select id="api-token-workspace" value={workspaceId} onChange={(e) => setWorkspaceId(e.target.value)}>
            <option value="">Every workspace I can open</option>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.attributes.name}
              </option>
            ))}
          </select>
          {errorOf('workspaceId') && (
            <p className="api-tokens-error" role="alert">
              {errorOf('workspaceId')}
            </p>
          )}
        </div>
        <div className="api-tokens-field">
          <label htmlFor="api-token-expiry">Expires</label>
          <select id="api-token-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {API_TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                in {days} days
              </option>
            ))}
            <option value="never">never</option>
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={creating || !accountId}>
          Create token
        </button>
      </form>

      <h2 id="api-tokens-list-title">Your tokens</h2>
      {loadError ? (
        <p role="alert">{loadError}</p>
      ) : !loaded ? (
        <p aria-busy="true" className="muted">
          Loading…
        </p>
      ) : tokens.length === 0 ? (
        <p className="empty-state">No API tokens in this account yet.</p>
      ) : (
        <table className="api-tokens-table" aria-labelledby="api-tokens-list-title">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Token</th>
              <th scope="col">Scope</th>
              <th scope="col">Workspace</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.attributes.name}</td>
                <td>
                  <code>{token.attributes.prefix}…</code>
                </td>
                <td>{token.attributes.scope}</td>
                <td>{token.attributes.workspaceName ?? 'Every workspace'}</td>
                <td>{when(token.attributes.expiresAt, 'never')}</td>
                <td>{when(token.attributes.lastUsedAt, 'never used')}</td>
                <td>
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Revoke ${token.attributes.name}`}
                    onClick={() => setRevoking(token)}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {revoking && (
        <Dialog label={`Revoke ${revoking.attributes.name}?`} role="alertdialog" onClose={() => setRevoking(null)}>
          <h2 className="dialog-header">Revoke “{revoking.attributes.name}”?</h2>
          <p>Scripts using it get 401 from their next call. This cannot be undone.</p>
          <DialogActions
            onCancel={() => setRevoking(null)}
            confirmLabel="Revoke"
            danger
            cancelAutoFocus
            onConfirm={() => {
              revokeRequested(revoking.id);
              setRevoking(null);
            }}
          />
        </Dialog>
      )}
    </section>
  );
}
