import { useUnit } from 'effector-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useLazyModel } from '../../../core';
import { CHANNELS_PAGE } from '../common/channels-contract';
import { channelsModel } from './channels-model-loader';
import './channels.css';

/**
 * Where "Connect a channel" sends the browser for the provider that needs no account: the
 * feed's address is asked for here and posted to the callback with the state the server issued.
 * A wrong address is said in place and can be corrected (the same state stays good).
 */
export function FeedConnectPage() {
  const model = useLazyModel(channelsModel);
  const [params] = useSearchParams();
  const state = params.get('state');
  const [address, setAddress] = useState('');
  // The failure's reason stays under the field (the toast says it too, and goes away).
  const [finishing, feedSubmitted, problem] = useUnit([model.$finishing, model.feedSubmitted, model.$feedProblem]);
  return (
    <section className="page channels-page" aria-labelledby="feed-connect-title">
      <h1 id="feed-connect-title">Connect a feed</h1>
      {state ? (
        <form
          className="feed-connect-form"
          onSubmit={(event) => {
            event.preventDefault();
            feedSubmitted({ state, code: address.trim() });
          }}
        >
          <label htmlFor="feed-address">Feed address</label>
          <input
            id="feed-address"
            type="url"
            required
            autoFocus
            placeholder="https://example.com/podcast.xml"
            value={address}
            aria-invalid={problem ? true : undefined}
            aria-describedby="feed-address-hint"
            onChange={(event) => setAddress(event.target.value)}
          />
          <p id="feed-address-hint" role={problem ? 'alert' : undefined}>
            {problem ??
              'A podcast or media RSS / Atom feed, such as a YouTube channel’s feed (youtube.com/feeds/videos.xml?channel_id=…).'}
          </p>
          <div className="dialog-actions">
            <Link className="button" to={CHANNELS_PAGE}>
              Cancel
            </Link>
            <button type="submit" className="button button-primary" disabled={finishing} aria-busy={finishing}>
              Connect
            </button>
          </div>
        </form>
      ) : (
        <p className="empty-state">
          This page is opened by “Connect a channel”. <Link to={CHANNELS_PAGE}>Go to external channels</Link>
        </p>
      )}
    </section>
  );
}
