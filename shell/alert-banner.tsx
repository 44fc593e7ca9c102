import { useEffect } from 'react';
import { useUnit } from 'effector-react';
import { TOKENS } from '../core';
import { ALERT_POLL_MS, createAlertBannerModel, type AlertBannerModel } from './alert-banner-model';
import { useShell, type Shell } from './shell-context';

/** Shown on top of app pages while the user has a relevant alert they have not dismissed. */
export function AlertBanner({ model }: { model: AlertBannerModel }) {
  const [alert, dismiss] = useUnit([model.$alert, model.dismissClicked]);
  if (!alert) return null;
  const external = alert.linkUrl ? /^https?:\/\//.test(alert.linkUrl) : false;
  return (
    <div className="alert-banner" role="region" aria-label="Announcement">
      <p className="alert-banner-message">
        {alert.message}
        {alert.linkUrl && (
          <>
            {' '}
            <a href={alert.linkUrl} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {alert.linkLabel || alert.linkUrl}
            </a>
          </>
        )}
      </p>
      <button type="button" className="icon-button" aria-label="Dismiss alert" onClick={() => dismiss(alert.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

// One model per running app (the layout may mount again); kept here so it stays out of the first chunk.
const models = new WeakMap<Shell['container'], AlertBannerModel>();

function modelOf({ container, app, toast }: Shell): AlertBannerModel {
  let model = models.get(container);
  if (!model)
    models.set(container, (model = createAlertBannerModel({ api: container.get(TOKENS.ApiClient), toast, app })));
  return model;
}

/**
 * The banner as the app layout draws it (a lazy chunk: not needed for the first paint). While it
 * is mounted the page asks for its alert every ALERT_POLL_MS, and at once when the tab is shown
 * again; a hidden tab does not ask.
 */
export default function PolledAlertBanner() {
  const shell = useShell();
  const model = modelOf(shell);
  const poll = useUnit(model.pollRequested);
  useEffect(() => {
    const polling = shell.container.get(TOKENS.PollingService);
    const pollIfVisible = () => {
      if (document.visibilityState !== 'hidden') poll();
    };
    polling.start({ id: 'shell.alertBanner', intervalMs: ALERT_POLL_MS, run: pollIfVisible });
    document.addEventListener('visibilitychange', pollIfVisible);
    return () => {
      polling.stop('shell.alertBanner');
      document.removeEventListener('visibilitychange', pollIfVisible);
    };
  }, [shell.container, poll]);
  return <AlertBanner model={model} />;
}
