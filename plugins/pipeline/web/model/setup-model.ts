import * as effector from 'effector';
import type { ApiError } from '../../../../core';
import { PROJECTS_MESSAGES } from '../../../projects/common/projects-contract';
import {
  PIPELINE_MESSAGES,
  PIPELINE_PATHS,
  type ProjectVersionSettings,
  type ProjectVersionSettingsResponse,
  type SetupResponse,
  type SetupTtsSettings,
} from '../../common/pipeline-contract';
import {
  dubbingLanguageOptions,
  formProblem,
  initialForm,
  reconcileForm,
  subtitleLanguageOptions,
  toggleDubbing,
  videoLanguageOptions,
  voiceCloningAvailability,
} from './language-options';
import { apiEffect, navigateEffect, toastAndLogFailure, type PipelineModelDeps } from './pipeline-deps';
import { afterSetup } from './setup-navigation';
import type { SetupForm, SetupKind, SetupTarget } from './setup-types';
import { createResourcePickersModel, type ChosenResources } from './resource-pickers-model';

const { combine, createEvent, createStore, sample } = effector;

const EMPTY_FORM: SetupForm = {
  language: null,
  subtitleLanguages: [],
  dubbingLanguages: [],
  includesTranscript: false,
  transcript: '',
  voiceCloning: false,
};

interface SettingsRequest {
  target: SetupTarget;
  workspaceId: string;
}

interface SubmitRequest {
  target: SetupTarget;
  form: SetupForm;
  workspaceId: string;
  /** Workspace resources chosen through the contributed pickers (settings field -> id). */
  resources?: ChosenResources;
}

const toggle = (list: string[], code: string) =>
  list.includes(code) ? list.filter((c) => c !== code) : [...list, code];

/** The spec's Setup payload from the popup's choices (dubbing languages only for a voice-over). */
export function setupPayload({ target, form, workspaceId, resources = {} }: SubmitRequest) {
  const settings: SetupTtsSettings = {
    language: form.language!,
    subtitleLanguages: form.subtitleLanguages,
    dubbingLanguages: form.dubbingLanguages,
    ...resources,
  };
  if (form.includesTranscript) settings.transcript = form.transcript;
  if (target.kind === 'subtitles') delete (settings as Partial<SetupTtsSettings>).dubbingLanguages;
  else if (form.voiceCloning) settings.voiceCloning = true;
  return {
    projectVersionIds: target.projectVersionIds,
    includesTranscript: form.includesTranscript,
    workspaceId,
    settings,
  };
}

/**
 * The set-up popups (plain subtitles and voice-over): settings load with the popup, the lists follow
 * what the engines can do, the last used choices are preselected, and a submit is followed by the
 * docs/product-contract.md#states-and-transitions navigation. One popup at a time; the dialog component only renders these stores.
 */
export function createSetupModel(deps: PipelineModelDeps) {
  const { api, app, toast } = deps;

  const opened = createEvent<SetupTarget>();
  const closed = createEvent();
  const retryRequested = createEvent();
  const languageChosen = createEvent<string>();
  const subtitleLanguageToggled = createEvent<string>();
  const dubbingLanguageToggled = createEvent<string>();
  const transcriptToggled = createEvent<boolean>();
  const transcriptChanged = createEvent<string>();
  const voiceCloningToggled = createEvent<boolean>();
  const submitted = createEvent();
  /** docs/product-contract.md#states-and-transitions "otherwise the list is refreshed from page 1": the projects table reloads on it. */
  const projectListRefreshRequested = createEvent();

  const fetchSettingsFx = apiEffect(async ({ target, workspaceId }: SettingsRequest) => {
    const path = target.kind === 'voiceOver' ? PIPELINE_PATHS.showSettingsTts : PIPELINE_PATHS.showSettings;
    const { data } = await api.get<ProjectVersionSettingsResponse>(path, {
      params: { workspaceId, projectVersionIds: target.projectVersionIds.join(',') },
    });
    return data.data;
  });
  const submitFx = apiEffect(async (request: SubmitRequest) => {
    const path = request.target.kind === 'voiceOver' ? PIPELINE_PATHS.setupTts : PIPELINE_PATHS.setup;
    return (await api.put<SetupResponse>(path, setupPayload(request))).data;
  });
  const navigateFx = navigateEffect(deps.navigator);

  const $target = createStore<SetupTarget | null>(null)
    .on(opened, (_, target) => target)
    .reset(closed, submitFx.done, app.workspaceChanged, app.loggedOut);
  const $kind = $target.map((target): SetupKind | null => target?.kind ?? null);

  // Settings answer the popup they were asked for; a late answer for a closed or other popup is dropped.
  const settingsArrived = sample({
    clock: fetchSettingsFx.done,
    source: $target,
    filter: (target, { params }) => target === params.target,
    fn: (_, { result }) => result,
  });
  const $settings = createStore<ProjectVersionSettings | null>(null)
    .on(settingsArrived, (_, settings) => settings)
    .reset(opened, closed, submitFx.done, app.workspaceChanged, app.loggedOut);
  const $settingsFailed = createStore(false)
    .on(fetchSettingsFx.fail, () => true)
    .reset(opened, retryRequested, closed);

  sample({
    clock: [opened, retryRequested],
    source: { target: $target, workspaceId: app.$currentWorkspaceId },
    filter: (s): s is SettingsRequest => s.target !== null && s.workspaceId !== null,
    target: fetchSettingsFx,
  });
  // The plain popup's settings, or the voice-over popup's language data (show_settings_tts).
  const byKind = <P extends { target: SetupTarget }>(
    fail: effector.Event<{ params: P; error: ApiError }>,
    kind: SetupKind,
  ) => sample({ clock: fail, filter: ({ params }) => params.target.kind === kind, fn: ({ error }) => error });
  toastAndLogFailure(deps, byKind(fetchSettingsFx.fail, 'subtitles'), PIPELINE_MESSAGES.settingsNotLoaded);
  toastAndLogFailure(deps, byKind(fetchSettingsFx.fail, 'voiceOver'), PIPELINE_MESSAGES.languageDataNotLoaded);

  const $form = createStore<SetupForm>(EMPTY_FORM).reset(opened, closed);
  const resources = createResourcePickersModel(deps, {
    opened,
    reset: [closed, submitFx.done, app.workspaceChanged, app.loggedOut],
    app,
  });
  sample({
    clock: settingsArrived,
    source: $target,
    fn: (target, settings) => initialForm(settings, target!.kind),
    target: $form,
  });

  // Every change goes through reconcileForm, so no choice the lists no longer allow survives it.
  const edit = (clock: effector.Unit<any>, change: (form: SetupForm, value: any) => SetupForm) =>
    sample({
      clock,
      source: { settings: $settings, form: $form },
      filter: ({ settings }) => settings !== null,
      fn: ({ settings, form }, value) => reconcileForm(settings!, change(form, value)),
      target: $form,
    });
  edit(languageChosen, (form, language: string) => ({ ...form, language }));
  edit(subtitleLanguageToggled, (form, code: string) => ({
    ...form,
    subtitleLanguages: toggle(form.subtitleLanguages, code),
  }));
  edit(dubbingLanguageToggled, (form, code: string) => toggleDubbing(form, code));
  edit(transcriptToggled, (form, includesTranscript: boolean) => ({ ...form, includesTranscript }));
  edit(transcriptChanged, (form, transcript: string) => ({ ...form, transcript }));
  edit(voiceCloningToggled, (form, voiceCloning: boolean) => ({ ...form, voiceCloning }));

  const $videoLanguageOptions = combine($settings, $form, (s, f) =>
    s ? videoLanguageOptions(s, f.includesTranscript) : [],
  );
  const $subtitleLanguageOptions = combine($settings, $form, (s, f) =>
    s ? subtitleLanguageOptions(s, f.language) : [],
  );
  const $dubbingLanguageOptions = combine($settings, $form, (s, f) => (s ? dubbingLanguageOptions(s, f.language) : []));
  const $voiceCloning = combine($settings, $form, (s, f) =>
    s ? voiceCloningAvailability(s, f) : { available: false, reason: null },
  );
  const $problem = combine($target, $settings, $form, (target, settings, form) =>
    !target || !settings ? null : formProblem(target.kind, form, target.projectVersionIds.length),
  );
  const $submitting = submitFx.pending;
  const $canSubmit = combine(
    $settings,
    $problem,
    $submitting,
    (settings, problem, submitting) => settings !== null && problem === null && !submitting,
  );

  sample({
    clock: submitted,
    source: {
      target: $target,
      form: $form,
      workspaceId: app.$currentWorkspaceId,
      canSubmit: $canSubmit,
      resources: resources.$chosen,
    },
    filter: ({ target, workspaceId, canSubmit }) => canSubmit && target !== null && workspaceId !== null,
    fn: ({ target, form, workspaceId, resources }): SubmitRequest => ({
      target: target!,
      form,
      workspaceId: workspaceId!,
      resources,
    }),
    target: submitFx,
  });

  // docs/product-contract.md#messages: 'Request submitted', and the info "You'll get an email once it's ready" / "We're processing your project(s)".
  sample({
    clock: submitFx.done,
    fn: () => ({ kind: 'success' as const, title: PIPELINE_MESSAGES.requestSubmitted }),
    target: toast.shown,
  });
  sample({
    clock: submitFx.done,
    fn: () => ({
      kind: 'info' as const,
      title: PIPELINE_MESSAGES.emailOnceReady,
      description: PIPELINE_MESSAGES.processingProjects,
    }),
    target: toast.shown,
  });
  // A refusal another plugin answers (the plan's upgrade popup) replaces the toast.
  const handlerOf = (error: ApiError) =>
    error.code ? deps.refusalHandlers?.().find((handler) => handler.code === error.code) : undefined;
  const handled = sample({ clock: submitFx.fail, filter: ({ error }) => handlerOf(error) !== undefined });
  const unhandled = sample({ clock: submitFx.fail, filter: ({ error }) => handlerOf(error) === undefined });
  const handleRefusalFx = effector.createEffect(({ params, error }: { params: SubmitRequest; error: ApiError }) =>
    handlerOf(error)?.handle({ error, kind: params.target.kind }),
  );
  sample({ clock: handled, target: handleRefusalFx });
  toastAndLogFailure(deps, byKind(unhandled, 'subtitles'), PROJECTS_MESSAGES.requestFailed);
  toastAndLogFailure(deps, byKind(unhandled, 'voiceOver'), PIPELINE_MESSAGES.voiceOverNotTranslated);

  const next = sample({
    clock: submitFx.done,
    fn: ({ params, result }) =>
      afterSetup(params.target.kind, params.form.includesTranscript, params.target.projectVersionIds, result),
  });
  sample({
    clock: next,
    filter: (n) => 'navigate' in n,
    fn: (n) => (n as { navigate: string }).navigate,
    target: navigateFx,
  });
  sample({
    clock: next,
    filter: (n) => 'refreshProjectList' in n,
    fn: () => undefined,
    target: projectListRefreshRequested,
  });
  // docs/product-contract.md#states-and-transitions: a TTS setup raises the workspace's project count; reload it so every view agrees with the server.
  sample({
    clock: submitFx.done,
    filter: ({ params }) => params.target.kind === 'voiceOver',
    fn: () => undefined,
    target: app.workspacesReloadRequested,
  });

  return {
    opened,
    closed,
    retryRequested,
    languageChosen,
    subtitleLanguageToggled,
    dubbingLanguageToggled,
    transcriptToggled,
    transcriptChanged,
    voiceCloningToggled,
    submitted,
    resourceChosen: resources.resourceChosen,
    projectListRefreshRequested,
    fetchSettingsFx,
    submitFx,
    $target,
    $kind,
    $settings,
    $settingsFailed,
    $loadingSettings: fetchSettingsFx.pending,
    $form,
    $resourcePickers: resources.$pickers,
    $chosenResources: resources.$chosen,
    $videoLanguageOptions,
    $subtitleLanguageOptions,
    $dubbingLanguageOptions,
    $voiceCloning,
    $problem,
    $submitting,
    $canSubmit,
  };
}

export type SetupModel = ReturnType<typeof createSetupModel>;
