import { defineDomainEvent } from '../../../core/common/domain-event';

/**
 * Domain events the api-tokens plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the token's account as tenant. The audit log names them.
 * Never the secret, its hash or its prefix: an entry says which token by id and name only.
 */
interface ApiTokenEventPayload {
  tokenId: string;
  /** Whose token it is (a person revokes only their own, so also who acted). */
  userId: string;
  name: string;
  scope: string;
  /** The one workspace it may act in; null: every workspace its owner may open. */
  workspaceId: string | null;
}

/** A person created an API token. */
export const API_TOKEN_CREATED = defineDomainEvent<ApiTokenEventPayload & { expiresAt: string | null }>(
  'api-tokens.created',
  1,
);

/** A person revoked one of their API tokens (the next call with it is a 401). */
export const API_TOKEN_REVOKED = defineDomainEvent<ApiTokenEventPayload>('api-tokens.revoked', 1);
