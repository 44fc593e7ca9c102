import type { CommandProvider } from '../../../core';

/** "Open “…”": project versions whose title matches what is typed (open-project-search.ts, loaded on first use). */
export const openProjectProvider: CommandProvider = {
  id: 'projects.openProject',
  group: 'Open project',
  provide: async (ctx, search) => (await import('./open-project-search')).openProjectCommands(ctx, search),
};
