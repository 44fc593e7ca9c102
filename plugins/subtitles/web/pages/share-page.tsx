import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { normaliseError, TOKENS, useService } from '../../../../core';
// Not through core/ui's index: the public share page has no table, so none of its code or styles.
import { useVideoProblem, VideoProblemNote } from '../../../../core/ui/video-problem';
import { readVtt, type Cue } from '../../common/formats';
import { SUBTITLES_PATHS, type SharedSubtitleResponse } from '../../common/subtitles-contract';
import { formatCueTime } from '../components/cue-time';
import '../components/subtitles.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'ready'; shared: SharedSubtitleResponse['data']; cues: Cue[] };

/**
 * `/share/:token` (public, bare layout): the video with the subtitle as its default text track,
 * and the cues beside it; choosing a cue seeks the video there. Read-only; a revoked or unknown
 * link shows only that it does not work. A video the browser cannot play says why in its place
 * (core/ui/video-problem.tsx), with "Try again" while its browser copy is being made.
 */
export default function SharePage() {
  const { token = '' } = useParams();
  const api = useService(TOKENS.ApiClient);
  const video = useRef<HTMLVideoElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [now, setNow] = useState(0);
  const player = useVideoProblem(api, SUBTITLES_PATHS.sharedVideo(token));

  useEffect(() => {
    let live = true;
    Promise.all([
      api.get<SharedSubtitleResponse>(SUBTITLES_PATHS.shared(token)),
      api.get<string>(SUBTITLES_PATHS.sharedVtt(token), { responseType: 'text' }),
    ])
      .then(([facts, vtt]) => live && setLoaded({ state: 'ready', shared: facts.data.data, cues: readVtt(vtt.data) }))
      .catch((error: unknown) => live && setLoaded({ state: 'missing', message: normaliseError(error).message }));
    return () => {
      live = false;
    };
  }, [api, token]);

  if (loaded.state === 'loading') return <p className="muted">Loading…</p>;
  if (loaded.state === 'missing') {
    return (
      <div className="empty-state">
        <h1>This link does not work</h1>
        <p className="muted">{loaded.message}</p>
      </div>
    );
  }
  const { shared, cues } = loaded;
  const seek = (cue: Cue) => {
    if (!video.current) return;
    video.current.currentTime = cue.start / 1000;
    void video.current.play().catch(() => undefined);
  };
  return (
    <div className="share-page">
      <section>
        <h1>{shared.title}</h1>
        {shared.hasVideo && player.problem ? (
          <VideoProblemNote video={player} />
        ) : shared.hasVideo ? (
          <video
            key={player.attempt}
            ref={video}
            controls
            preload="metadata"
            src={SUBTITLES_PATHS.sharedVideo(token)}
            onTimeUpdate={(e) => setNow(e.currentTarget.currentTime * 1000)}
            onError={player.onError}
          >
            <track
              kind="subtitles"
              default
              src={SUBTITLES_PATHS.sharedVtt(token)}
              srcLang={shared.language}
              label={shared.language}
            />
          </video>
        ) : (
          <p className="muted">The video of this project is not available.</p>
        )}
      </section>
      <aside>
        <h2>Subtitles ({shared.language})</h2>
        <ol className="share-cues" aria-label="Cues">
          {cues.map((cue, index) => (
            <li key={index} className={now >= cue.start && now < cue.end ? 'active' : undefined}>
              <button type="button" onClick={() => seek(cue)}>
                <span className="share-cue-time">{formatCueTime(cue.start)}</span>
                <span className={cue.italic ? 'share-cue-text cue-italic' : 'share-cue-text'}>{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
