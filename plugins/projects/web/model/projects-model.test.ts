import { allSettled } from 'effector';
import { describe, expect, it } from 'vitest';
import { createContextKeys, type WhenContext } from '../../../../core';
import { selectedProjectVersionCount, selectedProjectVersionIds } from '../extension-points';
import { projectsCommands } from '../projects-commands';
import { createProjectsTestKit } from '../testing/projects-test-kit';
import { publishContextKeys } from './projects-model';

describe('context keys for when clauses', () => {
  it('publishes the selection, which the bulk commands’ when clauses and runs read from their context', async () => {
    const kit = createProjectsTestKit();
    const keys = createContextKeys();
    publishContextKeys(kit.model, keys);
    await kit.start();
    await allSettled(kit.model.versions.selectionChanged, { scope: kit.scope, params: new Set(['1', '2']) });
    const when: WhenContext = {
      isAuthenticated: true,
      isMember: true,
      path: '/',
      accountId: 'a1',
      workspaceId: 'w1',
      isAccountAdmin: true,
      keys: kit.scope.getState(keys.$keys),
    };
    expect(selectedProjectVersionCount(when)).toBe(2);
    expect(selectedProjectVersionIds(when)).toEqual(['1', '2']);
    const deleteCommand = projectsCommands.find((c) => c.title === 'Delete selected project versions')!;
    expect(deleteCommand.when!(when)).toBe(true);
    expect(deleteCommand.when!({ ...when, keys: {} })).toBe(false);
  });
});
