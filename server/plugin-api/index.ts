/**
 * The one door from a plugin's server code into the host. `plugins/<id>/server` imports the host
 * only from here (enforced by `npm run deps`, .dependency-cruiser.cjs), so this file is the whole
 * server API a plugin may rely on: the host can reorganise everything behind it freely, and a
 * change here is a change of the plugin contract. Add a name here when a plugin needs it; never
 * import a host module by path from a plugin.
 *
 * Host modules import what they need from their own folders (or ./server-plugin), never from
 * this index: it re-exports them, so importing it back would make cycles.
 */

// The contract itself: definition, version, migrations, jobs.
export { contributeToServer, defineServerExtensionPoint, defineServerPlugin } from './server-plugin';
export { PLUGIN_API_MAJOR } from '../../core/common/plugin-package';
export type {
  JobContext,
  JobDefinition,
  Migration,
  ServerContribution,
  ServerExtensionPoint,
  ContributionRules,
  ContributionMember,
  ServerPlugin,
} from './server-plugin';
export type { ServerExtensions } from '../extensions';
export { defineIsolationFixtures } from './isolation-fixtures';
export { ACCOUNT_WORKSPACES, AccountDataRegistry } from './account-data';
export type { AccountDataDeclaration, AccountDataFiles, AccountDataTable, AccountFilesContext } from './account-data';
// Domain events: the publisher's typed reference (in its common/), publishing, subscribing.
export { defineDomainEvent } from '../../core/common/domain-event';
export type { DomainEventRef, PublishedEvent } from '../../core/common/domain-event';
export type { EventPublisher, EventTenant } from '../events/event-outbox';
export { subscribeTo } from '../events/event-subscription';
export type { AnySubscription, EventSubscription, SubscriberContext } from '../events/event-subscription';
export { subscribeInTransaction } from '../events/in-transaction-subscription';
export type { InTransactionContext, InTransactionSubscription } from '../events/in-transaction-subscription';
export type { EventOrigin } from '../http/request-origin';
export type { IsolationFixtures, IsolationSeedContext } from './isolation-fixtures';

// Infrastructure a route or job sees on `app.*` (the Fastify augmentation comes with these).
export type {
  AppConfig,
  CurrentUser,
  JobQueue,
  Mail,
  Mailer,
  RouteAccess,
  Session,
  Storage,
  StoredFile,
} from '../http/request-context';
export { ServiceRegistry, serviceRef, serviceToken } from '../services';
/** A plan's 402 refusal, answered by the plugins whose points the billing plugin contributes to (core/common/plan-refusal.ts). */
export { PLAN_LIMIT_CODE } from '../../core/common/plan-refusal';
export type { PlanRefusal } from '../../core/common/plan-refusal';
export type { ServiceRef, ServiceToken } from '../services';
export { namedStatement } from '../db/database';
export type { Database, NamedStatement, Queryable, QueryResult } from '../db/database';
export { ByteLru } from '../cache/byte-lru';
export { WorkLimit } from '../engines/work-limit';
export { runOffThread } from '../threads/off-thread';
export { secondsFromEnv } from '../jobs/tuning-seconds';
export { workspaceChangeTriggersSql } from '../identity/workspace-revision';

// HTTP: errors people read, response schemas, uploads.
export { HttpError, errorBody, httpError } from '../http/errors';
export {
  storageProblem,
  STORAGE_PROBLEM_MESSAGES,
  STORAGE_PROBLEM_STATUS,
  type StorageProblem,
} from '../http/storage-errors';
/** Values read outside the parsed body (a header, a file's metadata) get the same check as every body. */
export { assertCleanValue } from '../http/input-guard';
export { carryReplyHeaders } from '../http/security';
export type { ErrorBody } from '../http/errors';
export { accountResourceSchema, resourceSchema } from '../http/resource-schema';
export {
  cleanResourceName,
  containsPattern,
  idParams,
  idString,
  ownResource,
  registerWorkspaceResourceList,
} from '../http/workspace-resource-routes';
export type { WorkspaceResourceListOptions } from '../http/workspace-resource-routes';
export { UNAUTHENTICATED_MESSAGE, UNCONFIRMED_MESSAGE } from '../http/access';
export {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  INVALID_IMAGE_MESSAGE,
  deleteReplacedImage,
  imageUploadBody,
  readImageUpload,
  storeImage,
} from '../http/image-upload';

// Authorization: the tenant a route declared with `config.tenant`, and resources that map to one.
export {
  ACCOUNT_NOT_FOUND_MESSAGE,
  ONLY_ADMINS_MESSAGE,
  WORKSPACE_NOT_FOUND_MESSAGE,
  registerTenantResource,
  tenantOf,
} from '../authz/index';
export type { RouteCatalogEntry, Tenant, TenantRequirement, TenantResourceResolver } from '../authz/index';
// Credentials other than the session cookie (API tokens): a plugin authenticates, the host narrows.
export {
  ADMIN_CREDENTIAL_MESSAGE,
  CREDENTIAL_NEEDS_TENANT_MESSAGE,
  CREDENTIAL_REFUSED_MESSAGE,
  INVALID_CREDENTIAL_MESSAGE,
  READ_ONLY_CREDENTIAL_MESSAGE,
  credentialRefusal,
  registerRequestAuthenticator,
} from '../http/request-credentials';
export type {
  CredentialHint,
  CredentialLimits,
  RequestAuthenticator,
  RequestCredential,
} from '../http/request-credentials';
/** A user's standing in a workspace as SQL (`user`, `workspace`: expressions), for a credential lookup that brings it along. */
export { workspaceStandingSql } from '../identity/tenancy-repository';

// Identity the host keeps: users, accounts and workspaces as tenants, the alert banner.
export { UserRepository, isUniqueViolation } from '../identity/user-repository';
export type { NewUser, UserRecord } from '../identity/user-repository';
export { TenancyRepository, WORKSPACE_COLUMNS } from '../identity/tenancy-repository';
export type {
  AccountMembership,
  AccountRole,
  TenantOwner,
  TenantStanding,
  WorkspaceAccess,
  WorkspaceAccessType,
  WorkspaceRecord,
} from '../identity/tenancy-repository';
export { AlertRepository } from '../identity/alert-repository';
export type { AlertFields, AlertRecord, PublishedAlertRecord } from '../identity/alert-repository';
export { OPERATOR_ROLE, isOperator } from '../identity/operators';

// Engines: the interfaces, the configured set, what they can do, and the media tools around them.
export type {
  AlignmentEngine,
  AlignOptions,
  Cue,
  GlossaryEntry,
  LanguagePair,
  SpeechSynthesisEngine,
  SpeechToTextEngine,
  SynthesizedClip,
  SynthesizeOptions,
  TimedWord,
  TranscribeOptions,
  TermFix,
  TranslateOptions,
  TranslatedCue,
  TranslationEngine,
  Voice,
} from '../engines/engine-interfaces';
// Term-base rules every translation engine applies (host craft; the pipeline re-exports them).
export {
  enforceTermBase,
  literalTranslationsOf,
  protectTerms,
  restoreTerms,
} from '../engines/translation/term-base-rules';
export { findOccurrences, findTerms } from '../engines/translation/term-matching';
export type {
  EnforceTermBaseInput,
  ProtectedSource,
  TermBaseReport,
  TermRepair,
} from '../engines/translation/term-base-rules';
export { defaultEngines } from '../engines/engine-registry';
export type { Engines } from '../engines/engine-registry';
export { languageCapabilities } from '../engines/capabilities';
export type { LanguageCapabilities } from '../engines/capabilities';
export {
  SPEECH_SAMPLE_RATE,
  cutRange,
  extractAudio,
  muxAudio,
  probe,
  probePlayable,
  soundingAudioStream,
  thumbnail,
} from '../engines/media';
export type { MediaCallOptions, MediaInfo, MediaStream, TimeRange } from '../engines/media';
export { detectSilences, planChunks, type SilenceOptions } from '../engines/silences';
export { browserPlays, ensureBrowserPlayable } from '../engines/browser-playable';
export { checkMedia } from '../engines/media-check';
export type { MediaCheck, MediaRefusal } from '../engines/media-check';
export { EngineAbortedError, EngineProcessError, runProcess } from '../engines/process-runner';
export type { RunOptions, RunResult } from '../engines/process-runner';
export { wavDurationMs } from '../engines/wav-file';

// Link import: media fetched from a public address, and the ranges tests may allow besides.
export {
  LinkFetchError,
  LinkNotMediaError,
  LinkTooLargeError,
  UnsafeLinkError,
  importFromLink,
} from '../engines/link-import';
export type { ImportedMedia, LinkImportOptions, LinkImportProgress } from '../engines/link-import';
export { AddressAllowance } from '../net/address-allowance';
/** GET of a user's address under the same guard (every hop resolved and checked, the body capped): feeds, pages. */
export { safeFetch } from '../net/safe-fetch';
/** Checks an address a plugin is about to call (scheme, port, every resolved address public or allowed) without fetching it: outside providers' endpoints. */
export { resolvePublic } from '../net/safe-fetch';
/** fetch() to a target resolvePublic checked, its addresses pinned (no DNS rebinding between check and connection). */
export { pinnedFetch, type PinnedFetchInit } from '../net/pinned-fetch';
export type { SafeFetchOptions, SafeResponse } from '../net/safe-fetch';
