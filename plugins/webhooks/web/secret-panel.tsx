import { useEffect, useRef, useState } from 'react';
import { WEBHOOKS_MESSAGES } from '../common/webhooks-contract';
import type { ShownSecret } from './webhooks-model';

/** A new signing secret, once: selected for copying, with Copy; gone after Done. */
export function SecretPanel({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [shown.secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  return (
    <div className="webhooks-secret" role="status" aria-live="polite">
      <p>
        Signing secret for <strong>{shown.url}</strong>: copy it now, it is shown only once. Verify each delivery with
        it (Standard Webhooks).
      </p>
      <div className="webhooks-secret-row">
        <label htmlFor="webhook-secret" className="visually-hidden">
          Signing secret
        </label>
        <input id="webhook-secret" ref={input} type="text" readOnly value={shown.secret} />
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? WEBHOOKS_MESSAGES.copied : 'Copy'}
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
