/**
 * Refusal codes of a log-in held back for a second step (AUTH_PAGES.secondStep). Its own file:
 * only the lazily loaded sign-in model needs it, not the initial JavaScript.
 */
export const isSecondStepCode = (code: string | null | undefined): boolean =>
  typeof code === 'string' && code.startsWith('second_factor');
