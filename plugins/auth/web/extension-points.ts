import { defineExtensionPoint, type PageSectionContribution } from '../../../core';

/**
 * Extension points of the auth plugin. Data and types only: plugin definitions import this file,
 * and outside plugins reach it as `@polycue/plugins/auth`.
 */

/** What a sign-in option is drawn with: the e-mail typed in the log-in form so far. */
export interface SignInOptionProps {
  email: string;
}

/** Other ways to log in, below the log-in form (single sign-on, Google), each under its own heading. */
export const signInOptions = defineExtensionPoint<PageSectionContribution<SignInOptionProps>>('auth.signInOptions');

/** What a profile section is drawn with (nothing yet: the section reads the current user itself). */
export type ProfileSectionProps = Record<string, never>;

/** Sections of `/profile` below the password (two-factor sign-in), each lazily loaded under its own heading. */
export const profileSections =
  defineExtensionPoint<PageSectionContribution<ProfileSectionProps>>('auth.profileSections');
