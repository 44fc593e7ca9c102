import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogActions } from '../../../core/ui';
import {
  MAX_DO_NOT_TRANSLATE,
  NAME_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  type Formality,
  type GuidelineResource,
} from '../common/guidelines-contract';
import type { GuidelineForm } from './guidelines-model';

const words = (text: string) => [
  ...new Set(
    text
      .split('\n')
      .map((word) => word.trim())
      .filter(Boolean),
  ),
];

/**
 * Create or edit a guideline: its name, the prompt an instruction-following engine reads, and the
 * parameters. The dialog says which engines honour what: every engine keeps the words never to
 * translate, and the translation is fitted to the reading speed with any engine; only an
 * instruction-following (OpenAI-compatible) engine follows the prompt, formality and tone. Ctrl/Cmd+Enter saves from any field.
 */
export function GuidelineDialog({
  guideline,
  saving,
  onSave,
  onClose,
}: {
  guideline: GuidelineResource | null;
  saving: boolean;
  onSave(form: GuidelineForm): void;
  onClose(): void;
}) {
  const ids = useId();
  const initial = guideline?.attributes;
  const [name, setName] = useState(initial?.name ?? '');
  const [prompt, setPrompt] = useState(initial?.prompt ?? '');
  const [formality, setFormality] = useState<Formality | ''>(initial?.parameters.formality ?? '');
  const [tone, setTone] = useState(initial?.parameters.tone ?? '');
  const [cps, setCps] = useState(
    initial?.parameters.maxCharsPerSecond ? String(initial.parameters.maxCharsPerSecond) : '',
  );
  const [keep, setKeep] = useState((initial?.parameters.doNotTranslate ?? []).join('\n'));
  const kept = words(keep);
  const problem = !name.trim()
    ? 'Give the guideline a name.'
    : [...prompt.trim()].length > PROMPT_MAX_LENGTH
      ? `The prompt is too long (at most ${PROMPT_MAX_LENGTH} characters).`
      : kept.length > MAX_DO_NOT_TRANSLATE
        ? `At most ${MAX_DO_NOT_TRANSLATE} words never to translate.`
        : cps !== '' && !(Number(cps) >= 5 && Number(cps) <= 40)
          ? 'Characters per second: a number from 5 to 40, or empty for 20.'
          : null;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (problem || saving) return;
    onSave({
      name: name.trim(),
      prompt: prompt.trim(),
      parameters: {
        formality: formality || null,
        tone: tone.trim() || null,
        maxCharsPerSecond: cps === '' ? null : Number(cps),
        doNotTranslate: kept,
      },
    });
  };
  return (
    <Dialog
      label={guideline ? `Edit ${guideline.attributes.name}` : 'New guideline'}
      onClose={onClose}
      className="guideline-dialog"
    >
      <form
        onSubmit={submit}
        onKeyDown={(event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey) && submit()}
      >
        <h2>{guideline ? 'Edit guideline' : 'New guideline'}</h2>
        <label htmlFor={`${ids}-name`}>Name</label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
        <label htmlFor={`${ids}-prompt`}>Prompt</label>
        <textarea
          id={`${ids}-prompt`}
          rows={5}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="Translate for a general audience; keep sentences short."
          aria-describedby={`${ids}-prompt-hint`}
        />
        <p className="muted" id={`${ids}-prompt-hint`}>
          Followed by an instruction-following (OpenAI-compatible) translation engine, with the formality and tone; the
          rule-based engine (Apertium) cannot follow them.
        </p>
        <div className="guideline-row">
          <label>
            Formality
            <select value={formality} onChange={(event) => setFormality(event.target.value as Formality | '')}>
              <option value="">Any</option>
              <option value="formal">Formal</option>
              <option value="informal">Informal</option>
            </select>
          </label>
          <label>
            Tone
            <input
              value={tone}
              maxLength={40}
              onChange={(event) => setTone(event.target.value)}
              placeholder="friendly, neutral, technical…"
            />
          </label>
        </div>
        <label htmlFor={`${ids}-cps`}>Maximum characters per second</label>
        <input
          id={`${ids}-cps`}
          type="number"
          inputMode="decimal"
          min={5}
          max={40}
          step={0.5}
          value={cps}
          onChange={(event) => setCps(event.target.value)}
          placeholder="20"
          aria-describedby={`${ids}-cps-hint`}
        />
        <p className="muted" id={`${ids}-cps-hint`}>
          Honoured with every engine: translated subtitles are cut and timed to this reading speed (17 suits most
          European languages; empty keeps 20).
        </p>
        <label htmlFor={`${ids}-keep`}>Never translate, one per line</label>
        <textarea
          id={`${ids}-keep`}
          rows={4}
          value={keep}
          onChange={(event) => setKeep(event.target.value)}
          placeholder={'Polycue\nHarbour Line'}
          aria-describedby={`${ids}-keep-hint`}
        />
        <p className="muted" id={`${ids}-keep-hint`} aria-live="polite">
          {problem ?? `${kept.length} ${kept.length === 1 ? 'word' : 'words'} kept as they are by every engine.`}
        </p>
        <DialogActions
          onCancel={onClose}
          confirmLabel={guideline ? 'Save' : 'Create'}
          disabled={problem !== null}
          busy={saving}
        />
      </form>
    </Dialog>
  );
}
