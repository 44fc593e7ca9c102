import { Suspense, useEffect, useId, type FormEvent, type KeyboardEvent } from 'react';
import { ResourcePickers } from './resource-pickers';
import { useUnit } from 'effector-react';
import { Dialog } from '../../../../core/ui';
import { MAX_TARGET_LANGUAGES, PIPELINE_MESSAGES, TRANSCRIPT_MAX_LENGTH } from '../../common/pipeline-contract';
import { languageName } from '../model/language-options';
import type { SetupModel } from '../model/setup-model';
import { LanguageChecklist } from './language-checklist';
import { usePipelineModel } from './use-pipeline-model';
import { formatDuration } from '../../../../core/common/duration';
import './pipeline.css';

const TITLES = { subtitles: 'Set up subtitles', voiceOver: 'Set up voice-over' } as const;

/** How many translations a run may have: the account's plan when it sets fewer than the engines' own maximum. */
const targetsHint = (allowed: number | null) =>
  allowed !== null && allowed < MAX_TARGET_LANGUAGES
    ? `your plan: ${allowed} language${allowed === 1 ? '' : 's'} a run`
    : `up to ${MAX_TARGET_LANGUAGES}`;

/**
 * The set-up popup (plain subtitles or voice-over), shown by the shell for the target the model
 * was opened with. Enter submits (except in the transcript, where Ctrl/Cmd+Enter does), Escape
 * closes, Tab stays inside.
 */
export default function SetupDialog({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <SetupDialogContent onClose={onClose} />
    </Suspense>
  );
}

function SetupDialogContent({ onClose }: { onClose: () => void }) {
  const { setup } = usePipelineModel();
  const target = useUnit(setup.$target);
  const closed = useUnit(setup.closed);
  // The model closes the popup too (after a submit, on a workspace change): follow it.
  useEffect(() => {
    if (!target) onClose();
  }, [target, onClose]);
  if (!target) return null;
  const title = TITLES[target.kind];
  return (
    <Dialog label={title} onClose={() => closed()} className="pipeline-setup-dialog">
      <div className="dialog-header">
        <h2>{title}</h2>
        <span className="muted">
          {target.projectVersionIds.length === 1
            ? '1 project version'
            : `${target.projectVersionIds.length} project versions`}
        </span>
      </div>
      <SetupForm setup={setup} />
    </Dialog>
  );
}

function SetupForm({ setup }: { setup: SetupModel }) {
  const ids = useId();
  const [
    target,
    settings,
    failed,
    loading,
    form,
    videoOptions,
    subtitleOptions,
    dubbingOptions,
    problem,
    submitting,
    canSubmit,
  ] = useUnit([
    setup.$target,
    setup.$settings,
    setup.$settingsFailed,
    setup.$loadingSettings,
    setup.$form,
    setup.$videoLanguageOptions,
    setup.$subtitleLanguageOptions,
    setup.$dubbingLanguageOptions,
    setup.$problem,
    setup.$submitting,
    setup.$canSubmit,
  ]);
  const [
    closed,
    retry,
    languageChosen,
    subtitleToggled,
    dubbingToggled,
    transcriptToggled,
    transcriptChanged,
    submitted,
  ] = useUnit([
    setup.closed,
    setup.retryRequested,
    setup.languageChosen,
    setup.subtitleLanguageToggled,
    setup.dubbingLanguageToggled,
    setup.transcriptToggled,
    setup.transcriptChanged,
    setup.submitted,
  ]);
  if (!target) return null;
  const voiceOver = target.kind === 'voiceOver';
  const several = target.projectVersionIds.length > 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  // Enter submits from any control (a checkbox or a select does not submit a form by itself);
  // in the transcript Enter is a new line and Ctrl/Cmd+Enter submits.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const el = event.target as HTMLElement;
    if (el.tagName === 'BUTTON' || el.tagName === 'A' || el.tagName === 'SUMMARY') return;
    if (el.tagName === 'TEXTAREA' && !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    submitted();
  };

  if (failed) {
    return (
      <div className="pipeline-dialog-body">
        <p className="pipeline-error" role="alert">
          {voiceOver ? PIPELINE_MESSAGES.languageDataNotLoaded : PIPELINE_MESSAGES.settingsNotLoaded}
        </p>
        <div className="pipeline-dialog-actions">
          <button type="button" className="button" onClick={() => closed()}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => retry()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!settings) {
    return (
      <div className="pipeline-dialog-body" aria-busy={loading}>
        <p className="muted">Loading what this installation can do…</p>
        <div className="pipeline-dialog-actions">
          <button type="button" className="button" onClick={() => closed()}>
            Cancel
          </button>
        </div>
      </div>
    );
  }

  const downloading = settings.elements.filter((e) => e.downloading).length;
  const overLimit =
    settings.subscriptionSubtitlesLength !== null && settings.duration > settings.subscriptionSubtitlesLength;
  const nonTranslatable = form.language !== null && settings.nonTranslatableLanguages.includes(form.language);
  const sourceName = form.language ? languageName(form.language) : 'the video language';

  return (
    <form className="pipeline-dialog-body" onSubmit={submit} onKeyDown={onKeyDown} aria-busy={submitting} noValidate>
      <p className="muted pipeline-summary">Total duration {formatDuration(settings.duration)}</p>
      {downloading > 0 && (
        <p className="pipeline-note">
          {downloading === 1 ? 'One video is still downloading' : `${downloading} videos are still downloading`}: set-up
          starts once it has arrived.
        </p>
      )}
      {overLimit && (
        <p className="pipeline-note">
          Your subscription covers {formatDuration(settings.subscriptionSubtitlesLength!)} of video per set-up.
        </p>
      )}
      {voiceOver && settings.hasVoice && (
        <p className="pipeline-note">A voice-over was already set up here; this one replaces it.</p>
      )}

      <div className="pipeline-field">
        <label htmlFor={`${ids}-language`}>Video language</label>
        <select
          id={`${ids}-language`}
          value={form.language ?? ''}
          onChange={(e) => languageChosen(e.target.value)}
          aria-describedby={`${ids}-language-hint`}
        >
          {form.language === null && <option value="">Choose…</option>}
          {videoOptions.map((option) => (
            <option key={option.code} value={option.code} disabled={!option.available}>
              {option.available ? option.name : `${option.name} — ${option.reason}`}
            </option>
          ))}
        </select>
        <span className="muted pipeline-hint" id={`${ids}-language-hint`}>
          {form.includesTranscript
            ? 'Languages your transcript can be aligned in here.'
            : 'Languages speech recognition handles here.'}
        </span>
      </div>

      <div className="pipeline-field">
        <label className="pipeline-check">
          <input
            type="checkbox"
            checked={form.includesTranscript}
            disabled={several && !form.includesTranscript}
            aria-describedby={several ? `${ids}-transcript-hint` : undefined}
            onChange={(e) => transcriptToggled(e.target.checked)}
          />
          I have a transcript
        </label>
        {several && (
          <span className="muted pipeline-hint" id={`${ids}-transcript-hint`}>
            A transcript can be given for one project version at a time.
          </span>
        )}
        {form.includesTranscript && (
          <>
            <label htmlFor={`${ids}-transcript`} className="pipeline-sublabel">
              Transcript
            </label>
            <textarea
              id={`${ids}-transcript`}
              rows={6}
              maxLength={TRANSCRIPT_MAX_LENGTH}
              placeholder="Paste what is said in the video: it is aligned to the speech instead of recognised."
              value={form.transcript}
              onChange={(e) => transcriptChanged(e.target.value)}
            />
          </>
        )}
      </div>

      <LanguageChecklist
        legend="Subtitle languages"
        hint={
          nonTranslatable
            ? `Subtitles in ${sourceName} cannot be translated here.`
            : `Translations of the ${sourceName} subtitles (${targetsHint(settings.targetLanguagesAllowed)}).`
        }
        options={subtitleOptions}
        selected={form.subtitleLanguages}
        onToggle={subtitleToggled}
        emptyText={
          form.language
            ? `No translation engine here translates from ${sourceName}.`
            : 'Choose the video language first.'
        }
      />

      {voiceOver && (
        <LanguageChecklist
          legend="Dubbing languages"
          hint="A synthetic voice speaks each chosen language, fitted to the subtitles and laid over the original sound."
          options={dubbingOptions}
          selected={form.dubbingLanguages}
          onToggle={dubbingToggled}
          emptyText="No voice here speaks the video language or a language it can be translated into."
        />
      )}
      {voiceOver && <VoiceCloningOption setup={setup} />}

      <ResourcePickers setup={setup} />

      {settings.engines && (
        <section className="pipeline-engines" aria-label="Engines">
          <h3>What runs each step here</h3>
          <dl>
            <dt>{form.includesTranscript ? 'Transcript alignment' : 'Speech recognition'}</dt>
            <dd>
              <EngineLine note={form.includesTranscript ? settings.engines.alignment : settings.engines.speechToText} />
            </dd>
            <dt>Translation</dt>
            <dd>
              <EngineLine note={settings.engines.translation} />
            </dd>
            {voiceOver && (
              <>
                <dt>Voice</dt>
                <dd>
                  <EngineLine note={settings.engines.speechSynthesis} />
                </dd>
              </>
            )}
          </dl>
        </section>
      )}

      <p className="muted pipeline-problem" aria-live="polite">
        {problem ?? ''}
      </p>
      <div className="pipeline-dialog-actions">
        <button type="button" className="button" onClick={() => closed()}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={!canSubmit} aria-busy={submitting}>
          {submitting ? 'Submitting…' : voiceOver ? 'Start voice-over' : 'Start subtitles'}
        </button>
      </div>
    </form>
  );
}

/** One engine as the popup names it: who does the step, and what to expect from it. */
function EngineLine({ note }: { note: { name: string; expect: string } }) {
  return (
    <>
      <strong>{note.name}</strong>
      {note.expect && <span className="muted">. {note.expect}</span>}
    </>
  );
}

/**
 * "Speak in the speaker's own voice": offered for dubbing languages a cloning engine speaks; the
 * reason beside it when not (no engine here, or a language it lacks). A plan without it answers the
 * submit with the "Voice cloning upgrade" popup (billing's handler of the 402).
 */
function VoiceCloningOption({ setup }: { setup: SetupModel }) {
  const id = useId();
  const [form, availability, toggled] = useUnit([setup.$form, setup.$voiceCloning, setup.voiceCloningToggled]);
  return (
    <div className="pipeline-field">
      <label className="pipeline-check">
        <input
          type="checkbox"
          checked={form.voiceCloning}
          disabled={!availability.available}
          aria-describedby={`${id}-cloning-hint`}
          onChange={(e) => toggled(e.target.checked)}
        />
        Voice cloning: the speaker&apos;s own voice
      </label>
      <span className="muted pipeline-hint" id={`${id}-cloning-hint`}>
        {availability.reason ?? 'The voice-over is spoken in a voice cloned from the video instead of a synthetic one.'}
      </span>
    </div>
  );
}
