import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, TOKENS, useService } from '../../../core';
import { DATA_RIGHTS_PATHS } from '../common/data-rights-contract';

/**
 * Where the mailed link lands (no log-in needed): a button, not an automatic call, so a mail
 * client that opens links to preview them keeps nothing by itself.
 */
export default function UndoDeletionPage() {
  const api = useService(TOKENS.ApiClient);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keep = async () => {
    setBusy(true);
    try {
      const { data } = await api.post<{ data: { name: string } }>(DATA_RIGHTS_PATHS.undo, { token });
      setResult({ ok: true, text: `“${data.data.name}” is kept: nothing will be deleted.` });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError ? error.message : 'The deletion could not be undone.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="page">
      <h1>Keep the account</h1>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'}>{result.text}</p>
      ) : (
        <>
          <p>This account is scheduled for deletion. Keep it, and nothing of it is erased.</p>
          <button type="button" className="button button-primary" disabled={busy || !token} onClick={keep}>
            Keep the account
          </button>
        </>
      )}
    </section>
  );
}
