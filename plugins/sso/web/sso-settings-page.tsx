import { useUnit } from 'effector-react';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { TOKENS, useLazyModel, useService } from '../../../core';
import type { SsoDefaultRole, SsoSettingsAttributes } from '../common/sso-contract';
import { ssoModel } from './sso-model-loader';
import './sso.css';

interface Draft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  defaultRole: SsoDefaultRole;
  requireSso: boolean;
}

const draftOf = (s: SsoSettingsAttributes): Draft => ({
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: '',
  domains: s.domains.join('\n'),
  defaultRole: s.defaultRole,
  requireSso: s.requireSso,
});

/** `/account/sso` (where the SSO admin portal opens): the account's identity provider, for its admins. */
export default function SsoSettingsPage() {
  const app = useService(TOKENS.AppModel);
  const model = useLazyModel(ssoModel);
  const [accountId, isAdmin, settings, loadError, fieldError, saving, removing, opened, submitted, remove] = useUnit([
    app.$currentAccountId,
    app.$isAccountAdmin,
    model.$settings,
    model.$loadError,
    model.$fieldError,
    model.$saving,
    model.$removing,
    model.settingsOpened,
    model.settingsSubmitted,
    model.removeRequested,
  ]);
  const [check, checking, checkRequested] = useUnit([model.$check, model.$checking, model.checkRequested]);
  const [verification, verifying, verifyRequested] = useUnit([
    model.$verification,
    model.$verifying,
    model.verifyRequested,
  ]);
  const [draft, setDraft] = useState<Draft | null>(null);
  // Removing asks once more, in place.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (accountId && isAdmin) opened(accountId);
  }, [accountId, isAdmin, opened]);
  useEffect(() => {
    if (settings) setDraft(draftOf(settings));
    setConfirming(false);
  }, [settings]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !accountId) return;
    submitted({
      accountId,
      issuer: draft.issuer.trim(),
      clientId: draft.clientId.trim(),
      ...(draft.clientSecret.trim() ? { clientSecret: draft.clientSecret.trim() } : {}),
      domains: draft.domains.split(/[\s,]+/).filter(Boolean),
      defaultRole: draft.defaultRole,
      requireSso: draft.requireSso,
    });
  };
  const field = (name: keyof Draft, label: string, input: ReactElement, hint?: string) => (
    <div className="sso-field">
      <label htmlFor={`sso-${name}`}>{label}</label>
      {input}
      {hint && <p className="sso-hint">{hint}</p>}
      {errorOf(name) && (
        <p className="sso-error" id={`sso-${name}-error`} role="alert">
          {errorOf(name)}
        </p>
      )}
    </div>
  );
  const described = (name: keyof Draft) =>
    errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': `sso-${name}-error` } : {};

  return (
    <section className="page" aria-labelledby="sso-settings-title">
      <header className="page-header">
        <h1 id="sso-settings-title">Single sign-on</h1>
      </header>
      {!isAdmin ? (
        <p>Only account admins can see and change single sign-on.</p>
      ) : loadError ? (
        <p role="alert">{loadError}</p>
      ) : !draft || !settings ? (
        <p aria-busy="true" className="muted">
          Loading…
        </p>
      ) : (
        <form className="sso-settings-form" aria-label="Single sign-on settings" onSubmit={onSubmit}>
          {!settings.configured && <p className="sso-hint">Single sign-on is not set up for this account yet.</p>}
          <p className="sso-hint">
            Register this redirect URI at your identity provider:{' '}
            <span className="sso-redirect">{settings.redirectUri}</span>
          </p>
          {field(
            'issuer',
            'Issuer',
            <input
              id="sso-issuer"
              type="url"
              required
              value={draft.issuer}
              onChange={(e) => set('issuer', e.target.value)}
              {...described('issuer')}
            />,
            'The provider\u2019s issuer URL, e.g. https://login.example.com',
          )}
          {field(
            'clientId',
            'Client ID',
            <input
              id="sso-clientId"
              type="text"
              required
              value={draft.clientId}
              onChange={(e) => set('clientId', e.target.value)}
              {...described('clientId')}
            />,
          )}
          {field(
            'clientSecret',
            'Client secret',
            <input
              id="sso-clientSecret"
              type="password"
              autoComplete="off"
              required={!settings.hasClientSecret}
              value={draft.clientSecret}
              onChange={(e) => set('clientSecret', e.target.value)}
              {...described('clientSecret')}
            />,
            settings.hasClientSecret ? 'A secret is stored; leave empty to keep it.' : undefined,
          )}
          {field(
            'domains',
            'E-mail domains',
            <textarea
              id="sso-domains"
              rows={3}
              required
              value={draft.domains}
              onChange={(e) => set('domains', e.target.value)}
              {...described('domains')}
            />,
            'One per line, e.g. example.com',
          )}
          {field(
            'defaultRole',
            'Role of people joining',
            <select
              id="sso-defaultRole"
              value={draft.defaultRole}
              onChange={(e) => set('defaultRole', e.target.value as SsoDefaultRole)}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>,
          )}
          <label className="sso-check">
            <input type="checkbox" checked={draft.requireSso} onChange={(e) => set('requireSso', e.target.checked)} />
            Require SSO for these domains (members cannot log in with a password, once a domain is verified)
          </label>
          <div className="sso-actions">
            <button type="submit" className="button primary" disabled={saving || removing}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            {settings.configured && accountId && (
              <button
                type="button"
                className="button"
                disabled={saving || removing || checking}
                onClick={() => checkRequested(accountId)}
              >
                {checking ? 'Testing…' : 'Test connection'}
              </button>
            )}
            {settings.configured && !confirming && (
              <button
                type="button"
                className="button"
                disabled={saving || removing}
                onClick={() => setConfirming(true)}
              >
                Remove single sign-on
              </button>
            )}
          </div>
          {/* The saved settings tried, as a sign-in would read them. */}
          <p role="status" className={check ? (check.ok ? 'sso-hint' : 'sso-error') : undefined}>
            {check?.message ?? ''}
          </p>
          {settings.configured && accountId && (
            <section className="sso-ownership" aria-labelledby="sso-ownership-title">
              <h2 id="sso-ownership-title">Domain ownership</h2>
              <p className="sso-hint">
                People of a domain are sent to your identity provider only once you prove the domain is yours: add this
                TXT record to each domain&rsquo;s DNS, then verify. Until then they log in with their password.
              </p>
              <p>
                <code className="sso-redirect" aria-label="TXT record">
                  {settings.verificationRecord}
                </code>
              </p>
              <ul className="sso-domain-list" aria-label="Domains">
                {settings.domainStatus.map(({ domain, verified }) => (
                  <li key={domain}>
                    <span className="sso-domain">{domain}</span>{' '}
                    <span className={verified ? 'sso-verified' : 'sso-unverified'}>
                      {verified ? 'Verified' : 'Not verified'}
                    </span>
                    {verification[domain] && !verified && <span className="sso-hint"> — {verification[domain]}</span>}
                  </li>
                ))}
              </ul>
              {settings.domainStatus.some((d) => !d.verified) && (
                <button
                  type="button"
                  className="button"
                  disabled={verifying || saving || removing}
                  onClick={() => verifyRequested(accountId)}
                >
                  {verifying ? 'Verifying…' : 'Verify domains'}
                </button>
              )}
            </section>
          )}
          {confirming && accountId && (
            <div role="group" aria-label="Remove single sign-on?" className="sso-actions">
              <p>People of these domains will log in with a password again. Remove single sign-on?</p>
              <button
                type="button"
                className="button danger"
                autoFocus
                disabled={removing}
                onClick={() => remove(accountId)}
              >
                Remove
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
