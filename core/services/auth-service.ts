import { inject, injectable } from 'inversify';
import { TOKENS } from '../di/tokens';
import type { ApiClient } from './api-client';
import type { CsrfTokenSource } from './csrf-token';
import type { AppModel } from '../model/app-model';

export interface SignInFields {
  email: string;
  password: string;
  rememberMe?: boolean;
}

/**
 * The session, as the rest of the app sees it. Log-in and log-out replace the server session, so
 * the CSRF token changes: it is re-read from the token cookie right after (the Rails convention).
 */
export interface AuthService {
  signIn(fields: SignInFields): Promise<void>;
  signOut(): Promise<{ redirectTo: string }>;
  /** Call after any server call that started a new session (sign-up, password reset). */
  sessionReplaced(): void;
}

@injectable()
export class SessionAuthService implements AuthService {
  constructor(
    @inject(TOKENS.ApiClient) private readonly api: ApiClient,
    @inject(TOKENS.CsrfTokenSource) private readonly csrf: CsrfTokenSource,
    @inject(TOKENS.AppModel) private readonly app: Pick<AppModel, 'userRequested' | 'loggedOut'>,
  ) {}

  async signIn({ email, password, rememberMe = false }: SignInFields): Promise<void> {
    await this.api.post('/users/sign_in', {
      utf8: '✓',
      commit: 'Log in',
      user: { email, password, remember_me: rememberMe ? '1' : '0' },
    });
    this.sessionReplaced();
  }

  async signOut(): Promise<{ redirectTo: string }> {
    const response = await this.api.delete<{ redirectTo?: string }>('/users/sign_out');
    this.csrf.refresh();
    this.app.loggedOut();
    return { redirectTo: response.data?.redirectTo || '/users/sign_in' };
  }

  sessionReplaced(): void {
    this.csrf.refresh();
    this.app.userRequested();
  }
}
