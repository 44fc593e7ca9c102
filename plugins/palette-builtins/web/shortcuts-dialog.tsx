import { TOKENS, useService } from '../../../core';
import { Dialog } from '../../../core/ui/dialog';

/** Every command that has a keyboard shortcut, grouped as in the palette. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const registry = useService(TOKENS.PluginRegistry);
  const keyboard = useService(TOKENS.KeyboardShortcuts);
  const rows = [
    { id: 'palette.open', title: 'Open the command palette', group: 'General', shortcut: 'mod+k' },
    ...registry.commands().filter((c) => c.shortcut),
  ];
  const groups = [...new Set(rows.map((r) => r.group))];
  return (
    <Dialog label="Keyboard shortcuts" onClose={onClose} className="shortcuts-dialog">
      <header className="dialog-header">
        <h2>Keyboard shortcuts</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {groups.map((group) => (
        <section key={group} className="shortcuts-group">
          <h3>{group}</h3>
          <dl>
            {rows
              .filter((r) => r.group === group)
              .map((r) => (
                <div key={r.id} className="shortcut-row">
                  <dt>{r.title}</dt>
                  <dd>
                    <kbd>{keyboard.format(r.shortcut!)}</kbd>
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
