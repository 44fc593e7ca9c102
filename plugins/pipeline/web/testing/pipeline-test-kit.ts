import { fork } from 'effector';
import {
  createAppModel,
  createToastService,
  TimerPollingService,
  type ApiError,
  type Navigator,
} from '../../../../core';
import type { ProjectVersionSettings } from '../../common/pipeline-contract';
import { createPipelineModel } from '../model/pipeline-model';
import type { SetupResourcePicker } from '../extension-points';

import { FakeApiClient, type RecordedCall } from '../../../../core/testing/fake-api-client';

export { FakeApiClient, type RecordedCall };

export class RecordingNavigator implements Navigator {
  readonly visits: string[] = [];
  navigate(path: string) {
    this.visits.push(path);
  }
}

/**
 * What a small Debian installation reports: speech to text in English only, alignment in English
 * and Spanish, apertium en->es, en->ca, es->en, es->pt (and en->pt through Spanish), voices for
 * en, es, pt.
 */
export function settingsOf(overrides: Partial<ProjectVersionSettings> = {}): ProjectVersionSettings {
  return {
    duration: 95,
    language: null,
    subtitleLanguages: [],
    hasAudioSeparation: false,
    subscriptionSubtitlesLength: null,
    targetLanguagesAllowed: null,
    hasVoice: false,
    languagesForVideos: ['en'],
    translationLanguages: { en: ['es', 'ca', 'pt'], es: ['en', 'pt'] },
    nonTranslatableLanguages: [],
    alignmentLanguages: ['en', 'es'],
    dubbingLanguages: ['en', 'es', 'pt'],
    voiceCloningLanguages: [],
    lastUsedSettings: null,
    elements: [{ elementId: 'e1', duration: 95, projectVersionId: 'pv1', downloading: false, size: 1000 }],
    ...overrides,
  };
}

/**
 * The real pipeline model on the real app model, toast service and polling service (drive time
 * with vi's fake timers); HTTP and the router are fakes. The scope starts in workspace w1.
 */
export function createPipelineTestKit({ resourcePickers = [] }: { resourcePickers?: SetupResourcePicker[] } = {}) {
  /** Refusals a contributed handler answered (as billing's upgrade popup does for `plan_limit`). */
  const refusals: { code: string | null; field: string | null; message: string; kind: string }[] = [];
  const refusalHandlers = () => [
    {
      code: 'plan_limit',
      handle: ({ error, kind }: { error: ApiError; kind: string }) =>
        void refusals.push({ code: error.code, field: error.field, message: error.message, kind }),
    },
  ];
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const navigator = new RecordingNavigator();
  const polling = new TimerPollingService(undefined, { error: () => {} });
  const logged: unknown[] = [];
  const model = createPipelineModel({
    api,
    toast,
    app,
    navigator,
    polling,
    logger: { error: (...args: unknown[]) => void logged.push(args) },
    resourcePickers: () => resourcePickers,
    refusalHandlers,
  });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  return { api, toast, app, navigator, polling, model, scope, toasts, logged, refusals };
}
