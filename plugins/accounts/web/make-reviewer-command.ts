import type { Command } from '../../../core';
import { roleChoices } from './accounts-command-actions';

/**
 * "Make someone a reviewer…" (docs/roles.md), registered by the members page while it is shown:
 * the app's first JavaScript is over its budget, and a role is chosen on that page anyway.
 */
export const makeReviewerCommand: Command = {
  id: 'accounts.makeReviewer',
  title: 'Make someone a reviewer…',
  group: 'Account',
  keywords: ['role', 'reviewer', 'review', 'read only', 'permissions'],
  choicesPlaceholder: 'Person…',
  when: (ctx) => ctx.isMember && !!ctx.isAccountAdmin,
  choices: (ctx, search) => roleChoices(ctx, search, 'reviewer'),
};
