import { fork } from 'effector';
import {
  ApiError,
  createAppModel,
  createToastService,
  TimerPollingService,
  type ApiClient,
  type ApiResponse,
  type Navigator,
  type RequestOptions,
} from '../../../../core';
import type { ProjectVersionSettings } from '../../common/pipeline-contract';
import { createPipelineModel } from '../model/pipeline-model';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface RecordedCall {
  method: Method;
  url: string;
  body: unknown;
  params?: Record<string, unknown>;
}
type Reply = unknown | ApiError | ((call: RecordedCall) => unknown);

/** A core ApiClient answering from a table of `METHOD path` replies (values, errors, functions) and recording every call. */
export class FakeApiClient implements ApiClient {
  readonly calls: RecordedCall[] = [];
  private readonly replies = new Map<string, Reply>();

  reply(method: Method, url: string, reply: Reply): this {
    this.replies.set(`${method} ${url}`, reply);
    return this;
  }
  callsTo(method: Method, url: string) {
    return this.calls.filter((c) => c.method === method && c.url === url);
  }
  get<T>(url: string, options?: RequestOptions) {
    return this.send<T>({ method: 'GET', url, body: undefined, params: options?.params });
  }
  post<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'POST', url, body });
  }
  put<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'PUT', url, body });
  }
  patch<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'PUT', url, body });
  }
  delete<T>(url: string, body?: unknown) {
    return this.send<T>({ method: 'DELETE', url, body });
  }
  private async send<T>(call: RecordedCall): Promise<ApiResponse<T>> {
    this.calls.push(call);
    const key = `${call.method} ${call.url}`;
    if (!this.replies.has(key)) throw new ApiError(`No fake reply for ${key}`, 404, 'not_found');
    let reply = this.replies.get(key);
    if (typeof reply === 'function') reply = await (reply as (c: RecordedCall) => unknown)(call);
    if (reply instanceof ApiError) throw reply;
    return { data: reply as T, status: 200, headers: {} };
  }
}

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
export function createPipelineTestKit() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const navigator = new RecordingNavigator();
  const polling = new TimerPollingService(undefined, { error: () => {} });
  const logged: unknown[] = [];
  const model = createPipelineModel({ api, toast, app, navigator, polling, logger: { error: (...args: unknown[]) => void logged.push(args) } });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () => scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  return { api, toast, app, navigator, polling, model, scope, toasts, logged };
}
