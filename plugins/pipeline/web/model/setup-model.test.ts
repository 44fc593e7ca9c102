import { allSettled, createWatch } from 'effector';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../core';
import { PIPELINE_PATHS } from '../../common/pipeline-contract';
import { createPipelineTestKit, settingsOf } from '../testing/pipeline-test-kit';

const last = {
  language: 'en',
  subtitleLanguages: ['es'],
  dubbingLanguages: ['es'],
  vocabularyListId: null,
  guidelineId: null,
  termbaseId: null,
};

async function openPopup(
  kit: ReturnType<typeof createPipelineTestKit>,
  kind: 'subtitles' | 'voiceOver',
  projectVersionIds = ['pv1'],
) {
  await allSettled(kit.model.setup.opened, { scope: kit.scope, params: { kind, projectVersionIds } });
}

describe('set-up popups: settings', () => {
  it('loads the plain settings for the selected versions and preselects the last used choices', async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', PIPELINE_PATHS.showSettings, { data: settingsOf({ lastUsedSettings: last }) });
    await openPopup(kit, 'subtitles', ['pv1', 'pv2']);

    expect(kit.api.callsTo('GET', PIPELINE_PATHS.showSettings)[0].params).toEqual({
      workspaceId: 'w1',
      projectVersionIds: 'pv1,pv2',
    });
    expect(kit.scope.getState(kit.model.setup.$form)).toMatchObject({
      language: 'en',
      subtitleLanguages: ['es'],
      includesTranscript: false,
    });
    expect(kit.scope.getState(kit.model.setup.$canSubmit)).toBe(true);
  });

  it('loads the voice-over popup from show_settings_tts, with the remembered dubbing languages', async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', PIPELINE_PATHS.showSettingsTts, { data: settingsOf({ lastUsedSettings: last }) });
    await openPopup(kit, 'voiceOver');
    expect(kit.api.callsTo('GET', PIPELINE_PATHS.showSettings)).toHaveLength(0);
    expect(kit.scope.getState(kit.model.setup.$form).dubbingLanguages).toEqual(['es']);
  });

  it("says 'Settings could not be loaded' (plain) or 'Language data could not be loaded' (voice-over), and can try again", async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', PIPELINE_PATHS.showSettings, new ApiError('Boom', 500));
    kit.api.reply('GET', PIPELINE_PATHS.showSettingsTts, new ApiError('Boom', 500));
    await openPopup(kit, 'subtitles');
    expect(kit.scope.getState(kit.model.setup.$settingsFailed)).toBe(true);
    await openPopup(kit, 'voiceOver');
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Settings could not be loaded', description: 'Boom' },
      { kind: 'error', title: 'Language data could not be loaded', description: 'Boom' },
    ]);

    kit.api.reply('GET', PIPELINE_PATHS.showSettingsTts, { data: settingsOf() });
    await allSettled(kit.model.setup.retryRequested, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.setup.$settingsFailed)).toBe(false);
    expect(kit.scope.getState(kit.model.setup.$settings)).not.toBeNull();
  });

  it('ignores settings that arrive after their popup was closed', async () => {
    const kit = createPipelineTestKit();
    let answer!: (value: unknown) => void;
    kit.api.reply('GET', PIPELINE_PATHS.showSettings, () => new Promise((resolve) => (answer = resolve)));
    const opening = allSettled(kit.model.setup.opened, {
      scope: kit.scope,
      params: { kind: 'subtitles', projectVersionIds: ['pv1'] },
    });
    // allSettled waits for the pending fetch too, so answer it only after the close went in.
    const closing = allSettled(kit.model.setup.closed, { scope: kit.scope });
    await Promise.resolve();
    expect(kit.scope.getState(kit.model.setup.$target)).toBeNull();
    answer({ data: settingsOf() });
    await Promise.all([opening, closing]);
    expect(kit.scope.getState(kit.model.setup.$settings)).toBeNull();
  });
});

describe('set-up popups: language lists', () => {
  it('narrows subtitle languages to what the chosen video language can be translated into', async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', PIPELINE_PATHS.showSettings, {
      data: settingsOf({ language: 'en', subtitleLanguages: ['ca', 'es'] }),
    });
    await openPopup(kit, 'subtitles');
    const available = () =>
      kit.scope
        .getState(kit.model.setup.$subtitleLanguageOptions)
        .filter((o) => o.available)
        .map((o) => o.code);
    expect(available()).toEqual(['ca', 'pt', 'es']);

    // Spanish is only offered with a transcript (alignment), and Catalan is not reachable from it.
    await allSettled(kit.model.setup.languageChosen, { scope: kit.scope, params: 'es' });
    expect(kit.scope.getState(kit.model.setup.$form).language).toBe('en');
    await allSettled(kit.model.setup.transcriptToggled, { scope: kit.scope, params: true });
    await allSettled(kit.model.setup.languageChosen, { scope: kit.scope, params: 'es' });
    expect(kit.scope.getState(kit.model.setup.$form)).toMatchObject({ language: 'es', subtitleLanguages: [] });
    expect(available()).toEqual(['en', 'pt']);
  });

  it('adds the subtitle language of a chosen dubbing language, and drops the dubbing with it', async () => {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', PIPELINE_PATHS.showSettingsTts, { data: settingsOf({ language: 'en' }) });
    await openPopup(kit, 'voiceOver');
    await allSettled(kit.model.setup.dubbingLanguageToggled, { scope: kit.scope, params: 'pt' });
    expect(kit.scope.getState(kit.model.setup.$form)).toMatchObject({
      subtitleLanguages: ['pt'],
      dubbingLanguages: expect.arrayContaining(['pt']),
    });
    await allSettled(kit.model.setup.subtitleLanguageToggled, { scope: kit.scope, params: 'pt' });
    expect(kit.scope.getState(kit.model.setup.$form).dubbingLanguages).not.toContain('pt');
  });
});

describe('set-up popups: submit and where it leads (docs/product-contract.md#states-and-transitions)', () => {
  async function submitWith(
    kind: 'subtitles' | 'voiceOver',
    ids: string[],
    transcript: string | null,
    reply: unknown = { data: [] },
  ) {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', kind === 'voiceOver' ? PIPELINE_PATHS.showSettingsTts : PIPELINE_PATHS.showSettings, {
      data: settingsOf({ language: 'en', subtitleLanguages: ['es'] }),
    });
    kit.api.reply('PUT', kind === 'voiceOver' ? PIPELINE_PATHS.setupTts : PIPELINE_PATHS.setup, reply);
    let refreshes = 0;
    createWatch({ unit: kit.model.setup.projectListRefreshRequested, scope: kit.scope, fn: () => refreshes++ });
    await openPopup(kit, kind, ids);
    if (transcript !== null) {
      await allSettled(kit.model.setup.transcriptToggled, { scope: kit.scope, params: true });
      await allSettled(kit.model.setup.transcriptChanged, { scope: kit.scope, params: transcript });
    }
    await allSettled(kit.model.setup.submitted, { scope: kit.scope });
    return { kit, refreshes: () => refreshes };
  }

  it('sends the spec Setup payload, announces it, and opens /processing for one version with a transcript', async () => {
    const { kit, refreshes } = await submitWith('subtitles', ['pv1'], 'Hello world.');
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)[0].body).toEqual({
      projectVersionIds: ['pv1'],
      includesTranscript: true,
      workspaceId: 'w1',
      settings: { language: 'en', subtitleLanguages: ['es'], transcript: 'Hello world.' },
    });
    expect(kit.toasts()).toEqual([
      { kind: 'success', title: 'Request submitted', description: undefined },
      { kind: 'info', title: "You'll get an email once it's ready", description: "We're processing your project(s)" },
    ]);
    expect(kit.navigator.visits).toEqual(['/processing?projectVersionId=pv1']);
    expect(refreshes()).toBe(0);
    expect(kit.scope.getState(kit.model.setup.$target)).toBeNull();
  });

  it('refreshes the project list from page 1 when there is no transcript', async () => {
    const { kit, refreshes } = await submitWith('subtitles', ['pv1', 'pv2'], null);
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)[0].body).toMatchObject({
      includesTranscript: false,
      settings: { language: 'en', subtitleLanguages: ['es'] },
    });
    expect((kit.api.callsTo('PUT', PIPELINE_PATHS.setup)[0].body as { settings: object }).settings).not.toHaveProperty(
      'transcript',
    );
    expect(kit.navigator.visits).toEqual([]);
    expect(refreshes()).toBe(1);
  });

  it('sends a voice-over with a transcript to the editor URL the server returned', async () => {
    const editorUrl = '/projects/p1/project_versions/pv1/subtitles/s9';
    const { kit, refreshes } = await submitWith('voiceOver', ['pv1'], 'Hello world.', {
      data: [{ projectVersionId: 'pv1', runId: 'r1', subtitleId: 's9' }],
      editorUrl,
    });
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setupTts)[0].body).toMatchObject({
      includesTranscript: true,
      settings: { dubbingLanguages: ['es'] },
    });
    expect(kit.navigator.visits).toEqual([editorUrl]);
    expect(refreshes()).toBe(0);
  });

  it('refreshes the list after a voice-over without a transcript', async () => {
    const { kit, refreshes } = await submitWith('voiceOver', ['pv1'], null);
    expect(kit.navigator.visits).toEqual([]);
    expect(refreshes()).toBe(1);
  });

  it("keeps the popup open on failure: 'Request has failed' (plain), 'Voice-over cannot be translated' (voice-over)", async () => {
    const reason = new ApiError('No engine here translates from English to Spanish', 422, 'translation_not_supported');
    const plain = await submitWith('subtitles', ['pv1'], null, reason);
    expect(plain.kit.toasts()).toEqual([{ kind: 'error', title: 'Request has failed', description: reason.message }]);
    expect(plain.kit.scope.getState(plain.kit.model.setup.$target)).not.toBeNull();
    expect(plain.refreshes()).toBe(0);
    const tts = await submitWith('voiceOver', ['pv1'], null, reason);
    expect(tts.kit.toasts()).toEqual([
      { kind: 'error', title: 'Voice-over cannot be translated', description: reason.message },
    ]);
  });

  it('does not send a form that is not complete', async () => {
    const { kit } = await submitWith('subtitles', ['pv1'], '   ');
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)).toHaveLength(0);
    expect(kit.scope.getState(kit.model.setup.$problem)).toMatch(/Paste the transcript/);
  });
});

describe('set-up popups: voice cloning', () => {
  async function voiceOverPopup(voiceCloningLanguages: string[]) {
    const kit = createPipelineTestKit();
    kit.api.reply('GET', PIPELINE_PATHS.showSettingsTts, {
      data: settingsOf({ lastUsedSettings: last, voiceCloningLanguages }),
    });
    await openPopup(kit, 'voiceOver');
    return kit;
  }

  it('says no cloning engine is set up here instead of failing at run time, and sends no voiceCloning', async () => {
    const kit = await voiceOverPopup([]);
    expect(kit.scope.getState(kit.model.setup.$voiceCloning)).toEqual({
      available: false,
      reason: 'No voice cloning engine is set up on this server.',
    });
    await allSettled(kit.model.setup.voiceCloningToggled, { scope: kit.scope, params: true });
    expect(kit.scope.getState(kit.model.setup.$form).voiceCloning).toBe(false);
  });

  it('sends voiceCloning for a language the engine clones; a plan without it opens the upgrade popup, not a toast', async () => {
    const kit = await voiceOverPopup(['es']);
    await allSettled(kit.model.setup.voiceCloningToggled, { scope: kit.scope, params: true });
    const refusal = new ApiError(
      'Voice cloning is not in the Free plan. Upgrade to Pro for more.',
      402,
      'plan_limit',
      'settings.voiceCloning',
    );
    kit.api.reply('PUT', PIPELINE_PATHS.setupTts, refusal);
    await allSettled(kit.model.setup.submitted, { scope: kit.scope });
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setupTts)[0].body).toMatchObject({
      settings: { dubbingLanguages: ['es'], voiceCloning: true },
    });
    expect(kit.refusals).toEqual([
      { code: 'plan_limit', field: 'settings.voiceCloning', message: refusal.message, kind: 'voiceOver' },
    ]);
    expect(kit.toasts()).toEqual([]);
  });
});
