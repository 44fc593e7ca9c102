import { describe, expect, it } from 'vitest';
import { settingsOf } from '../testing/pipeline-test-kit';
import {
  dubbingLanguageOptions,
  formProblem,
  initialForm,
  REASONS,
  reconcileForm,
  subtitleLanguageOptions,
  toggleDubbing,
  videoLanguageOptions,
  voiceCloningAvailability,
} from './language-options';

const codes = (options: { code: string; available: boolean }[], available: boolean) =>
  options
    .filter((o) => o.available === available)
    .map((o) => o.code)
    .sort();

describe('language lists follow what the engines here can do', () => {
  const settings = settingsOf();

  it('offers speech-to-text languages for the video, and alignment languages once a transcript is given', () => {
    const plain = videoLanguageOptions(settings, false);
    expect(codes(plain, true)).toEqual(['en']);
    expect(plain.find((o) => o.code === 'es')).toMatchObject({ available: false, reason: REASONS.noSpeechToText });
    expect(codes(videoLanguageOptions(settings, true), true)).toEqual(['en', 'es']);
  });

  it('offers as subtitle languages only what the engines translate into from the chosen video language', () => {
    expect(codes(subtitleLanguageOptions(settings, 'en'), true)).toEqual(['ca', 'es', 'pt']);
    const fromSpanish = subtitleLanguageOptions(settings, 'es');
    expect(codes(fromSpanish, true)).toEqual(['en', 'pt']);
    expect(fromSpanish.find((o) => o.code === 'ca')).toMatchObject({ available: false, reason: REASONS.noTranslation });
    // The video language itself is never a translation target.
    expect(fromSpanish.some((o) => o.code === 'es')).toBe(false);
  });

  it('lists available languages first, by name, with readable names', () => {
    const options = subtitleLanguageOptions(
      settingsOf({ translationLanguages: { en: ['pt', 'ca'], es: ['fr'] } }),
      'en',
    );
    expect(options.map((o) => o.name)).toEqual(['Catalan', 'Portuguese', 'French', 'Spanish']);
  });

  it('leaves out codes no one can read (a voice "hyw" the browser cannot name), never lists them raw', () => {
    const options = dubbingLanguageOptions(settingsOf({ dubbingLanguages: ['en', 'es', 'hyw', 'xx'] }), 'en');
    expect(options.map((o) => o.name)).not.toContain('hyw');
    expect(options.map((o) => o.code)).toEqual(expect.arrayContaining(['en', 'es']));
    expect(options.some((o) => o.code === 'hyw' || o.code === 'xx')).toBe(false);
  });

  it('offers dubbing into voiced languages the video language can reach, saying why the others are not', () => {
    const options = dubbingLanguageOptions(settingsOf({ dubbingLanguages: ['en', 'es', 'de'] }), 'en');
    expect(codes(options, true)).toEqual(['en', 'es']);
    expect(options.find((o) => o.code === 'de')).toMatchObject({ available: false, reason: REASONS.noTranslation });
    // Catalan is reachable by translation but has no voice here.
    expect(options.find((o) => o.code === 'ca')).toMatchObject({ available: false, reason: REASONS.noVoice });
  });

  it('ticks the subtitle language of a chosen dubbing language, and drops the dubbing when its subtitle goes', () => {
    const form = {
      language: 'en',
      subtitleLanguages: [],
      dubbingLanguages: [],
      includesTranscript: false,
      transcript: '',
      voiceCloning: false,
    };
    const dubbed = toggleDubbing(form, 'es');
    expect(dubbed).toMatchObject({ subtitleLanguages: ['es'], dubbingLanguages: ['es'] });
    expect(toggleDubbing(form, 'en')).toMatchObject({ subtitleLanguages: [], dubbingLanguages: ['en'] });
    expect(reconcileForm(settingsOf(), { ...dubbed, subtitleLanguages: [] }).dubbingLanguages).toEqual([]);
  });

  it('drops choices a new video language cannot reach', () => {
    const form = reconcileForm(settings, {
      language: 'es',
      subtitleLanguages: ['ca', 'pt'],
      dubbingLanguages: ['ca', 'pt'],
      includesTranscript: true,
      transcript: 'x',
      voiceCloning: false,
    });
    expect(form).toMatchObject({ language: 'es', subtitleLanguages: ['pt'], dubbingLanguages: ['pt'] });
    // Unticking the transcript: Spanish is not recognised here, so the video language falls back to English.
    expect(reconcileForm(settings, { ...form, includesTranscript: false }).language).toBe('en');
  });
});

describe('voice cloning in the voice-over popup', () => {
  const form = {
    language: 'en',
    subtitleLanguages: ['es', 'pt'],
    dubbingLanguages: ['es'],
    includesTranscript: false,
    transcript: '',
    voiceCloning: true,
  };

  it('says so when no cloning engine is set up here, and does not keep the option ticked', () => {
    expect(voiceCloningAvailability(settingsOf(), form)).toEqual({
      available: false,
      reason: 'No voice cloning engine is set up on this server.',
    });
    expect(reconcileForm(settingsOf(), form).voiceCloning).toBe(false);
  });

  it('is offered when every dubbing language can be cloned, and names the languages that cannot', () => {
    const settings = settingsOf({ voiceCloningLanguages: ['es'] });
    expect(voiceCloningAvailability(settings, form)).toEqual({ available: true, reason: null });
    expect(reconcileForm(settings, form).voiceCloning).toBe(true);
    const withPortuguese = { ...form, dubbingLanguages: ['es', 'pt'] };
    expect(voiceCloningAvailability(settings, withPortuguese)).toEqual({
      available: false,
      reason: 'Not available in Portuguese.',
    });
    expect(reconcileForm(settings, withPortuguese).voiceCloning).toBe(false);
  });
});

describe('the popup starts from the last used settings', () => {
  it('preselects the server preselection, else the last used, minus what the engines cannot do', () => {
    const last = {
      language: 'en',
      subtitleLanguages: ['es', 'de'],
      dubbingLanguages: ['es'],
      vocabularyListId: null,
      guidelineId: null,
      termbaseId: null,
    };
    expect(initialForm(settingsOf({ lastUsedSettings: last }), 'subtitles')).toMatchObject({
      language: 'en',
      subtitleLanguages: ['es'],
      dubbingLanguages: [],
    });
    expect(
      initialForm(settingsOf({ language: 'en', subtitleLanguages: ['pt'], lastUsedSettings: last }), 'voiceOver'),
    ).toMatchObject({
      subtitleLanguages: ['pt'],
      // The remembered Spanish voice-over needs Spanish subtitles, which are not chosen: the subtitle language is dubbed instead.
      dubbingLanguages: ['pt'],
    });
    expect(
      initialForm(settingsOf({ language: 'en', subtitleLanguages: ['es'], lastUsedSettings: last }), 'voiceOver')
        .dubbingLanguages,
    ).toEqual(['es']);
  });

  it('dubs a voice-over into the first subtitle language when nothing was remembered', () => {
    expect(
      initialForm(settingsOf({ subtitleLanguages: ['es'], language: 'en' }), 'voiceOver').dubbingLanguages,
    ).toEqual(['es']);
  });

  it('explains what is missing before the form can be sent', () => {
    const form = initialForm(settingsOf(), 'subtitles');
    expect(formProblem('subtitles', form, 1)).toBeNull();
    expect(formProblem('subtitles', { ...form, includesTranscript: true }, 1)).toMatch(/Paste the transcript/);
    expect(formProblem('subtitles', { ...form, includesTranscript: true, transcript: 'Hi' }, 2)).toMatch(
      /one project version at a time/,
    );
    expect(formProblem('voiceOver', { ...form, dubbingLanguages: [] }, 1)).toMatch(/at least one dubbing language/);
    const many = Array.from({ length: 21 }, (_, i) => `x${i}`);
    expect(formProblem('subtitles', { ...form, subtitleLanguages: many }, 1)).toMatch(/at most 20 subtitle languages/);
    expect(formProblem('subtitles', form, 501)).toMatch(/at most 500 project versions/);
  });
});
