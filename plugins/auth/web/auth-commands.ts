import type { Command } from '../../../core';
import { AUTH_PAGES } from '../common/auth-pages';
import { loadAuthModel } from './auth-model-loader';

/** Palette commands: plain data, listed before any auth page is loaded. */
export const authCommands: Command[] = [
  {
    id: 'auth.logOut',
    title: 'Log out',
    group: 'Account',
    keywords: ['sign out', 'logout', 'exit'],
    when: (ctx) => ctx.isAuthenticated,
    // Through the model (loaded on first use), so failure shows 'Logout is failed' and success follows the server's redirect.
    run: async (ctx) => (await loadAuthModel(ctx.container)).logOut.logOutRequested(),
  },
  {
    id: 'auth.openProfile',
    title: 'Open profile',
    group: 'Account',
    keywords: ['account', 'name', 'avatar', 'picture', 'settings'],
    when: (ctx) => ctx.isMember,
    run: (ctx) => ctx.navigate(AUTH_PAGES.profile),
  },
  {
    id: 'auth.changePassword',
    title: 'Change password',
    group: 'Account',
    keywords: ['password', 'security'],
    when: (ctx) => ctx.isMember,
    run: (ctx) => ctx.navigate(`${AUTH_PAGES.profile}#password`),
  },
  {
    id: 'auth.changePicture',
    title: 'Change profile picture',
    group: 'Account',
    keywords: ['avatar', 'photo', 'image', 'picture'],
    when: (ctx) => ctx.isMember,
    run: (ctx) => ctx.navigate(`${AUTH_PAGES.profile}#picture`),
  },
];
