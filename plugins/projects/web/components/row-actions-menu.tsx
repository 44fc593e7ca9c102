import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ProjectVersionResource } from '../../common/projects-contract';
import type { ProjectsRowAction } from '../extension-points';

export interface RowMenuState {
  row: ProjectVersionResource;
  at: { x: number; y: number };
}

/**
 * A row's menu: "Open" and what other plugins contribute (`rowActions`). A WAI-ARIA menu: the
 * first item takes focus, arrows move, Enter runs, Escape or a click elsewhere closes it and
 * focus goes back to the grid (`onClose`).
 */
export function RowActionsMenu({
  state,
  actions,
  onClose,
}: {
  state: RowMenuState;
  actions: ProjectsRowAction[];
  onClose: () => void;
}) {
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    items()[0]?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [state, onClose]);

  const run = (action: ProjectsRowAction) => {
    onClose();
    action.run(state.row);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <ul
      ref={menu}
      role="menu"
      aria-label={`Actions for ${state.row.attributes.title}`}
      className="row-actions-menu"
      style={{
        left: Math.min(state.at.x, window.innerWidth - 240),
        top: Math.min(state.at.y, window.innerHeight - 40 * (actions.length + 1)),
      }}
      onKeyDown={onKeyDown}
    >
      {actions.map((action) => (
        <li
          key={action.id}
          role="menuitem"
          tabIndex={-1}
          onClick={() => run(action)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              run(action);
            }
          }}
        >
          {action.title}
        </li>
      ))}
    </ul>
  );
}
