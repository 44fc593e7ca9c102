import { useUnit } from 'effector-react';
import type { AlertBannerModel } from './alert-banner-model';

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
