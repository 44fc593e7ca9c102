import { useUnit } from 'effector-react';
import type { ChannelsModel } from './channels-model';
import { formatDuration } from '../../../core/common/duration';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const duration = (ms: number | null) => (ms === null ? '' : formatDuration(ms / 1000));

/**
 * The chosen channel's videos (or every channel's), 10 a page (docs/product-contract.md#constants-and-limits), each with a checkbox;
 * the header checkbox takes the whole page. Checked videos stay checked across pages until they
 * are imported.
 */
export function ChannelVideos({ model, channelName }: { model: ChannelsModel; channelName: string }) {
  const [videos, checked, page, pages, count, loading, importing] = useUnit([
    model.$videos,
    model.$checked,
    model.$page,
    model.$pages,
    model.$count,
    model.$loadingVideos,
    model.$importing,
  ]);
  const [videoToggled, pageVideosToggled, pageChanged, importSubmitted] = useUnit([
    model.videoToggled,
    model.pageVideosToggled,
    model.pageChanged,
    model.importSubmitted,
  ]);
  const allOnPage = videos.length > 0 && videos.every((v) => checked.includes(v.attributes.url));
  return (
    <section className="channel-videos" aria-labelledby="channel-videos-title" aria-busy={loading}>
      <div className="channel-videos-header">
        <h2 id="channel-videos-title">{channelName}</h2>
        <button
          type="button"
          className="button button-primary"
          disabled={checked.length === 0 || importing}
          aria-busy={importing}
          onClick={() => importSubmitted()}
        >
          Import selected{checked.length > 0 ? ` (${checked.length})` : ''}
        </button>
      </div>
      {count === 0 && !loading ? (
        <p className="empty-state">No videos in this channel yet. Reload it when new ones are published.</p>
      ) : (
        <table className="channel-videos-table">
          <thead>
            <tr>
              <th scope="col" className="channel-check">
                <input
                  type="checkbox"
                  aria-label="Select the videos of this page"
                  checked={allOnPage}
                  onChange={() => pageVideosToggled()}
                />
              </th>
              <th scope="col">Title</th>
              <th scope="col">Published</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            {videos.map((video) => (
              <tr key={video.id}>
                <td className="channel-check">
                  <input
                    type="checkbox"
                    aria-label={video.attributes.title}
                    checked={checked.includes(video.attributes.url)}
                    onChange={() => videoToggled(video.attributes.url)}
                  />
                </td>
                <td>{video.attributes.title}</td>
                <td>{video.attributes.publishedAt ? dateFormat.format(new Date(video.attributes.publishedAt)) : ''}</td>
                <td>{duration(video.attributes.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="channel-pager" aria-label="Pages of videos">
        <button type="button" className="button" disabled={page <= 1 || loading} onClick={() => pageChanged(page - 1)}>
          Previous
        </button>
        <span aria-live="polite">
          Page {page} of {pages} · {count} {count === 1 ? 'video' : 'videos'}
        </span>
        <button
          type="button"
          className="button"
          disabled={page >= pages || loading}
          onClick={() => pageChanged(page + 1)}
        >
          Next
        </button>
      </nav>
    </section>
  );
}
