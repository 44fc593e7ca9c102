import { useUnit } from 'effector-react';
import { Dialog } from '../../../core/ui';
import type { ChannelsModel } from './channels-model';

/** "Connect a channel": the providers this server offers, each with what it needs. */
export function ConnectChannelDialog({ model, onClose }: { model: ChannelsModel; onClose: () => void }) {
  const [providers, connecting, connectRequested] = useUnit([
    model.$providers,
    model.$connecting,
    model.connectRequested,
  ]);
  return (
    <Dialog label="Connect a channel" onClose={onClose} className="channels-dialog">
      <h2>Connect a channel</h2>
      <ul className="channel-providers">
        {providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className="button"
              disabled={connecting}
              aria-busy={connecting}
              onClick={() => connectRequested(provider.id)}
            >
              {provider.name}
            </button>
            <span>{provider.description}</span>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** Removing asks first: the channel's list goes; the projects imported from it stay. */
export function RemoveChannelDialog({
  name,
  onConfirm,
  onClose,
}: {
  name: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog label={`Remove ${name}`} onClose={onClose} className="channels-dialog">
      <h2>Remove “{name}”?</h2>
      <p>Its videos are no longer listed here. Projects already imported from it stay.</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          Remove
        </button>
      </div>
    </Dialog>
  );
}
