import { useMemo } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { buildWhenContext, useShell } from '../shell-context';
import { isVisible } from '../palette/palette-sections';
import { ContextSwitchers } from './context-switchers';
import { UserArea } from './user-area';

/** The sidebar; the persistent logo lives here, so it exists exactly when the sidebar does. */
export function Sidebar() {
  const { app, registry, keyboard, palette, contextKeys } = useShell();
  const keys = useUnit(contextKeys.$keys);
  const { pathname } = useLocation();
  const [user, accountId, workspaceId, isAccountAdmin, openPalette] = useUnit([
    app.$user,
    app.$currentAccountId,
    app.$currentWorkspaceId,
    app.$isAccountAdmin,
    palette.opened,
  ]);
  const when = useMemo(
    () => buildWhenContext({ user, accountId, workspaceId, isAccountAdmin }, pathname, keys),
    [keys, user, accountId, workspaceId, isAccountAdmin, pathname],
  );
  const items = registry.nav().filter((item) => isVisible(item, when));

  return (
    <aside className="sidebar" aria-label="Sidebar">
      {/* Named by its visible text (WCAG 2.5.3), with where it goes after it. */}
      <NavLink to="/" className="logo" aria-label="Polycue, home">
        <span className="logo-mark" aria-hidden="true">
          P
        </span>
        Polycue
      </NavLink>
      {user && <ContextSwitchers />}
      <button type="button" className="palette-trigger" onClick={() => openPalette()}>
        <span className="palette-trigger-label">Search commands…</span>
        <kbd>{keyboard.format('mod+k')}</kbd>
      </button>
      <nav aria-label="Main">
        <ul className="nav-list">
          {items.map((item) => (
            <li key={item.id}>
              <NavLink to={item.path} end={item.path === '/'} className="nav-item">
                <span className="nav-icon" aria-hidden="true">
                  {item.icon ?? '•'}
                </span>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <UserArea />
    </aside>
  );
}
