import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  tenantOf,
  deleteReplacedImage,
  imageUploadBody,
  readImageUpload,
  storeImage,
  UserRepository,
} from '../../../server/plugin-api';
import type { ShowWorkspacesResponse } from '../../../core/common/session-types';
import {
  ACCOUNTS_PATHS,
  type CreateAccountUsersRequest,
  type CreateAccountUsersResponse,
  type NameRequest,
} from '../common/accounts-contract';
import {
  accountResource,
  accountUserResource,
  createAccountUsersBody,
  dataOf,
  invitationResource,
  listOf,
  nameBody,
  paramsWith,
  workspaceResource,
} from './accounts-schemas';
import { cleanName, viewerOf, type AccountsServices } from './accounts-services';
import { invitationMail } from './invitation-mail';

type AccountParams = { Params: { accountId: string } };
const params = paramsWith('accountId');
const anyMember = { access: 'member', tenant: { account: 'params.accountId' } } as const;
const adminOnly = { access: 'member', tenant: { account: 'params.accountId', role: 'admin' } } as const;
const route = (template: (id: string) => string) => template(':accountId');

/** `/api/v1/accounts/{accountId}/…`: the account itself, its workspaces and adding people. */
export function registerAccountRoutes(app: FastifyInstance, services: AccountsServices): void {
  const { tenancy, accounts, workspaces, invitations, presenter } = services;
  const users = new UserRepository(app.db);

  /** The account as the caller sees it (their role, their last used workspace). */
  async function accountReply(request: FastifyRequest) {
    const membership = await tenancy.findMembership(request.currentUser!.id, tenantOf(request).accountId);
    return { data: presenter.account(membership!) };
  }

  app.get<AccountParams>(
    route(ACCOUNTS_PATHS.showWorkspaces),
    {
      config: anyMember,
      schema: {
        summary: "List an account's workspaces you can open",
        params,
        response: { 200: listOf(workspaceResource) },
      },
    },
    async (request): Promise<ShowWorkspacesResponse> => {
      const list = await tenancy.listWorkspacesForUser(request.currentUser!.id, tenantOf(request).accountId);
      return { data: (list ?? []).map((w) => presenter.workspace(w)) };
    },
  );

  app.put<AccountParams & { Body: NameRequest }>(
    route(ACCOUNTS_PATHS.renameAccount),
    {
      config: adminOnly,
      schema: {
        summary: 'Rename an account (account admins)',
        params,
        body: nameBody,
        response: { 200: dataOf(accountResource) },
      },
    },
    async (request) => {
      await accounts.renameAccount(tenantOf(request).accountId, cleanName(request.body.name));
      return accountReply(request);
    },
  );

  app.post<AccountParams>(
    route(ACCOUNTS_PATHS.changeAvatar),
    {
      config: { ...adminOnly, multipartBody: imageUploadBody('avatar') },
      schema: {
        summary: "Change an account's avatar (multipart, account admins)",
        params,
        response: { 200: dataOf(accountResource) },
      },
    },
    async (request) => {
      const image = await readImageUpload(app, request, { field: 'avatar' });
      const key = await storeImage(app, 'avatars/accounts', image);
      await deleteReplacedImage(app, request, await accounts.replaceAvatarKey(tenantOf(request).accountId, key));
      return accountReply(request);
    },
  );

  app.post<AccountParams & { Body: NameRequest }>(
    route(ACCOUNTS_PATHS.createWorkspace),
    {
      config: adminOnly,
      schema: {
        summary: 'Create a workspace in an account (account admins)',
        params,
        body: nameBody,
        response: { 201: dataOf(workspaceResource) },
      },
    },
    async (request, reply) => {
      const workspace = await workspaces.createWorkspace(tenantOf(request).accountId, cleanName(request.body.name));
      return reply.code(201).send({ data: presenter.workspace(workspace) });
    },
  );

  app.post<AccountParams & { Body: CreateAccountUsersRequest }>(
    route(ACCOUNTS_PATHS.createAccountUsers),
    {
      config: adminOnly,
      schema: {
        summary: 'Invite people to an account by e-mail (account admins)',
        params,
        body: createAccountUsersBody,
        response: {
          200: {
            type: 'object',
            required: ['data', 'included', 'meta'],
            properties: {
              data: { type: 'array', items: accountUserResource },
              included: { type: 'array', items: invitationResource },
              meta: { type: 'object', properties: { alreadyMembers: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
      },
    },
    async (request): Promise<CreateAccountUsersResponse> => {
      const { accountId } = tenantOf(request);
      const inviter = (await users.findById(request.currentUser!.id))!;
      // The plan's seats (billing, when installed) are checked in the same transaction: 402 when someone new would not fit.
      const result = await invitations.addByEmail(accountId, request.body.emails, request.body.role, inviter.id);
      // Mails after the commit: a job must not outlive a rolled-back invitation.
      const membership = await tenancy.findMembership(inviter.id, accountId);
      const inviterName = [inviter.name, inviter.lastName].filter(Boolean).join(' ') || inviter.email;
      for (const invited of result.invited) {
        await app.mailer.enqueue(invitationMail(app.config.publicUrl, invited.email, membership!.name, inviterName));
      }
      const added = await services.directory.byIds(
        accountId,
        viewerOf(request),
        result.added.map((a) => a.accountUserId),
      );
      return {
        data: added.map((record) => presenter.accountUser(record)),
        included: result.invited.map((invited) => presenter.invitation({ ...invited, role: request.body.role })),
        meta: { alreadyMembers: result.alreadyMembers },
      };
    },
  );
}
