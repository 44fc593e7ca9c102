import { describe, expect, it } from 'vitest';
import { decideRedirect, type SessionSnapshot } from './route-guard';

const loggedOut: SessionSnapshot = { checked: true, user: null };
const member: SessionSnapshot = { checked: true, user: { confirmedEmail: true, onboardingState: 'processed' } };
const surveyPending: SessionSnapshot = { checked: true, user: { confirmedEmail: false, onboardingState: 'survey' } };
const unconfirmed: SessionSnapshot = { checked: true, user: { confirmedEmail: false, onboardingState: 'processed' } };

describe('decideRedirect', () => {
  it('waits for the session check before deciding anything but public pages', () => {
    const pending = { checked: false, user: null };
    expect(decideRedirect('member', pending, '/')).toEqual({ kind: 'wait' });
    expect(decideRedirect('guest', pending, '/users/sign_in')).toEqual({ kind: 'wait' });
    expect(decideRedirect('public', pending, '/dev/outbox')).toEqual({ kind: 'render' });
  });

  it('sends a logged-in user away from guest pages to /', () => {
    expect(decideRedirect('guest', member, '/users/sign_in')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRedirect('guest', loggedOut, '/users/sign_in')).toEqual({ kind: 'render' });
  });

  it('sends a logged-out visitor of user and member pages to the log-in page', () => {
    expect(decideRedirect('user', loggedOut, '/onboarding')).toEqual({ kind: 'redirect', to: '/users/sign_in' });
    expect(decideRedirect('member', loggedOut, '/')).toEqual({ kind: 'redirect', to: '/users/sign_in' });
  });

  it('lets user pages through before onboarding and confirmation', () => {
    expect(decideRedirect('user', surveyPending, '/onboarding')).toEqual({ kind: 'render' });
    expect(decideRedirect('user', unconfirmed, '/onboarding/check_email')).toEqual({ kind: 'render' });
  });

  it('forces the survey first, then the e-mail confirmation, on member pages', () => {
    expect(decideRedirect('member', surveyPending, '/')).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(decideRedirect('member', unconfirmed, '/')).toEqual({ kind: 'redirect', to: '/onboarding/check_email' });
    expect(decideRedirect('member', member, '/')).toEqual({ kind: 'render' });
  });

  it('never redirects a page to itself', () => {
    expect(decideRedirect('member', surveyPending, '/onboarding')).toEqual({ kind: 'render' });
  });
});
