import { afterEach, describe, expect, it, vi } from 'vitest';
import * as effector from 'effector';
import { ApiError } from '../../../core';
import { AUTH_MESSAGES, ONBOARDING_COOKIE, SIGN_UP_FAILURE_REDIRECT_MS } from '../common/auth-contract';
import { createAuthTestKit, makeUser } from './testing/auth-test-kit';

const { allSettled } = effector;

afterEach(() => {
  vi.useRealTimers();
});

async function fill<T extends Record<string, unknown>>(
  kit: ReturnType<typeof createAuthTestKit>,
  form: { fieldChanged: effector.EventCallable<any> },
  values: T,
) {
  for (const [field, value] of Object.entries(values))
    await allSettled(form.fieldChanged, { scope: kit.scope, params: { field, value } });
}

describe('sign-up', () => {
  it('refuses a disposable domain: toast, then back to a sign-up form without the password after 3 s', async () => {
    vi.useFakeTimers();
    const kit = createAuthTestKit();
    const { signUp } = kit.model;
    kit.api.reply(
      'POST',
      '/users',
      new ApiError(AUTH_MESSAGES.emailDomainNotPermitted, 422, 'email_domain_not_permitted', 'email'),
    );

    await allSettled(signUp.pageOpened, { scope: kit.scope, params: '?anonymous_id=anon-42' });
    await fill(kit, signUp.form, {
      name: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@mailinator.com',
      password: 'correct horse',
      passwordConfirmation: 'correct horse',
    });
    const settled = allSettled(signUp.submitted, { scope: kit.scope });

    await vi.advanceTimersByTimeAsync(SIGN_UP_FAILURE_REDIRECT_MS - 1);
    expect(kit.api.callsTo('POST', '/users')[0].body).toEqual({
      user: {
        name: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@mailinator.com',
        password: 'correct horse',
        passwordConfirmation: 'correct horse',
      },
      anonymousId: 'anon-42',
    });
    expect(kit.toasts()).toContainEqual({
      kind: 'error',
      title: 'Email domain is not permitted',
      description: undefined,
    });
    expect(kit.navigator.visits).toEqual([]);
    expect(kit.scope.getState(signUp.$returning)).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(kit.navigator.visits).toEqual([{ path: '/users/sign_up?anonymous_id=anon-42', replace: true }]);
    const values = kit.scope.getState(signUp.form.$values);
    expect(values).toMatchObject({ email: 'ada@mailinator.com', password: '', passwordConfirmation: '' });
    expect(kit.scope.getState(signUp.form.$errors).email).toBe('Email domain is not permitted');
    expect(kit.logged).toHaveLength(1);
  });

  it('shows a field error inline and still returns to sign-up after 3 s', async () => {
    vi.useFakeTimers();
    const kit = createAuthTestKit();
    const { signUp } = kit.model;
    kit.api.reply('POST', '/users', new ApiError('Email has already been taken', 422, 'email_taken', 'email'));
    await fill(kit, signUp.form, {
      email: 'ada@example.com',
      password: 'secret123',
      passwordConfirmation: 'secret123',
    });
    const settled = allSettled(signUp.submitted, { scope: kit.scope });
    await vi.advanceTimersByTimeAsync(SIGN_UP_FAILURE_REDIRECT_MS);
    await settled;
    expect(kit.scope.getState(signUp.form.$errors)).toEqual({ email: 'Email has already been taken' });
    expect(kit.navigator.last).toEqual({ path: '/users/sign_up', replace: true });
  });

  it('a failure without a form field is told in a toast', async () => {
    vi.useFakeTimers();
    const kit = createAuthTestKit();
    kit.api.reply('POST', '/users', new ApiError('The server could not be reached', 0, 'network_error'));
    await fill(kit, kit.model.signUp.form, {
      email: 'ada@example.com',
      password: 'secret123',
      passwordConfirmation: 'secret123',
    });
    const settled = allSettled(kit.model.signUp.submitted, { scope: kit.scope });
    await vi.advanceTimersByTimeAsync(SIGN_UP_FAILURE_REDIRECT_MS);
    await settled;
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Sign-up failed', description: 'The server could not be reached' },
    ]);
    expect(kit.scope.getState(kit.model.signUp.form.$errors)).toEqual({});
  });

  it('on success reloads the session and goes to /onboarding once the user is loaded', async () => {
    const kit = createAuthTestKit();
    const { signUp } = kit.model;
    kit.cookies.set(ONBOARDING_COOKIE, 'processed'); // left by someone else on this browser
    kit.api
      .reply('POST', '/users', { data: makeUser() })
      .reply('GET', '/api/v1/users/', { data: makeUser(), included: [] });
    await fill(kit, signUp.form, {
      name: 'Ada',
      lastName: 'L',
      email: 'ada@example.com',
      password: 'secret123',
      passwordConfirmation: 'secret123',
    });
    await allSettled(signUp.submitted, { scope: kit.scope });
    // AuthService.sessionReplaced reloaded the user; only then does the page change.
    expect(kit.api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /users', 'GET /api/v1/users/']);
    expect(kit.navigator.visits).toEqual([{ path: '/onboarding', replace: false }]);
    expect(kit.cookies.get(ONBOARDING_COOKIE)).toBeNull();
    expect(kit.scope.getState(signUp.form.$values).password).toBe('');
  });

  it('stays on sign-up when the user cannot be reloaded after signing up', async () => {
    const kit = createAuthTestKit();
    kit.api.reply('POST', '/users', { data: makeUser() }).reply('GET', '/api/v1/users/', new ApiError('Boom', 500));
    await fill(kit, kit.model.signUp.form, {
      email: 'ada@example.com',
      password: 'secret123',
      passwordConfirmation: 'secret123',
    });
    await allSettled(kit.model.signUp.submitted, { scope: kit.scope });
    expect(kit.navigator.visits).toEqual([]);
    expect(kit.toasts().map((t) => t.title)).toEqual(['User details cannot be loaded']);
  });

  it('does not send when the confirmation differs from the password', async () => {
    const kit = createAuthTestKit();
    const { signUp } = kit.model;
    await fill(kit, signUp.form, {
      email: 'ada@example.com',
      password: 'secret123',
      passwordConfirmation: 'secret124',
    });
    await allSettled(signUp.submitted, { scope: kit.scope });
    expect(kit.api.calls).toEqual([]);
    expect(kit.scope.getState(signUp.form.$errors).passwordConfirmation).toBeTruthy();
  });
});

describe('sign-in', () => {
  it('shows "Log-in failed" with the server message and clears the password', async () => {
    const kit = createAuthTestKit();
    const { signIn } = kit.model;
    kit.api.reply('POST', '/users/sign_in', new ApiError('Invalid Email or password.', 401, 'invalid_credentials'));
    await fill(kit, signIn.form, { email: 'ada@example.com', password: 'wrong' });
    await allSettled(signIn.submitted, { scope: kit.scope });
    expect(kit.toasts()).toEqual([
      { kind: 'error', title: 'Log-in failed', description: 'Invalid Email or password.' },
    ]);
    expect(kit.scope.getState(signIn.form.$values)).toMatchObject({ email: 'ada@example.com', password: '' });
    expect(kit.navigator.visits).toEqual([]);
  });

  it('a log-in held back for a second factor goes to its page (with redirect_to) instead of failing', async () => {
    const kit = createAuthTestKit();
    const { signIn } = kit.model;
    kit.api.reply(
      'POST',
      '/users/sign_in',
      new ApiError('Enter the code from your authenticator app.', 401, 'second_factor_required', 'otp'),
    );
    await allSettled(signIn.pageOpened, { scope: kit.scope, params: '?redirect_to=%2Fprojects%2F7' });
    await fill(kit, signIn.form, { email: 'ada@example.com', password: 'secret123' });
    await allSettled(signIn.submitted, { scope: kit.scope });
    expect(kit.toasts()).toEqual([]);
    expect(kit.navigator.visits).toEqual([
      { path: '/users/two_factor?step=second_factor_required&redirect_to=%2Fprojects%2F7', replace: false },
    ]);
  });

  it('sends the Devise fields and goes to a same-site redirect_to after the user loads', async () => {
    const kit = createAuthTestKit();
    const { signIn } = kit.model;
    kit.api.reply('POST', '/users/sign_in', {}).reply('GET', '/api/v1/users/', { data: makeUser(), included: [] });
    await allSettled(signIn.pageOpened, { scope: kit.scope, params: '?redirect_to=%2Fprojects%2F7' });
    await fill(kit, signIn.form, { email: 'ada@example.com', password: 'secret123', rememberMe: true });
    await allSettled(signIn.submitted, { scope: kit.scope });
    expect(kit.api.callsTo('POST', '/users/sign_in')[0].body).toEqual({
      utf8: '✓',
      commit: 'Log in',
      user: { email: 'ada@example.com', password: 'secret123', remember_me: '1' },
    });
    await allSettled(kit.app.userRequested, { scope: kit.scope });
    expect(kit.navigator.visits).toEqual([{ path: '/projects/7', replace: true }]);
  });

  it('ignores a redirect_to that leaves the site', async () => {
    const kit = createAuthTestKit();
    await allSettled(kit.model.signIn.pageOpened, { scope: kit.scope, params: '?redirect_to=//evil.example/x' });
    expect(kit.scope.getState(kit.model.signIn.$redirectTo)).toBe('/');
  });

  it('tells the outcome of the confirmation link from the query', async () => {
    const kit = createAuthTestKit();
    await allSettled(kit.model.signIn.pageOpened, { scope: kit.scope, params: '?confirmed=1' });
    await allSettled(kit.model.signIn.pageOpened, { scope: kit.scope, params: '?confirmation=invalid' });
    expect(kit.toasts().map((t) => [t.kind, t.title])).toEqual([
      ['success', 'Your email address has been successfully confirmed.'],
      ['error', 'Confirmation link is invalid or has already been used'],
    ]);
  });
});

describe('password reset', () => {
  it('token_expired: toast and back to /users/password/new', async () => {
    const kit = createAuthTestKit();
    const { passwordReset } = kit.model;
    kit.api.reply('PUT', '/users/password', new ApiError('Your reset token has expired', 422, 'token_expired'));
    await allSettled(passwordReset.editPageOpened, { scope: kit.scope, params: '?reset_password_token=tok-1' });
    await fill(kit, passwordReset.editForm, { password: 'new-secret-1', passwordConfirmation: 'new-secret-1' });
    await allSettled(passwordReset.editSubmitted, { scope: kit.scope });
    expect(kit.api.callsTo('PUT', '/users/password')[0].body).toEqual({
      user: { reset_password_token: 'tok-1', password: 'new-secret-1', password_confirmation: 'new-secret-1' },
    });
    expect(kit.toasts()).toEqual([{ kind: 'error', title: 'Your reset token has expired', description: undefined }]);
    expect(kit.navigator.visits).toEqual([{ path: '/users/password/new', replace: false }]);
  });

  it('reports whether reset instructions were sent', async () => {
    const kit = createAuthTestKit();
    const { passwordReset } = kit.model;
    kit.api.reply('POST', '/users/password', new ApiError('The server could not be reached', 0, 'network_error'));
    await fill(kit, passwordReset.requestForm, { email: 'ada@example.com' });
    await allSettled(passwordReset.requestSubmitted, { scope: kit.scope });
    kit.api.reply('POST', '/users/password', {});
    await allSettled(passwordReset.requestSubmitted, { scope: kit.scope });
    expect(kit.toasts().map((t) => t.title)).toEqual([
      'Reset password instructions could not be sent',
      'Reset password instructions sent',
    ]);
    expect(kit.scope.getState(passwordReset.$instructionsSentTo)).toBe('ada@example.com');
  });
});

describe('onboarding', () => {
  it('stores the answers, marks the cookie and replaces the entry with check_email', async () => {
    const kit = createAuthTestKit();
    const { onboarding } = kit.model;
    kit.api.reply('PUT', '/api/v1/users/survey', { data: makeUser({ onboardingState: 'processed' }) });
    await allSettled(onboarding.answerChanged, { scope: kit.scope, params: { questionId: 'role', value: 'educator' } });
    await allSettled(onboarding.answerChanged, {
      scope: kit.scope,
      params: { questionId: 'firstOutput', value: ['subtitles', 'voice_over'] },
    });
    await allSettled(onboarding.answerChanged, { scope: kit.scope, params: { questionId: 'teamSize', value: [] } });
    await allSettled(onboarding.surveySubmitted, { scope: kit.scope });
    expect(kit.api.callsTo('PUT', '/api/v1/users/survey')[0].body).toEqual({
      survey: { answers: { role: 'educator', firstOutput: ['subtitles', 'voice_over'] } },
    });
    expect(kit.cookies.get('onboarding')).toBe('processed');
    expect(kit.scope.getState(kit.app.$user)?.attributes.onboardingState).toBe('processed');
    expect(kit.navigator.visits).toEqual([{ path: '/onboarding/check_email', replace: true }]);
  });

  it('a repeat visit goes to / with the info message', async () => {
    const kit = createAuthTestKit();
    await allSettled(kit.app.userUpdated, { scope: kit.scope, params: makeUser({ onboardingState: 'processed' }) });
    await allSettled(kit.model.onboarding.surveyPageOpened, { scope: kit.scope });
    expect(kit.navigator.visits).toEqual([{ path: '/', replace: true }]);
    expect(kit.toasts()).toEqual([
      { kind: 'info', title: 'We have already stored your answers before', description: 'No need to answer again' },
    ]);
  });

  it('the onboarding cookie alone also counts as a repeat visit', async () => {
    const kit = createAuthTestKit();
    kit.cookies.set('onboarding', 'processed');
    await allSettled(kit.app.userUpdated, { scope: kit.scope, params: makeUser() });
    await allSettled(kit.model.onboarding.surveyPageOpened, { scope: kit.scope });
    expect(kit.navigator.last).toEqual({ path: '/', replace: true });
  });

  it('a first visit stays on the survey', async () => {
    const kit = createAuthTestKit();
    await allSettled(kit.app.userUpdated, { scope: kit.scope, params: makeUser() });
    await allSettled(kit.model.onboarding.surveyPageOpened, { scope: kit.scope });
    expect(kit.navigator.visits).toEqual([]);
    expect(kit.toasts()).toEqual([]);
  });

  it('409 already_answered: info message, user reloaded, then /', async () => {
    const kit = createAuthTestKit();
    kit.api
      .reply('PUT', '/api/v1/users/survey', new ApiError('Survey already answered', 409, 'already_answered'))
      .reply('GET', '/api/v1/users/', { data: makeUser({ onboardingState: 'processed' }), included: [] });
    await allSettled(kit.model.onboarding.surveySubmitted, { scope: kit.scope });
    expect(kit.toasts()).toEqual([
      { kind: 'info', title: 'We have already stored your answers before', description: 'No need to answer again' },
    ]);
    expect(kit.api.callsTo('GET', '/api/v1/users/')).toHaveLength(1);
    expect(kit.navigator.visits).toEqual([{ path: '/', replace: true }]);
  });

  it('resend for an already confirmed e-mail goes to / with the info message', async () => {
    const kit = createAuthTestKit();
    kit.api
      .reply('POST', '/users/confirmation', new ApiError('Email was already confirmed', 422, 'already_confirmed'))
      .reply('GET', '/api/v1/users/', { data: makeUser({ confirmedEmail: true }), included: [] });
    await allSettled(kit.app.userUpdated, { scope: kit.scope, params: makeUser() });
    await allSettled(kit.model.onboarding.resendRequested, { scope: kit.scope });
    expect(kit.api.callsTo('POST', '/users/confirmation')[0].body).toEqual({ user: { email: 'ada@example.com' } });
    expect(kit.toasts()).toEqual([
      { kind: 'info', title: 'You already confirmed this email. Please log in.', description: undefined },
    ]);
    expect(kit.navigator.visits).toEqual([{ path: '/', replace: true }]);
  });

  it('resend success says so', async () => {
    const kit = createAuthTestKit();
    kit.api.reply('POST', '/users/confirmation', {});
    await allSettled(kit.app.userUpdated, { scope: kit.scope, params: makeUser() });
    await allSettled(kit.model.onboarding.resendRequested, { scope: kit.scope });
    expect(kit.toasts().map((t) => t.title)).toEqual(['Confirmation request resent']);
    expect(kit.navigator.visits).toEqual([]);
  });
});

describe('profile', () => {
  const incorrect = new ApiError('Current password is incorrect', 422, 'current_password_incorrect', 'currentPassword');

  it('a wrong current password shows "Invalid password" inline on the password section only', async () => {
    const kit = createAuthTestKit();
    const { profile } = kit.model;
    kit.api.reply('PUT', '/api/v1/users/update_profile', incorrect);
    await fill(kit, profile.passwordForm, {
      password: 'new-secret-1',
      passwordConfirmation: 'new-secret-1',
      currentPassword: 'nope',
    });
    await allSettled(profile.passwordSubmitted, { scope: kit.scope });
    expect(kit.api.callsTo('PUT', '/api/v1/users/update_profile')[0].body).toEqual({
      user: { password: 'new-secret-1', passwordConfirmation: 'new-secret-1', currentPassword: 'nope' },
    });
    expect(kit.scope.getState(profile.passwordForm.$errors)).toEqual({ currentPassword: 'Invalid password' });
    expect(kit.scope.getState(profile.emailForm.$errors)).toEqual({});
    expect(kit.toasts()).toEqual([]);
  });

  it('and on the e-mail section when the e-mail was being changed', async () => {
    const kit = createAuthTestKit();
    const { profile } = kit.model;
    kit.api.reply('PUT', '/api/v1/users/update_profile', incorrect);
    await fill(kit, profile.emailForm, { email: 'new@example.com', currentPassword: 'nope' });
    await allSettled(profile.emailSubmitted, { scope: kit.scope });
    expect(kit.scope.getState(profile.emailForm.$errors)).toEqual({ currentPassword: 'Invalid password' });
    expect(kit.scope.getState(profile.passwordForm.$errors)).toEqual({});
    // Typing a new current password takes the message away.
    await fill(kit, profile.emailForm, { currentPassword: 'again' });
    expect(kit.scope.getState(profile.emailForm.$errors)).toEqual({});
  });

  it('saves the name and updates the app user', async () => {
    const kit = createAuthTestKit();
    const { profile } = kit.model;
    kit.api.reply('PUT', '/api/v1/users/update_profile', { data: makeUser({ name: 'Augusta' }) });
    await allSettled(kit.app.userUpdated, { scope: kit.scope, params: makeUser() });
    await allSettled(profile.pageOpened, { scope: kit.scope });
    expect(kit.scope.getState(profile.nameForm.$values)).toEqual({ name: 'Ada', lastName: 'Lovelace' });
    await fill(kit, profile.nameForm, { name: 'Augusta' });
    await allSettled(profile.nameSubmitted, { scope: kit.scope });
    expect(kit.toasts().map((t) => t.title)).toEqual(['Changes saved']);
    expect(kit.scope.getState(kit.app.$user)?.attributes.name).toBe('Augusta');
  });

  it('refuses an avatar over 2 MB before sending it', async () => {
    const kit = createAuthTestKit();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await allSettled(kit.model.profile.avatarChosen, { scope: kit.scope, params: big });
    expect(kit.api.calls).toEqual([]);
    expect(kit.toasts()[0]).toMatchObject({ kind: 'error', title: 'Image cannot be changed' });
  });

  it('uploads a valid avatar as multipart "avatar"', async () => {
    const kit = createAuthTestKit();
    kit.api.reply('POST', '/api/v1/users/change_avatar', { data: makeUser({ avatarUrl: '/files/a.png' }) });
    const small = new File([new Uint8Array(10)], 'me.png', { type: 'image/png' });
    await allSettled(kit.model.profile.avatarChosen, { scope: kit.scope, params: small });
    const body = kit.api.callsTo('POST', '/api/v1/users/change_avatar')[0].body as FormData;
    expect((body.get('avatar') as File).name).toBe('me.png');
    expect(kit.toasts().map((t) => t.title)).toEqual(['Image changed']);
    expect(kit.scope.getState(kit.app.$user)?.attributes.avatarUrl).toBe('/files/a.png');
  });
});

describe('log-out and newsletter', () => {
  it('a failed log-out shows "Logout is failed" and stays', async () => {
    const kit = createAuthTestKit();
    kit.api.reply('DELETE', '/users/sign_out', new ApiError('Request failed', 500));
    await allSettled(kit.model.logOut.logOutRequested, { scope: kit.scope });
    expect(kit.toasts()).toEqual([{ kind: 'error', title: 'Logout is failed', description: 'Request failed' }]);
    expect(kit.navigator.visits).toEqual([]);
  });

  it('a log-out goes to the redirect the server gives', async () => {
    const kit = createAuthTestKit();
    kit.api.reply('DELETE', '/users/sign_out', { redirectTo: '/users/sign_in' });
    await allSettled(kit.model.logOut.logOutRequested, { scope: kit.scope });
    expect(kit.navigator.visits).toEqual([{ path: '/users/sign_in', replace: true }]);
  });

  it('the newsletter popup is not offered before onboarding is done', async () => {
    const kit = createAuthTestKit();
    await allSettled(kit.app.userUpdated, {
      scope: kit.scope,
      params: makeUser({ shouldSeeNewsletterPopup: true, confirmedEmail: true }),
    });
    expect(kit.scope.getState(kit.newsletter.$visible)).toBe(false);
  });

  it('the newsletter popup shows for flagged members and hides on an answer', async () => {
    const kit = createAuthTestKit();
    const { newsletter } = kit;
    kit.api.reply('PUT', '/api/v1/users/reset_should_see_newsletter_popup', ({ body }: { body: unknown }) => ({
      data: makeUser({
        shouldSeeNewsletterPopup: false,
        confirmedEmail: true,
        onboardingState: 'processed',
        name: JSON.stringify(body),
      }),
    }));
    await allSettled(kit.app.userUpdated, {
      scope: kit.scope,
      params: makeUser({ shouldSeeNewsletterPopup: true, confirmedEmail: true, onboardingState: 'processed' }),
    });
    expect(kit.scope.getState(newsletter.$visible)).toBe(true);
    await allSettled(newsletter.answered, { scope: kit.scope, params: true });
    expect(kit.scope.getState(newsletter.$visible)).toBe(false);
    expect(kit.api.callsTo('PUT', '/api/v1/users/reset_should_see_newsletter_popup')[0].body).toEqual({
      subscribe: true,
    });
  });
});
