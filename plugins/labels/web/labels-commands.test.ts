import { createStore } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createContainer, createStateReader, type CommandContext } from '../../../core';
import { testWhenContext } from '../../../core/testing/when-context';
import { PROJECTS_CONTEXT_KEYS } from '../../projects/web/extension-points';
import { LABEL_COMMANDS } from './labels-command-ids';
import { labelsCommands } from './labels-commands';
import { LABELS_MODEL } from './labels-model-loader';
import type { LabelsModel } from './model/labels-model';

const label = (id: string, caption: string) => ({
  id,
  type: 'label' as const,
  attributes: { caption, projectVersionCount: 0, projectVersionIds: [], workspaceId: 'w1' },
});

/** The bulk commands as the palette runs them: the projects table's selection must reach the label calls. */
function setUp(selected: string[]) {
  const container = createContainer();
  const model = {
    readChoicesFx: createStateReader(
      createStore({ labels: [label('l1', 'Urgent'), label('l2', 'Review')], selected: [] as string[] }),
    ),
    assignRequested: vi.fn(),
    removeRequested: vi.fn(),
    createSubmitted: vi.fn(),
  };
  container.bind(LABELS_MODEL).toConstantValue(model as unknown as LabelsModel);
  // The selection as the projects model publishes it, in the context the command was shown in.
  const when = testWhenContext({ keys: { [PROJECTS_CONTEXT_KEYS.selectedIds]: new Set(selected) } });
  const ctx = { container, navigate: () => {}, when } as unknown as CommandContext;
  const command = (id: string) => labelsCommands.find((c) => c.id === id)!;
  return { ctx, model, command };
}

describe('labels bulk commands act on the projects table’s selection', () => {
  it('"Apply label…" assigns the chosen label to the selected versions', async () => {
    const { ctx, model, command } = setUp(['v1', 'v3']);
    const choices = await command(LABEL_COMMANDS.apply).choices!(ctx, '');
    await choices.find((c) => c.title === 'Review')!.run(ctx);
    await vi.waitFor(() =>
      expect(model.assignRequested).toHaveBeenCalledWith({ labelId: 'l2', projectVersionIds: ['v1', 'v3'] }),
    );
  });

  it('"Apply label…" with a new caption creates it for the selection, saying how many', async () => {
    const { ctx, model, command } = setUp(['v1', 'v3']);
    const choices = await command(LABEL_COMMANDS.apply).choices!(ctx, 'Client');
    const create = choices.find((c) => c.title === 'Create label “Client”')!;
    expect(create.subtitle).toBe('and apply it to 2 project versions');
    await create.run(ctx);
    await vi.waitFor(() =>
      expect(model.createSubmitted).toHaveBeenCalledWith({ caption: 'Client', projectVersionIds: ['v1', 'v3'] }),
    );
  });

  it('"Remove label…" removes the chosen label from the selected versions', async () => {
    const { ctx, model, command } = setUp(['v2']);
    const choices = await command(LABEL_COMMANDS.remove).choices!(ctx, '');
    await choices.find((c) => c.title === 'Urgent')!.run(ctx);
    await vi.waitFor(() =>
      expect(model.removeRequested).toHaveBeenCalledWith({ labelId: 'l1', projectVersionIds: ['v2'] }),
    );
  });
});
