import { useId, useState, type FormEvent } from 'react';
import { languageName } from '../../../core/common/language-name';
import { Dialog, DialogActions } from '../../../core/ui';
import type { TermbaseResource } from '../common/termbases-contract';
import { LanguageChips } from './termbase-languages';

/** The server takes at most 5 MB of text; a larger file is refused here, before it is read. */
const MAX_FILE_BYTES = 5_000_000;

/**
 * The contract's (docs/product-contract.md#screens-and-routes) "import terms" popup: one file of terms into one term base. The browser reads the
 * file's text and the server parses it (CSV or TSV in Google's layout, a header row of language
 * codes, or DeepL's, two columns from the first language to the second; TBX), all or nothing: a
 * refused file is said here with the line the server names, and nothing is added.
 */
export function ImportTermsDialog({
  termbase,
  importing,
  error,
  onImport,
  onClose,
}: {
  termbase: TermbaseResource;
  importing: boolean;
  error: string | null;
  onImport(content: string): void;
  onClose(): void;
}) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [first, second] = termbase.attributes.languages;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || importing) return;
    if (file.size > MAX_FILE_BYTES) return setProblem('This file is larger than 5 MB.');
    onImport(await file.text());
  };
  const message = problem ?? error;
  return (
    <Dialog label={`Import terms into ${termbase.attributes.name}`} onClose={onClose} className="termbase-dialog">
      <form onSubmit={submit}>
        <h2>Import terms</h2>
        <p>
          Into <strong>{termbase.attributes.name}</strong>: <LanguageChips languages={termbase.attributes.languages} />
        </p>
        <label htmlFor={`${ids}-file`}>File of terms</label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,.tsv,.txt,.tbx,.xml"
          aria-describedby={`${ids}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
        <p className="muted" id={`${ids}-hint`}>
          CSV or TSV with a first row of language codes (as Google’s glossaries), or two columns without one,{' '}
          {languageName(first)} then {languageName(second)} (as DeepL’s); or TBX. A file with a line that cannot be read
          adds nothing.
        </p>
        {message && (
          <p className="termbase-error" role="alert">
            {message}
          </p>
        )}
        <DialogActions onCancel={onClose} confirmLabel="Import" disabled={!file} busy={importing} />
      </form>
    </Dialog>
  );
}
