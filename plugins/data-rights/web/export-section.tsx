import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useLazyModel } from '../../../core';
import type { AccountSettingsSectionProps } from '../../accounts/web/extension-points';
import { dataRightsModel } from './data-rights-model-loader';
import './data-rights.css';

const STATE_WORDS = { queued: 'Waiting', running: 'Being made', done: 'Ready', failed: 'Failed', expired: 'Removed' };
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The account settings' "Export account data" section: one zip of everything, for admins. */
export default function ExportSection({ accountId, isAccountAdmin }: AccountSettingsSectionProps) {
  const model = useLazyModel(dataRightsModel);
  const [exports, exporting, opened, requested] = useUnit([
    model.$exports,
    model.$exporting,
    model.opened,
    model.exportRequested,
  ]);
  const [includeMedia, setIncludeMedia] = useState(false);
  useEffect(() => {
    if (isAccountAdmin) opened(accountId);
  }, [accountId, isAccountAdmin, opened]);
  if (!isAccountAdmin) return <p className="muted">Account admins can take all of the account’s data out.</p>;
  return (
    <div className="data-rights" id="account-export">
      <p className="muted">
        One zip of everything in the account: every record as JSON, every subtitle in SRT and WebVTT, and on request the
        original videos. It is made in the background, followed in the progress panel, mailed to you when ready and kept
        for 7 days.
      </p>
      <label className="data-rights-option">
        <input type="checkbox" checked={includeMedia} onChange={(e) => setIncludeMedia(e.target.checked)} /> Include the
        original videos and stored files (larger)
      </label>
      <button
        type="button"
        className="button"
        disabled={exporting}
        onClick={() => requested({ accountId, includeMedia })}
      >
        Export account data
      </button>
      {exports.length > 0 && (
        <ul className="data-rights-exports" aria-label="Account exports">
          {exports.map(({ id, attributes: a }) => (
            <li key={id}>
              {day(a.createdAt)}: {STATE_WORDS[a.state]}
              {a.downloadUrl && (
                <>
                  {' '}
                  <a href={a.downloadUrl} download>
                    Download {a.fileName}
                  </a>{' '}
                  <span className="muted">(until {day(a.expiresAt!)})</span>
                </>
              )}
              {a.failure && <span className="muted"> {a.failure}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
