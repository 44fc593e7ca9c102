import { useEffect, useRef, useState } from 'react';
import { API_TOKENS_MESSAGES } from '../common/api-tokens-contract';
import type { CreatedToken } from './api-tokens-model';

/** The new token's secret, once: selected for copying, with a Copy button; gone after Done. */
export function CreatedTokenPanel({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [created.token]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // No clipboard permission: the text stays selected for Ctrl+C.
      input.current?.select();
    }
  };
  return (
    <div className="api-tokens-created" role="status" aria-live="polite">
      <p>
        <strong>{created.name}</strong>: copy this token now. It is shown only once.
      </p>
      <div className="api-tokens-secret">
        <label htmlFor="api-token-secret" className="visually-hidden">
          Your new token
        </label>
        <input id="api-token-secret" ref={input} type="text" readOnly value={created.token} />
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? API_TOKENS_MESSAGES.copied : 'Copy'}
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
