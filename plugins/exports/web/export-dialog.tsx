import * as React from 'react';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { useUnit } from 'effector-react';
import { languageName, useContainer } from '../../../core';
import { Dialog } from '../../../core/ui';
import { EXPORT_FORMATS, type ExportFormat } from '../common/exports-contract';
import { languagesOf } from './export-options';
import type { ExportChoice, ExportForm, ExportModel } from './export-model';
import { exportModel } from './open-export-dialog';
import './exports.css';

const CHOICES: { value: ExportChoice; label: string; hint: string }[] = [
  { value: 'subtitles', label: 'Subtitle file', hint: 'SRT, WebVTT, ASS, TTML, SBV or text' },
  { value: 'burned_video', label: 'Video with subtitles burned in', hint: 'MP4, styled by a theme' },
  { value: 'voice_over', label: 'Voice-over', hint: 'The dubbed video or its audio' },
];
const FORMAT_NAMES: Record<ExportFormat, string> = {
  srt: 'SRT',
  vtt: 'WebVTT',
  ass: 'ASS',
  ttml: 'TTML',
  sbv: 'SBV (YouTube)',
  txt: 'Plain text',
};

/** A labelled select: the label names the control alone (a wrapping label would add its options' text). */
function Field({ label, children }: { label: string; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="exports-field">
      <label htmlFor={id}>{label}</label>
      {React.cloneElement(children, { id })}
    </div>
  );
}

/**
 * The "Export…" popup: what to export (a subtitle file, the video with subtitles burned in, the
 * voice-over), in which language, and its format, theme or track. Languages are those the chosen
 * versions have; with several versions each is exported where it exists. Enter submits; the
 * exports then appear in the progress panel.
 */
export default function ExportDialog({ onClose }: { onClose: () => void }) {
  const model: ExportModel = React.use(exportModel.load(useContainer()));
  const [target, options, themes, loading, pending, submit, closed] = useUnit([
    model.$target,
    model.$options,
    model.$themes,
    model.optionsFx.pending,
    model.submitFx.pending,
    model.submitted,
    model.closed,
  ]);
  const [form, setForm] = useState<ExportForm>({
    kind: target?.kind ?? 'subtitles',
    language: '',
    format: 'srt',
    themeId: null,
    voiceOver: 'video',
  });
  const set = (patch: Partial<ExportForm>) => setForm((f) => ({ ...f, ...patch }));
  useEffect(() => {
    if (target === null) onClose();
  }, [target, onClose]);

  const languages = useMemo(
    () => (options ? languagesOf(form.kind === 'voice_over' ? options.voiceOvers : options.subtitles) : []),
    [options, form.kind],
  );
  // The subtitle a page was opened on decides the first language; otherwise the first one there is.
  const preferred =
    target?.subtitleId && options
      ? Object.values(options.subtitles)
          .flat()
          .find((s) => s.id === target.subtitleId)?.language
      : undefined;
  const language = languages.some((l) => l.language === form.language)
    ? form.language
    : ((languages.find((l) => l.language === preferred) ?? languages[0])?.language ?? '');
  if (!target) return null;
  const count = Math.min(target.projectVersionIds.length, 50);
  const close = () => {
    closed();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (language) submit({ ...form, language });
  };
  return (
    <Dialog label="Export" onClose={close} className="exports-dialog">
      <div className="dialog-header">
        <h2>Export {count > 1 ? `${count} versions` : ''}</h2>
      </div>
      <form className="exports-form" onSubmit={onSubmit}>
        <fieldset>
          <legend>What</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="exports-choice">
              <input
                type="radio"
                name="export-kind"
                value={choice.value}
                checked={form.kind === choice.value}
                onChange={() => set({ kind: choice.value })}
              />
              {choice.label} <span className="exports-note">— {choice.hint}</span>
            </label>
          ))}
        </fieldset>
        <Field label="Language">
          <select
            value={language}
            onChange={(e) => set({ language: e.target.value })}
            disabled={languages.length === 0}
          >
            {languages.map((l) => (
              <option key={l.language} value={l.language}>
                {languageName(l.language)}
                {count > 1 ? ` (${l.versions} of ${count})` : ''}
              </option>
            ))}
          </select>
        </Field>
        {!loading && languages.length === 0 && (
          <p className="exports-note" role="status">
            {form.kind === 'voice_over'
              ? 'No voice-over has been made for this yet.'
              : 'There are no subtitles with cues to export yet.'}
          </p>
        )}
        {form.kind === 'subtitles' && (
          <Field label="Format">
            <select value={form.format} onChange={(e) => set({ format: e.target.value as ExportFormat })}>
              {EXPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {form.kind === 'burned_video' && (
          <Field label="Theme">
            <select value={form.themeId ?? ''} onChange={(e) => set({ themeId: e.target.value || null })}>
              <option value="">Default style (white, outlined, bottom centre)</option>
              {themes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        {form.kind === 'voice_over' && (
          <Field label="Track">
            <select value={form.voiceOver} onChange={(e) => set({ voiceOver: e.target.value as 'video' | 'audio' })}>
              <option value="video">Video with the voice-over (MP4)</option>
              <option value="audio">Audio only (M4A)</option>
            </select>
          </Field>
        )}
        <div className="exports-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={!language || pending || loading}
            aria-busy={pending || loading}
          >
            Export
          </button>
        </div>
      </form>
    </Dialog>
  );
}
