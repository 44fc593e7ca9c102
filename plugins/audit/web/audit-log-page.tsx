import { useUnit } from 'effector-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { TOKENS, useLazyModel, useService } from '../../../core';
import { DataTable, dataTableColumnHelper } from '../../../core/ui';
import { AUDIT_ACTION_LABELS, type AuditEntryResource, type AuditFilters } from '../common/audit-contract';
import { exportUrl } from './audit-log-model';
import { auditLogModel } from './audit-log-model-loader';
import './audit.css';

const col = dataTableColumnHelper<AuditEntryResource>();

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
const when = (iso: string) => new Date(iso).toLocaleString();
/** `{ before: { role: 'member' }, after: { role: 'admin' } }` -> `role: member → admin`. */
function changesText(changes: AuditEntryResource['attributes']['changes']): string {
  if (!changes) return '';
  const keys = [...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})])];
  const show = (value: unknown) =>
    value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value);
  return keys
    .map((key) => {
      const before = changes.before?.[key];
      const after = changes.after?.[key];
      if (changes.before && changes.after) return `${key}: ${show(before)} → ${show(after)}`;
      return `${key}: ${show(changes.after ? after : before)}`;
    })
    .join('; ');
}

const COLUMNS = [
  col.accessor((row) => row.attributes.occurredAt, { id: 'when', header: 'When', cell: (c) => when(c.getValue()) }),
  col.accessor((row) => actionLabel(row.attributes.action), { id: 'action', header: 'Action' }),
  col.accessor(
    (row) => row.attributes.actorEmail ?? (row.attributes.actorUserId ? `user ${row.attributes.actorUserId}` : '—'),
    {
      id: 'actor',
      header: 'Actor',
    },
  ),
  col.accessor(
    (row) => (row.attributes.targetType ? `${row.attributes.targetType} ${row.attributes.targetId ?? ''}`.trim() : ''),
    { id: 'target', header: 'Target' },
  ),
  col.accessor((row) => changesText(row.attributes.changes), { id: 'changes', header: 'Change' }),
  col.accessor((row) => row.attributes.ip ?? '', { id: 'ip', header: 'IP address' }),
  col.accessor((row) => row.attributes.userAgent ?? '', {
    id: 'browser',
    header: 'Browser',
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
];

/** `/account/audit_log`: who did what in the account, newest first, for its admins; filters and export. */
export default function AuditLogPage() {
  const app = useService(TOKENS.AppModel);
  const model = useLazyModel(auditLogModel);
  const [accountId, isAdmin, entries, hasMore, loading, loadError, filters] = useUnit([
    app.$currentAccountId,
    app.$isAccountAdmin,
    model.$entries,
    model.$hasMore,
    model.$loading,
    model.$loadError,
    model.$filters,
  ]);
  const [opened, filtersChanged, endReached] = useUnit([model.opened, model.filtersChanged, model.endReached]);
  const [draft, setDraft] = useState<AuditFilters>({});
  useEffect(() => {
    if (accountId && isAdmin) opened(accountId);
    setDraft({});
  }, [accountId, isAdmin, opened]);
  const actions = useMemo(() => Object.entries(AUDIT_ACTION_LABELS), []);

  const set = (key: keyof AuditFilters, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    filtersChanged(draft);
  };
  const clear = () => {
    setDraft({});
    filtersChanged({});
  };

  return (
    <section className="page" aria-labelledby="audit-log-title">
      <header className="page-header">
        <h1 id="audit-log-title">Audit log</h1>
        {isAdmin && accountId && (
          <div className="audit-exports">
            <a className="button" href={exportUrl(accountId, 'csv', filters)} download>
              Export CSV
            </a>
            <a className="button" href={exportUrl(accountId, 'json', filters)} download>
              Export JSON
            </a>
          </div>
        )}
      </header>
      {!isAdmin ? (
        <p>Only account admins can see the audit log.</p>
      ) : (
        <>
          <form className="audit-filters" aria-label="Filter the audit log" onSubmit={onSubmit}>
            <label>
              Actor
              <input
                type="search"
                placeholder="E-mail or user id"
                value={draft.actor ?? ''}
                onChange={(e) => set('actor', e.target.value)}
              />
            </label>
            <label>
              Action
              <select value={draft.action ?? ''} onChange={(e) => set('action', e.target.value)}>
                <option value="">Any action</option>
                {actions.map(([action, label]) => (
                  <option key={action} value={action}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              From
              <input type="date" value={draft.from ?? ''} onChange={(e) => set('from', e.target.value)} />
            </label>
            <label>
              To
              <input type="date" value={draft.to ?? ''} onChange={(e) => set('to', e.target.value)} />
            </label>
            <button type="submit" className="button button-primary">
              Filter
            </button>
            <button type="button" className="button" onClick={clear}>
              Clear
            </button>
          </form>
          {loadError && <p role="alert">{loadError}</p>}
          <div className="audit-table">
            <DataTable
              label="Audit log"
              rows={entries}
              columns={COLUMNS}
              getRowId={(row) => row.id}
              getRowLabel={(row) => `${actionLabel(row.attributes.action)} ${when(row.attributes.occurredAt)}`}
              onEndReached={endReached}
              hasMore={hasMore}
              loading={loading}
              emptyState={Object.keys(filters).length ? 'No entry matches these filters' : 'Nothing recorded yet'}
            />
          </div>
        </>
      )}
    </section>
  );
}
