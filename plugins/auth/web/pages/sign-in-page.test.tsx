import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, ContainerProvider, createContainer, TOKENS } from '../../../../core';
import { AUTH_MODEL } from '../auth-model-loader';
import { createAuthTestKit } from '../testing/auth-test-kit';
import SignInPage from './sign-in-page';

afterEach(cleanup);

function renderSignIn() {
  const kit = createAuthTestKit();
  const container = createContainer();
  container.bind(AUTH_MODEL).toConstantValue(kit.model);
  container.bind(TOKENS.Navigator).toConstantValue(kit.navigator);
  // No plugin offers other ways to log in here.
  container.bind(TOKENS.PluginRegistry).toConstantValue({ contributions: () => [] } as never);
  render(
    <ContainerProvider container={container}>
      <SignInPage />
    </ContainerProvider>,
  );
  return kit;
}

describe('sign-in page', () => {
  it('labels its fields for password managers and screen readers', () => {
    renderSignIn();
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/users/password/new',
    );
  });

  it('submitting the form from a field logs in, and a failure is shown', async () => {
    const kit = renderSignIn();
    kit.api.reply('POST', '/users/sign_in', new ApiError('Invalid Email or password.', 401, 'invalid_credentials'));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'wrong-password' } });
    // Enter in a field is the browser's implicit submission of the field's form (happy-dom does not
    // implement the key part): the page must be a real <form> with a submit button for it to work.
    expect(password.form?.querySelector('button[type="submit"]')?.textContent).toBe('Log in');
    password.form!.requestSubmit();

    await waitFor(() => expect(kit.api.callsTo('POST', '/users/sign_in')).toHaveLength(1));
    expect(kit.toast.$toasts.getState().map((t) => t.title)).toEqual(['Log-in failed']);
    await waitFor(() => expect(password.value).toBe(''));
    expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(false);
  });
});
