import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContainerProvider, createContainer } from '../../../../core';
import { PIPELINE_PATHS } from '../../common/pipeline-contract';
import { PIPELINE_MODEL } from '../pipeline-model-loader';
import { createPipelineTestKit, settingsOf } from '../testing/pipeline-test-kit';
import SetupDialog from './setup-dialog';

afterEach(cleanup);

/** The popup as the shell shows it, on the real (unforked) model, opened for one project version. */
async function renderPopup(
  kind: 'subtitles' | 'voiceOver' = 'subtitles',
  overrides: Parameters<typeof settingsOf>[0] = {},
) {
  const kit = createPipelineTestKit();
  // German has a voice here but no translation from English.
  const note = (name: string, expect: string) => ({ name, expect });
  const settings = settingsOf({
    language: 'en',
    dubbingLanguages: ['en', 'es', 'pt', 'de'],
    engines: {
      speechToText: note('PocketSphinx, on this server', 'A draft to correct.'),
      alignment: note('PocketSphinx alignment, on this server', 'Your transcript is kept word for word.'),
      translation: note('Apertium, rule-based, on this server', 'Literal translations.'),
      speechSynthesis: note('eSpeak NG, on this server', 'A robotic voice.'),
    },
    ...overrides,
  });
  kit.api.reply('GET', PIPELINE_PATHS.showSettings, { data: settings });
  kit.api.reply('GET', PIPELINE_PATHS.showSettingsTts, { data: settings });
  kit.api.reply('PUT', PIPELINE_PATHS.setup, { data: [] });
  kit.api.reply('PUT', '/api/v1/users/set_last_used_workspace', {});
  kit.app.workspaceSelected('w1');
  const container = createContainer();
  container.bind(PIPELINE_MODEL).toConstantValue(kit.model);
  const onClose = vi.fn();
  kit.model.setup.opened({ kind, projectVersionIds: ['pv1'] });
  await act(async () => {
    render(
      <ContainerProvider container={container}>
        <SetupDialog onClose={onClose} />
      </ContainerProvider>,
    );
  });
  const dialog = await screen.findByRole('dialog', {
    name: kind === 'voiceOver' ? 'Set up voice-over' : 'Set up subtitles',
  });
  await waitFor(() => expect((screen.getByLabelText('Video language') as HTMLSelectElement).value).toBe('en'));
  return { kit, onClose, dialog };
}

describe('set-up popup', () => {
  it('says which engine runs each step and what to expect: recognition, or alignment with a transcript; the voice for a voice-over', async () => {
    await renderPopup('voiceOver');
    const engines = screen.getByRole('region', { name: 'Engines' });
    expect(engines.textContent).toContain('Speech recognitionPocketSphinx, on this server. A draft to correct.');
    expect(engines.textContent).toContain('VoiceeSpeak NG, on this server');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have a transcript' }));
    expect(engines.textContent).toContain('Transcript alignmentPocketSphinx alignment, on this server');
  });

  it("says how many translations a run the account's plan allows, not the engines' maximum", async () => {
    await renderPopup('subtitles', { targetLanguagesAllowed: 1 });
    expect(screen.getByText('Translations of the English subtitles (your plan: 1 language a run).')).toBeTruthy();
    cleanup();
    await renderPopup('subtitles', { targetLanguagesAllowed: 20 });
    expect(screen.getByText('Translations of the English subtitles (up to 20).')).toBeTruthy();
  });

  it('lists unavailable languages disabled, with the reason read out', async () => {
    await renderPopup();
    const catalan = screen.getByRole('checkbox', { name: 'Catalan' }) as HTMLInputElement;
    expect(catalan.disabled).toBe(false);
    fireEvent.click(screen.getByText('1 language not available here'));
    const german = screen.getByRole('checkbox', { name: 'German' }) as HTMLInputElement;
    expect(german.disabled).toBe(true);
    expect(document.getElementById(german.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No translation engine for this pair here',
    );
  });

  it('submits with Enter from a checkbox, then closes', async () => {
    const { kit, onClose } = await renderPopup();
    const spanish = screen.getByRole('checkbox', { name: 'Spanish' });
    fireEvent.click(spanish);
    fireEvent.keyDown(spanish, { key: 'Enter' });
    await waitFor(() => expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)).toHaveLength(1));
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)[0].body).toMatchObject({
      settings: { language: 'en', subtitleLanguages: ['es'] },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps Enter in the transcript for new lines; Ctrl+Enter submits', async () => {
    const { kit } = await renderPopup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have a transcript' }));
    const transcript = screen.getByLabelText('Transcript');
    fireEvent.change(transcript, { target: { value: 'Hello.' } });
    fireEvent.keyDown(transcript, { key: 'Enter' });
    expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)).toHaveLength(0);
    fireEvent.keyDown(transcript, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(kit.api.callsTo('PUT', PIPELINE_PATHS.setup)[0]?.body).toMatchObject({
        includesTranscript: true,
        settings: { transcript: 'Hello.' },
      }),
    );
  });

  it('closes on Escape without sending anything', async () => {
    const { kit, onClose, dialog } = await renderPopup('voiceOver');
    expect(screen.getByRole('group', { name: 'Dubbing languages' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      kit.api.calls.filter((c) => c.method === 'PUT' && c.url.startsWith('/api/v1/project_versions')),
    ).toHaveLength(0);
  });
});
