/**
 * The plugin's browser half behind one dynamic import: page, account section and palette
 * commands share one chunk, so the definition in the initial JavaScript holds one reference.
 */
export { default as WebhooksPage } from './webhooks-page';
export { default as WebhooksAccountSection } from './account-section';
export { webhooksCommands } from './webhooks-commands';
