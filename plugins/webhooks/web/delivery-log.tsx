import type { WebhookDeliveryResource, WebhookEndpointResource } from '../common/webhooks-contract';

const at = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** One endpoint's deliveries, newest first: what was sent, what came back, when the next try is. */
export function DeliveryLog(props: {
  endpoint: WebhookEndpointResource;
  deliveries: WebhookDeliveryResource[];
  loading: boolean;
  canResend: boolean;
  onResend: (id: string) => void;
  onClose: () => void;
}) {
  const { endpoint, deliveries } = props;
  return (
    <section className="webhooks-log" aria-labelledby="webhooks-log-title">
      <div className="webhooks-log-header">
        <h2 id="webhooks-log-title">Deliveries to {endpoint.attributes.url}</h2>
        <button type="button" className="button" onClick={props.onClose}>
          Close deliveries
        </button>
      </div>
      {props.loading ? (
        <p aria-busy="true" className="muted">
          Loading…
        </p>
      ) : deliveries.length === 0 ? (
        <p className="empty-state">Nothing sent yet: deliveries appear here when a chosen event happens.</p>
      ) : (
        <table className="webhooks-table" aria-labelledby="webhooks-log-title">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempt</th>
              <th scope="col">Response</th>
              <th scope="col">Duration</th>
              <th scope="col">Last try</th>
              <th scope="col">Next try</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map(({ id, attributes: d }) => (
              <tr key={id}>
                <td>
                  <code>{d.eventType}</code>
                </td>
                <td>{d.status}</td>
                <td>
                  {d.attempts} of {d.maxAttempts}
                </td>
                <td>
                  {d.responseStatus ?? '—'}
                  {d.error && <div className="webhooks-error">{d.error}</div>}
                  {d.responseExcerpt && (
                    <details>
                      <summary>Body</summary>
                      <pre>{d.responseExcerpt}</pre>
                    </details>
                  )}
                </td>
                <td>{d.durationMs === null ? '—' : `${d.durationMs} ms`}</td>
                <td>{at(d.lastAttemptAt)}</td>
                <td>{at(d.nextAttemptAt)}</td>
                <td>
                  {props.canResend && d.status !== 'sending' && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Send again: ${d.eventType} ${d.createdAt}`}
                      onClick={() => props.onResend(id)}
                    >
                      Send again
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
