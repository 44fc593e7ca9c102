/**
 * Everything of the plugin's browser half behind one dynamic import: the page, the account
 * settings section and the palette's choices share one chunk, so the definition in the initial
 * JavaScript carries one lazy reference instead of three.
 */
export { default as ApiTokensPage } from './api-tokens-page';
export { default as ApiTokensAccountSection } from './account-section';
export { revokeTokenChoices } from './api-tokens-commands';
