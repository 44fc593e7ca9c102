import { useEffect, useLayoutEffect, useState } from 'react';
import { useUnit } from 'effector-react';
import { normaliseError, TOKENS, useService } from '../../../../core';
import { REVIEW_SETTINGS_PATH, type ReviewSettings } from '../../common/subtitles-contract';
import { REVIEW_SETTING_MESSAGES, reviewSettingCommand } from '../review-setting-choices';

/**
 * The workspace's "exports require approved cues" where review progress is shown: a checkbox,
 * changed by account admins (others see it disabled, with the reason); the same choice is a
 * palette command while this is on screen.
 */
export function ReviewSettingToggle() {
  const api = useService(TOKENS.ApiClient);
  const toast = useService(TOKENS.ToastService);
  const registry = useService(TOKENS.PluginRegistry);
  const app = useService(TOKENS.AppModel);
  const [workspaceId, isAdmin] = useUnit([app.$currentWorkspaceId, app.$isAccountAdmin]);
  const [required, setRequired] = useState<boolean | null>(null);
  useLayoutEffect(() => registry.registerCommand(reviewSettingCommand), [registry]);
  useEffect(() => {
    if (!workspaceId) return;
    let live = true;
    void api.get<{ data: ReviewSettings }>(REVIEW_SETTINGS_PATH(workspaceId)).then(
      ({ data }) => live && setRequired(data.data.exportsRequireApproval),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, workspaceId]);
  if (required === null || !workspaceId) return null;
  const change = async (value: boolean) => {
    try {
      await api.put(REVIEW_SETTINGS_PATH(workspaceId), { exportsRequireApproval: value });
      setRequired(value);
      toast.success(REVIEW_SETTING_MESSAGES.saved);
    } catch (error) {
      toast.error(REVIEW_SETTING_MESSAGES.notSaved, normaliseError(error).message);
    }
  };
  return (
    <label className="version-subtitles-review-setting" title={isAdmin ? undefined : 'Only account admins can do this'}>
      <input
        type="checkbox"
        checked={required}
        disabled={!isAdmin}
        onChange={(event) => void change(event.target.checked)}
      />{' '}
      Exports and downloads need every cue approved (this workspace)
    </label>
  );
}
