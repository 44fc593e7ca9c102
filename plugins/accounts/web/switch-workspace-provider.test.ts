import { describe, expect, it } from 'vitest';
import { createContainer, type CommandContext } from '../../../core';
import { testWhenContext } from '../../../core/testing/when-context';
import { createAccountsTestKit, workspace } from './testing/accounts-test-kit';
import { switchWorkspaceCommands } from './switch-workspace-provider';

describe('"Switch to workspace “…”" from the palette’s first page', () => {
  it('offers the other workspaces whose name matches what is typed, and switches to the chosen one', async () => {
    const kit = createAccountsTestKit();
    kit.api
      .reply('GET', '/api/v1/accounts/a1/show_workspaces', {
        data: [
          workspace('w1'),
          workspace('w2'),
          { ...workspace('w3'), attributes: { ...workspace('w3').attributes, name: 'Dubbing' } },
        ],
      })
      .reply('PUT', '/api/v1/users/set_last_used_workspace', {});
    await kit.app.fetchUserFx();
    await kit.app.fetchWorkspacesFx('a1');
    const ctx: CommandContext = {
      container: createContainer(),
      app: kit.app,
      navigate: () => {},
      when: testWhenContext({ workspaceId: 'w1' }),
    };
    expect((await switchWorkspaceCommands(ctx, 'workspace')).map((c) => c.title)).toEqual([
      'Switch to workspace “Workspace w2”',
    ]);
    const [dubbing] = await switchWorkspaceCommands(ctx, 'dub');
    expect(dubbing.title).toBe('Switch to workspace “Dubbing”');
    await dubbing.run!(ctx);
    expect(kit.app.$currentWorkspaceId.getState()).toBe('w3');
    expect(await switchWorkspaceCommands(ctx, 'd')).toEqual([]); // one letter: too little to search
  });
});
