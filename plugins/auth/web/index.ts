import { contribute, definePlugin, PLUGIN_API_VERSION, shellOverlays, type RouteContribution } from '../../../core';
import { AUTH_PAGES } from '../common/auth-pages';
import { authCommands } from './auth-commands';
import { profileSections, signInOptions } from './extension-points';

/**
 * Only data here. Pages, the auth model (loaded by pages and commands through `loadAuthModel`) and
 * the newsletter popup are dynamic imports: none of their code is in the shell's initial bundle.
 */
const routes: RouteContribution[] = [
  {
    path: AUTH_PAGES.signUp,
    access: 'guest',
    layout: 'bare',
    title: 'Sign up',
    load: () => import('./pages/sign-up-page'),
  },
  {
    path: AUTH_PAGES.signIn,
    access: 'guest',
    layout: 'bare',
    title: 'Log in',
    load: () => import('./pages/sign-in-page'),
  },
  {
    path: AUTH_PAGES.passwordNew,
    access: 'guest',
    layout: 'bare',
    title: 'Forgot your password?',
    load: () => import('./pages/password-new-page'),
  },
  // Public: someone logged in on this browser may still follow a reset link sent to them.
  {
    path: AUTH_PAGES.passwordEdit,
    access: 'public',
    layout: 'bare',
    title: 'Choose a new password',
    load: () => import('./pages/password-edit-page'),
  },
  {
    path: AUTH_PAGES.onboarding,
    access: 'user',
    layout: 'bare',
    title: 'Welcome',
    load: () => import('./pages/onboarding-page'),
  },
  {
    path: AUTH_PAGES.checkEmail,
    access: 'user',
    layout: 'bare',
    title: 'Check your inbox',
    load: () => import('./pages/check-email-page'),
  },
  {
    path: AUTH_PAGES.profile,
    access: 'member',
    layout: 'app',
    title: 'Profile',
    load: () => import('./pages/profile-page'),
  },
];

export default definePlugin({
  id: 'auth',
  title: 'Accounts and sign-in',
  apiVersion: PLUGIN_API_VERSION,
  order: 50,
  routes,
  nav: [
    {
      id: 'auth.profile',
      label: 'Profile',
      path: AUTH_PAGES.profile,
      order: 90,
      icon: '☺',
      when: (ctx) => ctx.isMember,
    },
  ],
  commands: authCommands,
  extensionPoints: [signInOptions, profileSections],
  contributions: [
    // Loaded on member (app-layout) pages only; the popup itself shows only to users the server flags.
    contribute(shellOverlays, {
      id: 'auth.newsletterPopup',
      load: () => import('./newsletter-popup'),
      when: (ctx) => ctx.isMember,
    }),
  ],
});
