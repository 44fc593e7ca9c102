import { useUnit } from 'effector-react';
import { useState } from 'react';
import { SHELL_CHROME, TOKENS, type ApiError, type Container } from '../../../core';
import { Dialog } from '../../../core/ui';
import { PAID_PLAN_IDS, planById } from '../common/billing-contract';
import { switchPlan } from './billing-commands';

interface UpgradeProps {
  onClose(): void;
  container: Container;
  message: string;
  voiceCloning: boolean;
}

/**
 * Spec's "voice cloning upgrade" popup, and the same for every plan limit a set-up meets: the
 * server's reason (which limit, which plan lifts it), then the paid plans. Choosing one
 * subscribes (checkout) or changes the plan; the set-up is then made again, now within the plan.
 */
function UpgradeDialog({ onClose, container, message, voiceCloning }: UpgradeProps) {
  const accountId = useUnit(container.get(TOKENS.AppModel).$currentAccountId);
  const isAdmin = useUnit(container.get(TOKENS.AppModel).$isAccountAdmin);
  const [busy, setBusy] = useState(false);
  const choose = async (plan: (typeof PAID_PLAN_IDS)[number]) => {
    setBusy(true);
    await switchPlan(container, accountId, plan);
    setBusy(false);
    onClose();
  };
  const title = voiceCloning ? 'Voice cloning upgrade' : 'Upgrade your plan';
  return (
    <Dialog label={title} onClose={onClose} className="billing-upgrade">
      <h2>{title}</h2>
      <p role="alert">{message}</p>
      {isAdmin ? (
        <ul className="billing-upgrade-plans">
          {PAID_PLAN_IDS.map((id) => {
            const plan = planById(id);
            return (
              <li key={id}>
                <button type="button" className="button button-primary" disabled={busy} onClick={() => void choose(id)}>
                  Choose {plan.name} · {plan.priceLabel}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>Ask an admin of this account to change its plan.</p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
      </div>
    </Dialog>
  );
}

/** Opens the popup through the shell (its code is this chunk, loaded when a set-up is refused). */
export function openUpgrade(container: Container, error: ApiError): void {
  const props = { container, message: error.message, voiceCloning: error.field === 'settings.voiceCloning' };
  container.get(SHELL_CHROME).openDialog(async () => ({
    default: ({ onClose }: { onClose: () => void }) => <UpgradeDialog {...props} onClose={onClose} />,
  }));
}
