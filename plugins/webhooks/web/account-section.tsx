import { Link } from 'react-router-dom';
import { WEBHOOKS_PAGE } from '../common/webhooks-contract';

/** The account settings' "Webhooks" section: the way to the current workspace's webhooks. */
export default function WebhooksAccountSection() {
  return (
    <div>
      <p className="muted">
        Send this workspace's events (processing finished, exports ready, …) to your own systems, signed.
      </p>
      <Link className="button" to={WEBHOOKS_PAGE}>
        Manage webhooks
      </Link>
    </div>
  );
}
