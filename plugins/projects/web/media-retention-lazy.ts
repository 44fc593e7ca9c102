/**
 * Media retention's browser half behind one dynamic import: the account-settings section and the
 * palette command share one chunk, so the plugin definition in the initial JavaScript holds one reference.
 */
export { default as MediaRetentionSection } from './components/media-retention-section';
export { mediaRetentionCommands } from './media-retention-commands';
