import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLazyModel } from '../../../core';
import type { ChannelResource } from '../common/channels-contract';
import { ChannelVideos } from './channel-videos';
import { channelsModel } from './channels-model-loader';
import { ConnectChannelDialog, RemoveChannelDialog } from './connect-channel-dialog';
import './channels.css';

const stateText = (channel: ChannelResource) =>
  channel.attributes.state === 'reloading'
    ? 'Reloading…'
    : channel.attributes.state === 'failed'
      ? `Last reload failed: ${channel.attributes.lastError ?? ''}`
      : '';

/**
 * `/external_channels`: the workspace's channels (all, or one chosen), their videos with paging
 * and checkboxes, Import selected, Reload, Remove, and "Connect a channel" (also `?connect=1`,
 * which the palette opens). Back from a provider, `?connected` / `?connectError` are said once and
 * taken out of the address.
 */
export default function ChannelsPage() {
  const model = useLazyModel(channelsModel);
  const [channels, loaded, channelId] = useUnit([model.$channels, model.$channelsLoaded, model.$channelId]);
  const [pageOpened, channelChosen, reloadRequested, removeRequested, returnedFromProvider] = useUnit([
    model.pageOpened,
    model.channelChosen,
    model.reloadRequested,
    model.removeRequested,
    model.returnedFromProvider,
  ]);
  const [params, setParams] = useSearchParams();
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState<ChannelResource | null>(null);

  useEffect(() => {
    pageOpened();
  }, [pageOpened]);
  useEffect(() => {
    const connected = params.get('connected');
    const error = params.get('connectError');
    if (params.get('connect')) setConnecting(true);
    if (connected || error) returnedFromProvider({ connected, error });
    if (connected || error || params.get('connect')) setParams({}, { replace: true });
  }, [params, setParams, returnedFromProvider]);

  const chosen = channels.find((c) => c.id === channelId) ?? null;
  return (
    <section className="page channels-page" aria-labelledby="channels-title">
      <div className="page-header">
        <h1 id="channels-title">External channels</h1>
        <button type="button" className="button button-primary" onClick={() => setConnecting(true)}>
          Connect a channel
        </button>
      </div>
      {loaded && channels.length === 0 ? (
        <div className="empty-state">
          <p>No external channels yet.</p>
          <p>Connect a podcast or video feed, or your YouTube channel, then import its videos as projects.</p>
        </div>
      ) : (
        <div className="channels-layout">
          <nav aria-label="Channels">
            <ul className="channels-list">
              <li>
                <button
                  type="button"
                  className="channel-choice"
                  aria-current={channelId === null ? 'true' : undefined}
                  onClick={() => channelChosen(null)}
                >
                  All channels
                </button>
              </li>
              {channels.map((channel) => (
                <li key={channel.id} className="channel-item">
                  <button
                    type="button"
                    className="channel-choice"
                    aria-current={channel.id === channelId ? 'true' : undefined}
                    onClick={() => channelChosen(channel.id)}
                  >
                    <span className="channel-name">{channel.attributes.name}</span>
                    <span className="channel-meta">
                      {channel.attributes.provider === 'youtube' ? 'YouTube' : 'Feed'} ·{' '}
                      {channel.attributes.videosCount} videos
                    </span>
                    {stateText(channel) && <span className="channel-state">{stateText(channel)}</span>}
                  </button>
                  <div className="channel-actions">
                    <button
                      type="button"
                      className="button"
                      aria-label={`Reload ${channel.attributes.name}`}
                      disabled={channel.attributes.state === 'reloading'}
                      onClick={() => reloadRequested(channel.id)}
                    >
                      Reload
                    </button>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Remove ${channel.attributes.name}`}
                      onClick={() => setRemoving(channel)}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </nav>
          <ChannelVideos model={model} channelName={chosen ? chosen.attributes.name : 'All channels'} />
        </div>
      )}
      {connecting && <ConnectChannelDialog model={model} onClose={() => setConnecting(false)} />}
      {removing && (
        <RemoveChannelDialog
          name={removing.attributes.name}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            removeRequested(removing.id);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

// The connect form of the no-account provider rides in this chunk: one lazy file name fewer in the initial JavaScript.
export { FeedConnectPage } from './feed-connect-page';
