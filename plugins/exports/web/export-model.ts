import { createEffect, createEvent, createStore, restore, sample, type Store } from 'effector';
import {
  announceEffect,
  announceFailure,
  apiEffect,
  languageName,
  type ApiClient,
  type ShellChrome,
  type ToastService,
} from '../../../core';
import {
  EXPORTS_PATHS,
  type CreateExportationRequest,
  type ExportationResponse,
  type ExportFormat,
} from '../common/exports-contract';
import { loadExportOptions, loadThemes, MAX_EXPORT_VERSIONS, type ExportOptionsData } from './export-options';

/** The popup's three choices; a voice-over is then its video or its audio. */
export type ExportChoice = 'subtitles' | 'burned_video' | 'voice_over';

export interface ExportTarget {
  projectVersionIds: string[];
  /** Opened from a subtitle's page: that subtitle's language is preselected. */
  subtitleId?: string;
  kind: ExportChoice;
}

export interface ExportForm {
  kind: ExportChoice;
  language: string;
  format: ExportFormat;
  themeId: string | null;
  voiceOver: 'video' | 'audio';
}

/** docs/product-contract.md#messages "Projects", verbatim. */
export const EXPORT_TOASTS = {
  submitted: 'Request submitted',
  onceReady: "You'll get an email once it's ready",
  notSubmitted: 'Request could not be submitted',
  themesNotLoaded: 'Themes could not be loaded',
} as const;

/** One request per version that has what the form asks for; the others are counted as skipped. */
export function exportRequests(
  target: ExportTarget,
  options: Omit<ExportOptionsData, 'themes'>,
  form: ExportForm,
): { requests: CreateExportationRequest[]; skipped: number } {
  const requests: CreateExportationRequest[] = [];
  const ids = target.projectVersionIds.slice(0, MAX_EXPORT_VERSIONS);
  for (const projectVersionId of ids) {
    if (form.kind === 'voice_over') {
      const dubbed = options.voiceOvers[projectVersionId]?.find((d) => d.language === form.language);
      if (dubbed && (form.voiceOver === 'audio' || dubbed.hasVideo)) {
        requests.push({
          projectVersionId,
          kind: form.voiceOver === 'audio' ? 'dubbed_audio' : 'dubbed_video',
          language: form.language,
        });
      }
      continue;
    }
    const subtitle = options.subtitles[projectVersionId]?.find((s) => s.language === form.language);
    if (!subtitle) continue;
    requests.push(
      form.kind === 'subtitles'
        ? { projectVersionId, kind: 'subtitles', subtitleId: subtitle.id, format: form.format }
        : { projectVersionId, kind: 'burned_video', subtitleId: subtitle.id, themeId: form.themeId },
    );
  }
  return { requests, skipped: ids.length - requests.length };
}

/**
 * The export popup's model: what it acts on, what it can offer (loaded when it opens), and the
 * submission, after which each export is followed in the shell's progress panel and the popup closes.
 */
export function createExportModel(deps: {
  api: ApiClient;
  toast: ToastService;
  chrome: Pick<ShellChrome, 'followProgress'>;
  $workspaceId: Store<string | null>;
  logger?: Pick<Console, 'error'>;
}) {
  const announce = { toast: deps.toast, logger: deps.logger ?? console };
  const opened = createEvent<ExportTarget>();
  const closed = createEvent();
  const submitted = createEvent<ExportForm>();

  const $target = createStore<ExportTarget | null>(null).on(opened, (_, target) => target);
  const optionsFx = apiEffect((target: ExportTarget) => loadExportOptions(deps.api, target.projectVersionIds));
  const themesFx = apiEffect((workspaceId: string | null) => loadThemes(deps.api, workspaceId));
  const $options = restore(optionsFx.doneData, null).reset(opened);
  const $themes = restore(themesFx.doneData, []);

  const submitFx = apiEffect(
    async ({
      target,
      options,
      form,
    }: {
      target: ExportTarget;
      options: Omit<ExportOptionsData, 'themes'>;
      form: ExportForm;
    }) => {
      const { requests, skipped } = exportRequests(target, options, form);
      if (requests.length === 0) throw new Error(`Nothing to export in ${languageName(form.language)}`);
      const created = await Promise.all(
        requests.map((body) => deps.api.post<ExportationResponse>(EXPORTS_PATHS.exportations, body)),
      );
      return { ids: created.map((res) => res.data.data.id), skipped };
    },
  );
  const followFx = createEffect(({ ids, skipped }: { ids: string[]; skipped: number }) => {
    for (const id of ids) deps.chrome.followProgress({ sourceId: 'exports', id });
    const note = skipped > 0 ? ` (${skipped} version${skipped === 1 ? '' : 's'} had nothing to export)` : '';
    deps.toast.success(EXPORT_TOASTS.submitted, `${EXPORT_TOASTS.onceReady}${note}`);
  });

  $target.reset(closed, submitFx.done);
  sample({ clock: opened, target: optionsFx });
  sample({ clock: opened, source: deps.$workspaceId, target: themesFx });
  sample({
    clock: submitted,
    source: { target: $target, options: $options },
    filter: ({ target, options }) => target !== null && options !== null,
    fn: ({ target, options }, form) => ({ target: target!, options: options!, form }),
    target: submitFx,
  });
  sample({ clock: submitFx.doneData, target: followFx });
  announceEffect(announce, 'exports', submitFx, { fail: EXPORT_TOASTS.notSubmitted });
  announceFailure(announce, 'exports', optionsFx.failData, EXPORT_TOASTS.notSubmitted);
  announceFailure(announce, 'exports', themesFx.failData, EXPORT_TOASTS.themesNotLoaded);

  return { opened, closed, submitted, $target, $options, $themes, optionsFx, submitFx };
}

export type ExportModel = ReturnType<typeof createExportModel>;
