import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import {
  AUTH_MESSAGES,
  AUTH_PATHS,
  ONBOARDING_COOKIE,
  ONBOARDING_PROCESSED,
  type ResetNewsletterPopupRequest,
  type SetLastUsedAccountRequest,
  type SetLastUsedWorkspaceRequest,
  type SetLastViewedAlertRequest,
  type SurveyRequest,
} from '../common/auth-contract';
import {
  accountIdBody,
  alertIdBody,
  currentUserResponse,
  newsletterBody,
  surveyBody,
  userResponse,
  workspaceIdBody,
} from './auth-schemas';
import type { AuthServices } from './auth-services';

export const ACCOUNT_NOT_FOUND_MESSAGE = 'Account not found';
export const WORKSPACE_NOT_FOUND_MESSAGE = 'Workspace not found';

/** The logged-in user's own data and settings (`/api/v1/users/`); open to unconfirmed users too. */
export function registerCurrentUserRoutes(app: FastifyInstance, services: AuthServices): void {
  const { users, tenancy, presenter } = services;
  const access = { access: 'user' as const };

  /** Answers with the user as stored after a change. */
  async function userReply(userId: string) {
    return { data: await presenter.user((await users.findById(userId))!) };
  }

  app.get(
    AUTH_PATHS.currentUser,
    {
      config: access,
      schema: {
        summary: 'You: the signed-in person, their accounts and what the app remembers for them',
        response: { 200: currentUserResponse },
      },
    },
    async (request) => presenter.currentUser(await services.currentUserRecord(request)),
  );

  app.put<{ Body: SurveyRequest }>(
    AUTH_PATHS.survey,
    {
      config: access,
      schema: { summary: 'Answer the welcome survey', body: surveyBody, response: { 200: userResponse } },
    },
    async (request, reply) => {
      const user = await services.currentUserRecord(request);
      const stored = await users.storeSurveyAnswers(user.id, request.body.survey.answers);
      // Set on a repeat too: a browser that lost the cookie stops being sent to the survey.
      reply.setCookie(ONBOARDING_COOKIE, ONBOARDING_PROCESSED, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: app.config.publicUrl.startsWith('https:'),
        maxAge: 365 * 24 * 60 * 60,
      });
      if (!stored) throw httpError(409, 'already_answered', AUTH_MESSAGES.surveyAlreadyStored);
      return userReply(user.id);
    },
  );

  app.put<{ Body: SetLastViewedAlertRequest }>(
    AUTH_PATHS.setLastViewedAlert,
    {
      config: access,
      schema: { summary: 'Remember the last alert you dismissed', body: alertIdBody, response: { 200: userResponse } },
    },
    async (request) => {
      const user = await services.currentUserRecord(request);
      await users.setLastViewedAlert(user.id, request.body.alertId);
      return userReply(user.id);
    },
  );

  app.put<{ Body: SetLastUsedAccountRequest }>(
    AUTH_PATHS.setLastUsedAccount,
    {
      config: access,
      schema: {
        summary: 'Remember the account you last used (opened next time)',
        body: accountIdBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await services.currentUserRecord(request);
      const membership = await tenancy.findMembership(user.id, request.body.accountId);
      if (!membership) throw httpError(404, 'not_found', ACCOUNT_NOT_FOUND_MESSAGE, 'accountId');
      await users.setLastUsedAccount(user.id, membership.accountId);
      return userReply(user.id);
    },
  );

  app.put<{ Body: SetLastUsedWorkspaceRequest }>(
    AUTH_PATHS.setLastUsedWorkspace,
    {
      config: access,
      schema: {
        summary: 'Remember the workspace you last used (opened next time)',
        body: workspaceIdBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await services.currentUserRecord(request);
      const workspaceAccess = await tenancy.findWorkspaceAccess(user.id, request.body.workspaceId);
      if (!workspaceAccess) throw httpError(404, 'not_found', WORKSPACE_NOT_FOUND_MESSAGE, 'workspaceId');
      await users.setLastUsedWorkspace(user.id, workspaceAccess.workspaceId);
      await tenancy.setLastUsedWorkspace(workspaceAccess);
      return userReply(user.id);
    },
  );

  app.put<{ Body: ResetNewsletterPopupRequest | undefined }>(
    AUTH_PATHS.resetShouldSeeNewsletterPopup,
    {
      config: access,
      schema: {
        summary: 'Stop showing you the newsletter popup',
        body: newsletterBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await services.currentUserRecord(request);
      await users.dismissNewsletterPopup(user.id, request.body?.subscribe === true);
      return userReply(user.id);
    },
  );
}
