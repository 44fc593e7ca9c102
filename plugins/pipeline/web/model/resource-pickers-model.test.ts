import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { PIPELINE_PATHS } from '../../common/pipeline-contract';
import type { SetupResourcePicker } from '../extension-points';
import { createPipelineTestKit, settingsOf } from '../testing/pipeline-test-kit';

/** A picker as a resource plugin (vocabularies) contributes it, answering from its own API. */
const vocabularyPicker: SetupResourcePicker = {
  id: 'test-vocabularies',
  field: 'vocabularyListId',
  label: 'Vocabulary list',
  kinds: ['subtitles'],
  choices: async ({ api, workspaceId }) =>
    (
      await api.get<{ data: { id: string; attributes: { name: string } }[] }>('/api/v1/vocabularies/', {
        params: { workspaceId },
      })
    ).data.data.map((list) => ({
      id: list.id,
      title: list.attributes.name,
    })),
};
const brokenPicker: SetupResourcePicker = {
  id: 'broken',
  field: 'guidelineId',
  label: 'Guideline',
  choices: async () => Promise.reject(new Error('down')),
};

describe('set-up popups: workspace resources from other plugins', () => {
  it('lists a contributed picker’s choices for the workspace and sends the chosen id in the set-up settings', async () => {
    const kit = createPipelineTestKit({ resourcePickers: [vocabularyPicker, brokenPicker] });
    kit.api
      .reply('GET', PIPELINE_PATHS.showSettings, { data: settingsOf() })
      .reply('GET', '/api/v1/vocabularies/', { data: [{ id: 'v7', attributes: { name: 'Brand names' } }] })
      .reply('PUT', PIPELINE_PATHS.setup, { data: [] });
    await allSettled(kit.model.setup.opened, {
      scope: kit.scope,
      params: { kind: 'subtitles', projectVersionIds: ['pv1'] },
    });

    const pickers = kit.scope.getState(kit.model.setup.$resourcePickers);
    expect(pickers.map(({ label, choices, failed }) => ({ label, choices, failed }))).toEqual([
      { label: 'Vocabulary list', choices: [{ id: 'v7', title: 'Brand names' }], failed: false },
      // A picker that fails shows no choices; the set-up still works.
      { label: 'Guideline', choices: [], failed: true },
    ]);
    expect(kit.api.callsTo('GET', '/api/v1/vocabularies/')[0].params).toEqual({ workspaceId: 'w1' });

    await allSettled(kit.model.setup.resourceChosen, {
      scope: kit.scope,
      params: { field: 'vocabularyListId', id: 'v7' },
    });
    await allSettled(kit.model.setup.submitted, { scope: kit.scope });
    expect(
      (kit.api.callsTo('PUT', PIPELINE_PATHS.setup)[0].body as { settings: Record<string, unknown> }).settings,
    ).toMatchObject({ language: 'en', vocabularyListId: 'v7' });
  });

  it('chooses a preselected choice (a default guideline) when the popup opens; "None" still clears it', async () => {
    const guidelinePicker: SetupResourcePicker = {
      id: 'test-guidelines',
      field: 'guidelineId',
      label: 'Guideline',
      choices: async () => [
        { id: 'g1', title: 'Legal' },
        { id: 'g2', title: 'House style', preselected: true },
      ],
    };
    const kit = createPipelineTestKit({ resourcePickers: [guidelinePicker] });
    kit.api
      .reply('GET', PIPELINE_PATHS.showSettings, { data: settingsOf() })
      .reply('PUT', PIPELINE_PATHS.setup, { data: [] });
    await allSettled(kit.model.setup.opened, {
      scope: kit.scope,
      params: { kind: 'subtitles', projectVersionIds: ['pv1'] },
    });
    expect(kit.scope.getState(kit.model.setup.$chosenResources)).toEqual({ guidelineId: 'g2' });
    await allSettled(kit.model.setup.resourceChosen, { scope: kit.scope, params: { field: 'guidelineId', id: null } });
    expect(kit.scope.getState(kit.model.setup.$chosenResources)).toEqual({});
  });

  it('shows a picker only in the popups it is for, and forgets the choice when the popup closes', async () => {
    const kit = createPipelineTestKit({ resourcePickers: [vocabularyPicker] });
    kit.api
      .reply('GET', PIPELINE_PATHS.showSettingsTts, { data: settingsOf() })
      .reply('GET', PIPELINE_PATHS.showSettings, { data: settingsOf() })
      .reply('GET', '/api/v1/vocabularies/', { data: [] });
    await allSettled(kit.model.setup.opened, {
      scope: kit.scope,
      params: { kind: 'voiceOver', projectVersionIds: ['pv1'] },
    });
    expect(kit.scope.getState(kit.model.setup.$resourcePickers)).toEqual([]);

    await allSettled(kit.model.setup.opened, {
      scope: kit.scope,
      params: { kind: 'subtitles', projectVersionIds: ['pv1'] },
    });
    await allSettled(kit.model.setup.resourceChosen, {
      scope: kit.scope,
      params: { field: 'vocabularyListId', id: 'v7' },
    });
    await allSettled(kit.model.setup.closed, { scope: kit.scope });
    expect(kit.scope.getState(kit.model.setup.$chosenResources)).toEqual({});
  });
});
