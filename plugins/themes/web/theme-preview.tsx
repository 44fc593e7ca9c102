import { useUnit } from 'effector-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PREVIEW_TEXT_MAX_LENGTH, type ThemeStyle } from '../common/themes-contract';
import type { ThemePreviewModel } from './theme-preview-model';

const STATUS = {
  loading: 'Updating the preview…',
  ready: 'Preview up to date.',
  failed: 'The preview could not be made.',
} as const;

/**
 * The live preview: the server's rendering (ffmpeg + libass, as the burn-in) of the sample text on
 * a frame of a chosen video of the workspace, or on a gradient. `style` null (a field is out of
 * range) keeps the last image.
 */
export function ThemePreview({ model, style }: { model: ThemePreviewModel; style: ThemeStyle | null }) {
  const id = useId();
  const [src, status, videos, videoId] = useUnit([model.$src, model.$status, model.$videos, model.$chosenVideo]);
  const [opened, changed, videoChosen, imageLoaded, imageFailed] = useUnit([
    model.opened,
    model.changed,
    model.videoChosen,
    model.imageLoaded,
    model.imageFailed,
  ]);
  // The subtitler's own line (a long one shows where it wraps); empty: the server's two sample lines.
  const [text, setText] = useState('');
  const fields = useMemo(() => style && { ...style, ...(text.trim() ? { text: text.trim() } : {}) }, [style, text]);
  const first = useRef(true);
  useEffect(() => {
    if (!fields) return;
    if (first.current) opened(fields);
    else changed(fields);
    first.current = false;
  }, [fields, opened, changed]);
  const title = videos.find((video) => video.id === videoId)?.title;
  return (
    <section className="theme-preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Preview</h3>
      <label htmlFor={`${id}-video`}>Preview on</label>
      <select id={`${id}-video`} value={videoId ?? ''} onChange={(event) => videoChosen(event.target.value || null)}>
        <option value="">A gradient (no video)</option>
        {videos.map((video) => (
          <option key={video.id} value={video.id}>
            {video.title}
          </option>
        ))}
      </select>
      <div className="theme-preview-frame" aria-busy={status === 'loading'}>
        {src && (
          <img
            src={src}
            alt={title ? `The sample subtitle on a frame of “${title}”` : 'The sample subtitle on a gradient'}
            onLoad={() => imageLoaded()}
            onError={() => imageFailed()}
          />
        )}
      </div>
      <label htmlFor={`${id}-text`}>Sample text</label>
      <textarea
        id={`${id}-text`}
        rows={2}
        maxLength={PREVIEW_TEXT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={'This is how your subtitles will look\non a frame of your video'}
      />
      <p className="muted" role="status">
        {STATUS[status]}
      </p>
    </section>
  );
}
