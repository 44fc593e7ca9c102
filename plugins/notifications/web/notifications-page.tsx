import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { TOKENS, useService } from '../../../core';
import { createNotificationsModel } from './notifications-model';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * `/notifications`: my news, newest first, unread ones marked; each a link (a mention opens the
 * editor on its cue) that marks it read; "Mark all read".
 */
export default function NotificationsPage() {
  const api = useService(TOKENS.ApiClient);
  const model = useMemo(() => createNotificationsModel({ api }), [api]);
  const [items, unread, loaded, failed] = useUnit([model.$items, model.$unread, model.$loaded, model.$failed]);
  useEffect(() => void model.opened(), [model]);

  return (
    <section className="page notifications-page">
      <header className="page-header">
        <h1>
          Notifications{' '}
          <span className="muted" data-testid="notifications-unread">
            ({unread} unread)
          </span>
        </h1>
        <button type="button" className="button" disabled={unread === 0} onClick={() => model.allReadPressed()}>
          Mark all read
        </button>
      </header>
      {failed && <p role="alert">{failed}</p>}
      {loaded && items.length === 0 && (
        <div className="empty-state">
          <p>No notifications yet. When someone mentions you in a comment, it shows here.</p>
        </div>
      )}
      <ul className="notifications-list" aria-label="Notifications">
        {items.map((item) => (
          <li key={item.id} data-unread={!item.attributes.readAt} data-testid="notification">
            <Link to={item.attributes.link} onClick={() => model.entryOpened(item)}>
              {!item.attributes.readAt && <span className="visually-hidden">Unread: </span>}
              {!item.attributes.readAt && <span aria-hidden="true">● </span>}
              {item.attributes.title}
            </Link>{' '}
            <span className="muted">{when(item.attributes.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
