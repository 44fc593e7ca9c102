import type { AccountResource, CurrentUserResponse, UserResource } from '../../../core/common/session-types';
import {
  isOperator,
  type Storage,
  type AlertRepository,
  type AccountMembership,
  type TenancyRepository,
  type UserRecord,
} from '../../../server/plugin-api';

/** Rows to the `{ data: { id, type, attributes } }` resources the browser reads (core/model/session-types.ts). */
export class UserPresenter {
  constructor(
    private readonly storage: Storage,
    private readonly alerts: AlertRepository,
    private readonly tenancy: TenancyRepository,
    /** OPERATOR_EMAILS: these people are shown as operators (`staff`) whatever their row says. */
    private readonly operatorEmails: readonly string[] = [],
  ) {}

  async user(record: UserRecord): Promise<UserResource> {
    const alert = await this.alerts.relevantFor(record.lastViewedAlertId);
    return {
      id: record.id,
      type: 'user',
      attributes: {
        name: record.name,
        lastName: record.lastName,
        email: record.email,
        role: isOperator(record, this.operatorEmails) ? 'staff' : 'user',
        onboardingState: record.onboardingState,
        confirmedEmail: record.confirmedAt !== null,
        relevantAlert: alert,
        shouldSeeNewsletterPopup: record.shouldSeeNewsletterPopup,
        numberOfProjectsSuccessfullyCreated: record.numberOfProjectsSuccessfullyCreated,
        lastUsedAccountId: record.lastUsedAccountId,
        lastUsedWorkspaceId: record.lastUsedWorkspaceId,
        avatarUrl: record.avatarKey ? this.storage.urlFor(record.avatarKey) : null,
        lastViewedAlertId: record.lastViewedAlertId,
      },
    };
  }

  account(membership: AccountMembership): AccountResource {
    return {
      id: membership.accountId,
      type: 'account',
      attributes: {
        name: membership.name,
        avatarUrl: membership.avatarKey ? this.storage.urlFor(membership.avatarKey) : null,
        role: membership.role,
        lastUsedWorkspaceId: membership.lastUsedWorkspaceId,
        subscription: { isCurrent: membership.subscriptionIsCurrent },
      },
    };
  }

  async currentUser(record: UserRecord): Promise<CurrentUserResponse> {
    const [data, memberships] = await Promise.all([this.user(record), this.tenancy.listAccountsForUser(record.id)]);
    return { data, included: memberships.map((m) => this.account(m)) };
  }
}
