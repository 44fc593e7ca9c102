import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

// @needs-plugins billing, channels, exports, guidelines, labels, sso, termbases, themes, vocabularies (every call of the spec, so every plugin that answers one): scripts/check-plugin-removal.mjs leaves this file out without one of them.

/**
 * The contract's calls (docs/product-contract.md#calls), call by call (81 of them), against the routes this build serves: a call
 * of the contract that no plugin answers fails here by name. Paths with `…` in the spec are
 * written out under the resource they follow; `{x}` is any path parameter.
 */
const SPEC_CALLS = [
  // Authentication and password
  'POST /users',
  'POST /users/sign_in',
  'POST /api/v1/sso/auth',
  'POST /users/confirmation',
  'PUT /users/password',
  'POST /users/password',
  'DELETE /users/sign_out',
  // Subscriptions
  'DELETE /api/v1/subscriptions/cancel',
  'POST /api/v1/subscriptions/start_checkout_session',
  'PUT /api/v1/subscriptions/{subscriptionId}',
  // Users
  'GET /api/v1/users/',
  'PUT /api/v1/users/survey',
  'PUT /api/v1/users/set_last_viewed_alert',
  'PUT /api/v1/users/set_last_used_account',
  'PUT /api/v1/users/set_last_used_workspace',
  'PUT /api/v1/users/reset_should_see_newsletter_popup',
  'PUT /api/v1/users/update_profile',
  'POST /api/v1/users/change_avatar',
  'GET /api/v1/users/create_customer_portal_session',
  'POST /api/v1/sso/open_admin_portal',
  'POST /api/v1/external_channels/connect',
  // Projects and elements
  'POST /api/v1/projects/',
  'POST /api/v1/elements/create_with_project',
  'POST /api/v1/elements/youtube_dl_with_project',
  'GET /api/v1/elements',
  'DELETE /api/v1/elements/{elementId}',
  'POST /api/v1/elements/updates',
  // Project versions
  'GET /api/v1/project_versions',
  'POST /api/v1/project_versions/updates',
  'DELETE /api/v1/project_versions/',
  'PUT /api/v1/project_versions/setup',
  'GET /api/v1/project_versions/show_settings',
  'GET /api/v1/project_versions/show_settings_tts',
  'PUT /api/v1/project_versions/setup_tts',
  'GET /api/v1/project_versions/download_subtitles',
  'POST /api/v1/project_versions/{id}/subtitles/{id}/import_srt',
  'GET /api/v1/project_versions/{projectVersionId}/show_processing_info',
  'GET /api/v1/project_versions/{projectVersionId}/show_current_processing_step',
  'POST /api/v1/subtitles/{subtitleId}/external_tokens',
  // Vocabularies
  'GET /api/v1/vocabularies/',
  'POST /api/v1/vocabularies/',
  'PUT /api/v1/vocabularies/{id}',
  'DELETE /api/v1/vocabularies/{id}',
  // Guidelines
  'GET /api/v1/guidelines/',
  'POST /api/v1/guidelines/',
  'PUT /api/v1/guidelines/{id}',
  'DELETE /api/v1/guidelines/{id}',
  'PUT /api/v1/guidelines/{id}/update_default',
  'DELETE /api/v1/guidelines/{id}/destroy_default',
  // Term bases
  'GET /api/v1/termbases/',
  'POST /api/v1/termbases/',
  'PUT /api/v1/termbases/{id}',
  'DELETE /api/v1/termbases/{id}',
  'PUT /api/v1/termbases/{id}/add_entry',
  'PUT /api/v1/termbases/{termbaseId}/import_entries',
  'GET /api/v1/termbase_entries',
  'PUT /api/v1/termbase_entries/{id}',
  'DELETE /api/v1/termbase_entries/{id}',
  // Labels
  'GET /api/v1/labels/',
  'POST /api/v1/labels/',
  'PUT /api/v1/labels/{labelId}',
  'DELETE /api/v1/labels/{labelId}',
  'POST /api/v1/project_version_labels/',
  'DELETE /api/v1/project_version_labels/',
  // External channels and themes
  'GET /api/v1/external_channels/get_all_videos',
  'GET /api/v1/external_channels',
  'DELETE /api/v1/external_channels/{externalChannelId}/delete',
  'GET /api/v1/themes/',
  // Exports
  'POST /api/v1/exportations/get_by_ids',
  // Accounts
  'GET /api/v1/accounts/{accountId}/show_workspaces',
  'PUT /api/v1/accounts/{accountId}/rename',
  'POST /api/v1/accounts/{accountId}/change_avatar',
  'POST /api/v1/accounts/{accountId}/create_account_users',
  'POST /api/v1/accounts/{accountId}/create_workspace',
  // Account users
  'GET /api/v1/account_users',
  'DELETE /api/v1/account_users/',
  'PUT /api/v1/account_users/{accountUserId}/change_role',
  'POST /api/v1/account_users/create_workspace_users/',
  // Workspaces
  'PUT /api/v1/workspaces/{workspaceId}/rename',
  'DELETE /api/v1/workspaces/',
  'DELETE /api/v1/workspace_users/{workspaceUserId}',
];

/** `GET /a/{x}/b/` and `GET /a/:id/b` compare equal: parameters unnamed, no trailing slash. */
const shape = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/\{[^}]+\}|:[A-Za-z_]+/g, ':').replace(/(.)\/$/, '$1')}`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp('pglite');
});
afterAll(() => app?.close());

it('lists the 81 calls of the spec once each', () => {
  expect(SPEC_CALLS).toHaveLength(81);
  expect(new Set(SPEC_CALLS.map((call) => shape(...(call.split(' ') as [string, string])))).size).toBe(81);
});

it('answers every call of the spec with a route of its own', () => {
  const served = new Set(
    app.app.routeCatalog.flatMap((route) => [route.method].flat().map((method) => shape(method, route.url))),
  );
  const missing = SPEC_CALLS.filter((call) => !served.has(shape(...(call.split(' ') as [string, string]))));
  expect(missing).toEqual([]);
});
