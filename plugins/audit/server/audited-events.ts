import type { DomainEventRef, PublishedEvent } from '../../../server/plugin-api';
import {
  ACCOUNT_MEMBER_ADDED,
  ACCOUNT_MEMBER_REMOVED,
  ACCOUNT_MEMBER_ROLE_CHANGED,
  WORKSPACE_ACCESS_GRANTED,
  WORKSPACE_ACCESS_REMOVED,
  WORKSPACES_DELETED,
} from '../../accounts/common/account-events';
import { USER_PASSWORD_CHANGED, USER_SIGN_IN_FAILED, USER_SIGNED_IN } from '../../auth/common/auth-events';
import {
  MEDIA_RETENTION_CHANGED,
  PROJECT_VERSIONS_DELETED,
  PROJECT_VERSIONS_RESTORED,
} from '../../projects/common/project-events';
import { SUBTITLE_REVIEW_CHANGED } from '../../subtitles/common/subtitle-events';
import {
  ACCOUNT_DELETION_CANCELLED,
  ACCOUNT_DELETION_REQUESTED,
  ACCOUNT_ERASED,
  API_TOKEN_CREATED,
  API_TOKEN_REVOKED,
  ASSIGNMENT_ASSIGNED,
  ASSIGNMENT_UNASSIGNED,
  GUIDELINE_DELETED,
  LABEL_DELETED,
  SSO_SETTINGS_CHANGED,
  SUBSCRIPTION_CHANGED,
  TERMBASE_DELETED,
  THEME_DELETED,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_PASSKEY_ADDED,
  TWO_FACTOR_PASSKEY_REMOVED,
  TWO_FACTOR_POLICY_CHANGED,
  TWO_FACTOR_RECOVERY_CODE_USED,
  VOCABULARY_DELETED,
  WEBHOOK_ENDPOINT_CREATED,
  WEBHOOK_ENDPOINT_DELETED,
  WEBHOOK_ENDPOINT_DISABLED,
  COMMENT_ADDED,
  COMMENT_THREAD_REOPENED,
  COMMENT_THREAD_RESOLVED,
} from './optional-plugin-events';

/** What an entry says about one event, besides who, when and from where. */
export interface EntryDraft {
  /** Whose log it goes in: the event's account, or (user-level events) every account of `userOf`. */
  userOf?: string;
  /** Overrides the request's user: a sign-in's user is not logged in yet when it is published. */
  actorUserId?: string | null;
  targetType: string | null;
  targetId: string | null;
  changes?: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
}

export interface AuditedEvent<P = any> {
  event: DomainEventRef<P>;
  describe(event: PublishedEvent<P>): EntryDraft;
}

const audited = <P>(event: DomainEventRef<P>, describe: AuditedEvent<P>['describe']): AuditedEvent<P> => ({
  event,
  describe,
});

/** An action a person took on their own user (sign-in, password, two-factor): actor and target are that user. */
const ownUser = (userId: string, changes?: EntryDraft['changes']): EntryDraft => ({
  userOf: userId,
  actorUserId: userId,
  targetType: 'user',
  targetId: userId,
  ...(changes ? { changes } : {}),
});

/**
 * The administrative and destructive actions the log keeps (issue 27), one domain event each.
 * A plugin adding such an action publishes an event and it is listed here.
 */
export const AUDITED_EVENTS: AuditedEvent[] = [
  audited(USER_SIGNED_IN, (e) => ownUser(e.payload.userId, { after: { method: e.payload.method } })),
  // The person typing is not known to be the user: no actor, the user as target, the IP says where.
  audited(USER_SIGN_IN_FAILED, (e) => ({
    userOf: e.payload.userId,
    actorUserId: null,
    targetType: 'user',
    targetId: e.payload.userId,
    changes: { after: { reason: e.payload.reason } },
  })),
  audited(USER_PASSWORD_CHANGED, (e) => ownUser(e.payload.userId, { after: { by: e.payload.by } })),
  audited(TWO_FACTOR_ENABLED, (e) => ownUser(e.payload.userId)),
  audited(TWO_FACTOR_DISABLED, (e) => ownUser(e.payload.userId)),
  audited(TWO_FACTOR_RECOVERY_CODE_USED, (e) => ownUser(e.payload.userId, { after: { left: e.payload.left } })),
  // The key itself is the target (a user may have several); its name is what the person recognises.
  audited(TWO_FACTOR_PASSKEY_ADDED, (e) => ({
    ...ownUser(e.payload.userId, { after: { name: e.payload.name } }),
    targetType: 'passkey',
    targetId: e.payload.passkeyId,
  })),
  audited(TWO_FACTOR_PASSKEY_REMOVED, (e) => ({
    ...ownUser(e.payload.userId, { before: { name: e.payload.name } }),
    targetType: 'passkey',
    targetId: e.payload.passkeyId,
  })),
  audited(TWO_FACTOR_POLICY_CHANGED, (e) => ({
    targetType: 'account',
    targetId: e.accountId,
    changes: { after: { required: e.payload.required } },
  })),
  audited(ACCOUNT_MEMBER_ADDED, (e) => ({
    targetType: 'user',
    targetId: e.payload.userId,
    changes: { after: { role: e.payload.role } },
  })),
  audited(ACCOUNT_MEMBER_REMOVED, (e) => ({ targetType: 'user', targetId: e.payload.userId })),
  audited(ACCOUNT_MEMBER_ROLE_CHANGED, (e) => ({
    targetType: 'user',
    targetId: e.payload.userId,
    changes: { before: { role: e.payload.from }, after: { role: e.payload.to } },
  })),
  audited(WORKSPACE_ACCESS_GRANTED, (e) => ({
    targetType: 'workspaceUser',
    targetId: e.payload.workspaceUserIds.join(','),
  })),
  audited(WORKSPACE_ACCESS_REMOVED, (e) => ({
    targetType: 'workspaceUser',
    targetId: e.payload.workspaceUserId,
    changes: { before: { accountUserId: e.payload.accountUserId, workspaceId: e.payload.workspaceId } },
  })),
  audited(WORKSPACES_DELETED, (e) => ({ targetType: 'workspace', targetId: e.payload.workspaceIds.join(',') })),
  audited(SSO_SETTINGS_CHANGED, (e) => ({
    targetType: 'ssoSettings',
    targetId: e.accountId,
    changes: {
      ...(e.payload.before ? { before: { ...e.payload.before } } : {}),
      ...(e.payload.after ? { after: { ...e.payload.after, secretReplaced: e.payload.secretReplaced } } : {}),
    },
  })),
  audited(PROJECT_VERSIONS_DELETED, (e) => ({
    targetType: 'projectVersion',
    targetId: e.payload.projectVersionIds.join(','),
  })),
  audited(PROJECT_VERSIONS_RESTORED, (e) => ({
    targetType: 'projectVersion',
    targetId: e.payload.projectVersionIds.join(','),
  })),
  // Retention deletes media: who turned it on, and from what to what (days; null is off).
  audited(MEDIA_RETENTION_CHANGED, (e) => ({
    targetType: 'workspace',
    targetId: e.workspaceId,
    changes: { before: { days: e.payload.before }, after: { days: e.payload.after } },
  })),
  // Who approved what is asked after a dispute over a published subtitle; a live change has no
  // request to take the actor from, so the payload names it.
  audited(SUBTITLE_REVIEW_CHANGED, (e) => ({
    actorUserId: e.payload.userId,
    targetType: 'subtitle',
    targetId: e.payload.subtitleId,
    changes: { after: { language: e.payload.language, ...e.payload.moved } },
  })),
  ...(
    [
      [LABEL_DELETED, 'label'],
      [GUIDELINE_DELETED, 'guideline'],
      [VOCABULARY_DELETED, 'vocabulary'],
      [TERMBASE_DELETED, 'termbase'],
      [THEME_DELETED, 'theme'],
    ] as const
  ).map(([event, kind]) => audited(event, (e) => ({ targetType: kind, targetId: e.payload.id }))),
  audited(SUBSCRIPTION_CHANGED, (e) => ({
    targetType: 'subscription',
    targetId: e.accountId,
    changes: { after: { plan: e.payload.plan, status: e.payload.status, provider: e.payload.provider } },
  })),
  // Webhooks: where a workspace's events go is an administrative choice; the URL says where.
  audited(WEBHOOK_ENDPOINT_CREATED, (e) => ({
    targetType: 'webhookEndpoint',
    targetId: e.payload.endpointId,
    changes: { after: { url: e.payload.url, eventTypes: e.payload.eventTypes } },
  })),
  audited(WEBHOOK_ENDPOINT_DELETED, (e) => ({
    targetType: 'webhookEndpoint',
    targetId: e.payload.endpointId,
    changes: { before: { url: e.payload.url } },
  })),
  // Turned off after failures, no one did it: no actor (a job publishes it, so there is no request either).
  audited(WEBHOOK_ENDPOINT_DISABLED, (e) => ({
    ...(e.payload.by === 'failures' ? { actorUserId: null } : {}),
    targetType: 'webhookEndpoint',
    targetId: e.payload.endpointId,
    changes: { after: { enabled: false, by: e.payload.by } },
  })),
  // Comments on cues: the thread and the cue, never the text (the workspace reads that in the editor).
  audited(COMMENT_ADDED, (e) => ({
    actorUserId: e.payload.userId,
    targetType: 'commentThread',
    targetId: e.payload.threadId,
    changes: { after: { subtitleId: e.payload.subtitleId, cueId: e.payload.cueId, reply: e.payload.reply } },
  })),
  ...(
    [
      [COMMENT_THREAD_RESOLVED, true],
      [COMMENT_THREAD_REOPENED, false],
    ] as const
  ).map(([event, resolved]) =>
    audited(event, (e) => ({
      actorUserId: e.payload.userId,
      targetType: 'commentThread',
      targetId: e.payload.threadId,
      changes: { after: { subtitleId: e.payload.subtitleId, cueId: e.payload.cueId, resolved } },
    })),
  ),
  // API tokens: a credential that acts as its person; name, scope and reach say what it could do
  // (the secret, its hash and prefix are never in the event).
  audited(API_TOKEN_CREATED, (e) => ({
    targetType: 'apiToken',
    targetId: e.payload.tokenId,
    changes: {
      after: {
        name: e.payload.name,
        scope: e.payload.scope,
        workspaceId: e.payload.workspaceId,
        expiresAt: e.payload.expiresAt,
      },
    },
  })),
  audited(API_TOKEN_REVOKED, (e) => ({
    targetType: 'apiToken',
    targetId: e.payload.tokenId,
    changes: { before: { name: e.payload.name, scope: e.payload.scope, workspaceId: e.payload.workspaceId } },
  })),
  // Who does what: the language (its subtitle) is the target; the assignee and the role say the rest.
  audited(ASSIGNMENT_ASSIGNED, (e) => ({
    targetType: 'subtitle',
    targetId: e.payload.subtitleId,
    changes: {
      after: { language: e.payload.language, role: e.payload.role, userId: e.payload.userId, dueOn: e.payload.dueOn },
    },
  })),
  audited(ASSIGNMENT_UNASSIGNED, (e) => ({
    targetType: 'subtitle',
    targetId: e.payload.subtitleId,
    changes: { before: { language: e.payload.language, role: e.payload.role, userId: e.payload.userId } },
  })),
  audited(ACCOUNT_DELETION_REQUESTED, (e) => ({
    targetType: 'account',
    targetId: e.accountId,
    changes: { after: { eraseAfter: e.payload.eraseAfter } },
  })),
  audited(ACCOUNT_DELETION_CANCELLED, (e) => ({
    targetType: 'account',
    targetId: e.accountId,
    changes: { after: { by: e.payload.by } },
  })),
  // All that stays of an erased account: that it happened, and when (no actor, no address: a job did it).
  audited(ACCOUNT_ERASED, (e) => ({ actorUserId: null, targetType: 'account', targetId: e.payload.accountId })),
];
