import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { normaliseError, TOKENS, useService } from '../../../../core';
import {
  MEDIA_RETENTION_DAYS,
  MEDIA_RETENTION_MESSAGES,
  MEDIA_RETENTION_PATH,
  mediaRetentionLabel,
  type MediaRetentionDays,
  type MediaRetentionSettings,
} from '../../common/media-retention';

/**
 * The account settings' "Media retention" section, for the current workspace: keep media, or
 * delete it after N days (subtitles stay). Account admins change it; others see it disabled, with
 * the reason. The palette's "Media retention" opens it here with the choice focused.
 */
export default function MediaRetentionSection() {
  const api = useService(TOKENS.ApiClient);
  const toast = useService(TOKENS.ToastService);
  const app = useService(TOKENS.AppModel);
  const [workspaceId, isAdmin] = useUnit([app.$currentWorkspaceId, app.$isAccountAdmin]);
  const [days, setDays] = useState<MediaRetentionDays | null | undefined>(undefined);
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const focused = useLocation().hash === '#media-retention';
  useEffect(() => {
    if (!workspaceId) return;
    let live = true;
    void api.get<{ data: MediaRetentionSettings }>(MEDIA_RETENTION_PATH(workspaceId)).then(
      ({ data }) => live && setDays(data.data.days),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, workspaceId]);
  const loaded = days !== undefined;
  useEffect(() => {
    if (loaded && focused) select.current?.focus();
  }, [loaded, focused]);
  if (days === undefined || !workspaceId) return null;
  const change = async (value: MediaRetentionDays | null) => {
    try {
      await api.put(MEDIA_RETENTION_PATH(workspaceId), { days: value });
      setDays(value);
      toast.success(MEDIA_RETENTION_MESSAGES.saved, mediaRetentionLabel(value));
    } catch (error) {
      toast.error(MEDIA_RETENTION_MESSAGES.notSaved, normaliseError(error).message);
    }
  };
  return (
    <div id="media-retention">
      <p className="muted">
        Videos of this workspace's projects older than the time chosen are deleted every night. Subtitles, their exports
        and downloads stay.
      </p>
      <label htmlFor={id}>Media of this workspace</label>{' '}
      <select
        ref={select}
        id={id}
        value={days === null ? 'off' : String(days)}
        disabled={!isAdmin}
        title={isAdmin ? undefined : 'Only account admins can do this'}
        onChange={(event) =>
          void change(event.target.value === 'off' ? null : (Number(event.target.value) as MediaRetentionDays))
        }
      >
        {[null, ...MEDIA_RETENTION_DAYS].map((choice) => (
          <option key={String(choice)} value={choice === null ? 'off' : String(choice)}>
            {mediaRetentionLabel(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
