import { useEffect, useRef, useState } from 'react';
import { useUnit } from 'effector-react';
import type { SubtitlesModel } from '../model/subtitles-model';
import { Frame, SubtitleChoice } from './subtitle-dialog-parts';

/** A read-only share link for one of the version's subtitles. */
export function ShareDialog({
  model,
  subtitleId,
  onClose,
}: {
  model: SubtitlesModel;
  subtitleId?: string;
  onClose: () => void;
}) {
  const [subtitles, chosen, choose, tokens, createdUrl, creating, create, revoke] = useUnit([
    model.$versionSubtitles,
    model.$shareSubtitleId,
    model.shareSubtitleChosen,
    model.$tokens,
    model.$createdUrl,
    model.createTokenFx.pending,
    model.createLinkRequested,
    model.revokeRequested,
  ]);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!subtitleId && !chosen && subtitles.length > 0) choose(subtitles[0].id);
  }, [subtitleId, chosen, subtitles, choose]);
  useEffect(() => setCopied(false), [createdUrl]);
  // "Create link" is disabled while it works (which drops focus): the new link takes it, selected to copy.
  const linkField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (createdUrl) linkField.current?.focus();
  }, [createdUrl]);
  const copy = async () => {
    if (!createdUrl) return;
    await navigator.clipboard?.writeText(createdUrl).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Frame title="Share link" onClose={onClose}>
      <div className="subtitles-form">
        {!subtitleId &&
          (subtitles.length > 0 ? (
            <SubtitleChoice subtitles={subtitles} value={chosen ?? ''} onChange={choose} allowNew={false} />
          ) : (
            <p className="muted">This project version has no subtitles yet.</p>
          ))}
        <p className="muted">
          Anyone with the link can watch the video with this subtitle, without an account. Revoke it to stop that.
        </p>
        {createdUrl && (
          <div className="subtitles-link">
            <input
              ref={linkField}
              readOnly
              value={createdUrl}
              aria-label="Link to share"
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="button" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        )}
        <div className="subtitles-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!chosen || creating}
            aria-busy={creating}
            onClick={() => chosen && create(chosen)}
          >
            Create link
          </button>
        </div>
        {tokens.length > 0 && (
          <>
            <h3>Active links</h3>
            <ul className="subtitles-tokens" aria-label="Active links">
              {tokens.map((token) => (
                <li key={token.id}>
                  <span>
                    Created {new Date(token.attributes.createdAt).toLocaleString()}
                    {token.attributes.createdByName ? ` by ${token.attributes.createdByName}` : ''}
                  </span>
                  <button type="button" className="button" onClick={() => revoke(token.id)}>
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Frame>
  );
}
