import type { AccountDataDeclaration } from '../../../server/plugin-api';

/**
 * The editor's files: waveforms and shot changes made from a stored video. They are found from the
 * video's key by the projects plugin (its `derivedMediaFiles` point), so only the folders are
 * named here. Declared for exports and erasures (server/plugin-api/account-data.ts).
 */
export const EDITOR_ACCOUNT_DATA: AccountDataDeclaration = {
  files: { prefixes: ['waveforms', 'shot-changes'] },
};
