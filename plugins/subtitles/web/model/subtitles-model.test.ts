import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createAppModel, createToastService } from '../../../../core';
import { FakeApiClient } from '../../../../core/testing/fake-api-client';
import { localCueKeys } from '../../common/subtitles-contract';
import { fileNameFromDisposition } from './download-file';
import { createSubtitlesModel } from './subtitles-model';

const subtitle = (id: string, language = 'en') => ({
  id,
  type: 'subtitle' as const,
  attributes: {
    projectVersionId: 'v1',
    projectId: 'p1',
    language,
    kind: 'transcript' as const,
    cuesCount: 3,
    updatedAt: '',
    editorUrl: `/projects/p1/project_versions/v1/subtitles/${id}`,
  },
});

function kit() {
  const api = new FakeApiClient();
  const toast = createToastService();
  const app = createAppModel({ api, toast });
  const visits: string[] = [];
  const stored = new Map<string, string>();
  const saved: { fileName: string; size: number }[] = [];
  const logged: unknown[] = [];
  const model = createSubtitlesModel({
    api,
    toast,
    app,
    navigator: { navigate: (path) => void visits.push(path) },
    storage: { removeItem: (key) => void stored.delete(key) },
    saveFile: (blob, fileName) => void saved.push({ fileName, size: blob.size }),
    logger: { error: (...args: unknown[]) => void logged.push(args) },
  });
  const scope = fork({ values: [[app.$currentWorkspaceId, 'w1']] });
  const toasts = () =>
    scope.getState(toast.$toasts).map(({ kind, title, description }) => ({ kind, title, description }));
  return { api, model, scope, visits, stored, saved, logged, toasts };
}

const file = () => new Blob(['1\n00:00:01,000 --> 00:00:02,000\nHello\n']);
const IMPORT_URL = '/api/v1/project_versions/v1/subtitles/s1/import_srt';

afterEach(() => {
  vi.useRealTimers();
});

describe('import', () => {
  it('says "SRT file imported", clears the subtitle’s locally stored cues, closes the popup, and goes home 2000 ms later', async () => {
    vi.useFakeTimers();
    const k = kit();
    for (const key of Object.values(localCueKeys('s1'))) k.stored.set(key, 'old');
    k.stored.set(localCueKeys('s2').cues, 'another subtitle');
    k.api.reply('POST', IMPORT_URL, { message: 'SRT file imported', data: subtitle('s1') });
    await allSettled(k.model.dialogOpened, {
      scope: k.scope,
      params: { kind: 'import', projectVersionId: 'v1', subtitleId: 's1' },
    });

    const settled = allSettled(k.model.importSubmitted, {
      scope: k.scope,
      params: { projectVersionId: 'v1', subtitleId: 's1', file: file(), fileName: 'a.srt', keepSpeakers: true },
    });
    await vi.advanceTimersByTimeAsync(0);
    const form = k.api.callsTo('POST', IMPORT_URL)[0].body as FormData;
    expect(form.get('enable_speaker_diarization')).toBe('true');
    expect(form.get('srt_content')).toBeInstanceOf(Blob);
    expect(k.toasts()).toEqual([{ kind: 'success', title: 'SRT file imported', description: undefined }]);
    expect([...k.stored.keys()]).toEqual([localCueKeys('s2').cues]);
    expect(k.scope.getState(k.model.$dialog)).toBeNull();
    expect(k.scope.getState(k.model.$returningHome)).toBe(true);

    await vi.advanceTimersByTimeAsync(1999);
    expect(k.visits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(k.visits).toEqual(['/']);
    expect(k.scope.getState(k.model.$returningHome)).toBe(false);
  });

  it('a refused file: "SRT file could not be imported" with the server’s line message, kept in the popup; nothing cleared, no redirect', async () => {
    vi.useFakeTimers();
    const k = kit();
    k.stored.set(localCueKeys('s1').cues, 'unsaved edits');
    k.api.reply(
      'POST',
      IMPORT_URL,
      new ApiError(
        "Line 14: the timing '00:01 --> x' is not a valid time range",
        422,
        'invalid_subtitle_file',
        'srt_content',
      ),
    );
    await allSettled(k.model.dialogOpened, {
      scope: k.scope,
      params: { kind: 'import', projectVersionId: 'v1', subtitleId: 's1' },
    });
    await allSettled(k.model.importSubmitted, {
      scope: k.scope,
      params: { projectVersionId: 'v1', subtitleId: 's1', file: file(), fileName: 'a.srt', keepSpeakers: false },
    });
    await vi.advanceTimersByTimeAsync(5000);

    expect(k.toasts()).toEqual([
      {
        kind: 'error',
        title: 'SRT file could not be imported',
        description: "Line 14: the timing '00:01 --> x' is not a valid time range",
      },
    ]);
    expect(k.scope.getState(k.model.$importError)).toMatch(/^Line 14: /);
    expect(k.scope.getState(k.model.$dialog)).toEqual({ kind: 'import', projectVersionId: 'v1', subtitleId: 's1' });
    expect(k.stored.get(localCueKeys('s1').cues)).toBe('unsaved edits');
    expect(k.visits).toEqual([]);
    expect(k.logged).toHaveLength(1);
  });

  it('without a subtitle, makes one in the chosen language first, then imports into it', async () => {
    vi.useFakeTimers();
    const k = kit();
    k.api.reply('GET', '/api/v1/project_versions/v1/subtitles', { data: [], meta: {} });
    k.api.reply('POST', '/api/v1/project_versions/v1/subtitles', { data: subtitle('s9', 'de') });
    k.api.reply('POST', '/api/v1/project_versions/v1/subtitles/s9/import_srt', {
      message: 'SRT file imported',
      data: subtitle('s9', 'de'),
    });
    await allSettled(k.model.dialogOpened, { scope: k.scope, params: { kind: 'import', projectVersionId: 'v1' } });
    expect(k.api.callsTo('GET', '/api/v1/project_versions/v1/subtitles')).toHaveLength(1);
    const settled = allSettled(k.model.importSubmitted, {
      scope: k.scope,
      params: { projectVersionId: 'v1', language: 'de', file: file(), fileName: 'a.srt', keepSpeakers: false },
    });
    await vi.advanceTimersByTimeAsync(2000);
    await settled;
    expect(k.visits).toEqual(['/']);
    expect(k.api.callsTo('POST', '/api/v1/project_versions/v1/subtitles')[0].body).toEqual({ language: 'de' });
    expect(k.api.callsTo('POST', '/api/v1/project_versions/v1/subtitles/s9/import_srt')).toHaveLength(1);
  });
});

describe('download', () => {
  it('asks for the zip of the chosen versions and formats in the current workspace and saves it under the Content-Disposition name', async () => {
    const k = kit();
    k.api.reply('GET', '/api/v1/project_versions/download_subtitles', new Blob(['PK']), {
      'content-disposition': `attachment; filename="Caf_ tour.zip"; filename*=UTF-8''Caf%C3%A9%20tour.zip`,
    });
    await allSettled(k.model.dialogOpened, {
      scope: k.scope,
      params: { kind: 'download', projectVersionIds: ['v1', 'v2'] },
    });
    await allSettled(k.model.downloadSubmitted, {
      scope: k.scope,
      params: { projectVersionIds: ['v1', 'v2'], formats: ['srt', 'vtt'] },
    });
    const call = k.api.callsTo('GET', '/api/v1/project_versions/download_subtitles')[0];
    expect(call.options).toMatchObject({
      params: { workspaceId: 'w1', projectVersionIds: 'v1,v2', formats: 'srt,vtt' },
      responseType: 'blob',
    });
    expect(k.saved).toEqual([{ fileName: 'Café tour.zip', size: 2 }]);
    expect(k.scope.getState(k.model.$dialog)).toBeNull();
  });

  it('a failure says "Subtitle files could not be downloaded" with the server’s reason read from the Blob body', async () => {
    const k = kit();
    const body = new Blob([JSON.stringify({ statusCode: 404, message: 'There are no subtitles to download' })], {
      type: 'application/json',
    });
    k.api.reply(
      'GET',
      '/api/v1/project_versions/download_subtitles',
      new ApiError('Request failed with status code 404', 404, null, null, body),
    );
    await allSettled(k.model.downloadSubmitted, {
      scope: k.scope,
      params: { projectVersionIds: ['v1'], formats: ['srt'] },
    });
    expect(k.toasts()).toEqual([
      {
        kind: 'error',
        title: 'Subtitle files could not be downloaded',
        description: 'There are no subtitles to download',
      },
    ]);
    expect(k.saved).toEqual([]);
  });

  it('names the file from Content-Disposition, download.zip by default (docs/product-contract.md#constants-and-limits), never a path', () => {
    expect(fileNameFromDisposition(undefined)).toBe('download.zip');
    expect(fileNameFromDisposition('attachment')).toBe('download.zip');
    expect(fileNameFromDisposition('attachment; filename="download.zip"')).toBe('download.zip');
    expect(fileNameFromDisposition('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(fileNameFromDisposition(`attachment; filename="x.zip"; filename*=UTF-8''..%2F..%2Fevil.zip`)).toBe(
      'evil.zip',
    );
  });
});

describe('share links', () => {
  it('lists the subtitle’s links on open, shows a created link once, and drops a revoked one', async () => {
    const k = kit();
    const token = (id: string) => ({
      id,
      type: 'external_token',
      attributes: { subtitleId: 's1', createdAt: '2026-01-01T00:00:00Z', createdByName: 'Ada' },
    });
    k.api.reply('GET', '/api/v1/subtitles/s1/external_tokens', { data: [token('t1')] });
    k.api.reply('POST', '/api/v1/subtitles/s1/external_tokens', {
      externalTokenUrl: 'http://localhost:3000/share/abc',
      data: token('t2'),
    });
    k.api.reply('DELETE', '/api/v1/external_tokens/t1', { data: { id: 't1' } });
    await allSettled(k.model.dialogOpened, {
      scope: k.scope,
      params: { kind: 'share', projectVersionId: 'v1', subtitleId: 's1' },
    });
    expect(k.scope.getState(k.model.$tokens).map((t) => t.id)).toEqual(['t1']);
    await allSettled(k.model.createLinkRequested, { scope: k.scope, params: 's1' });
    expect(k.scope.getState(k.model.$createdUrl)).toBe('http://localhost:3000/share/abc');
    expect(k.scope.getState(k.model.$tokens).map((t) => t.id)).toEqual(['t2', 't1']);
    await allSettled(k.model.revokeRequested, { scope: k.scope, params: 't1' });
    expect(k.scope.getState(k.model.$tokens).map((t) => t.id)).toEqual(['t2']);
    expect(k.scope.getState(k.model.$createdUrl)).toBe('http://localhost:3000/share/abc'); // another link went
    // Revoking the link just created takes it (and its Copy button) off the screen.
    k.api.reply('DELETE', '/api/v1/external_tokens/t2', { data: { id: 't2' } });
    await allSettled(k.model.revokeRequested, { scope: k.scope, params: 't2' });
    expect(k.scope.getState(k.model.$tokens)).toEqual([]);
    expect(k.scope.getState(k.model.$createdUrl)).toBeNull();
  });

  it('a failure says "Link to share could not be created"', async () => {
    const k = kit();
    k.api.reply('POST', '/api/v1/subtitles/s1/external_tokens', new ApiError('Subtitle not found', 404, 'not_found'));
    await allSettled(k.model.createLinkRequested, { scope: k.scope, params: 's1' });
    expect(k.toasts()).toEqual([
      { kind: 'error', title: 'Link to share could not be created', description: 'Subtitle not found' },
    ]);
    expect(k.scope.getState(k.model.$createdUrl)).toBeNull();
  });
});
