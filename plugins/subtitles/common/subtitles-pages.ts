import { PROJECT_VERSION_PAGE } from '../../projects/common/project-version-route';

/** Browser pages of the subtitles plugin, in a file of their own: the plugin definition (initial JavaScript) needs these and nothing else of the contract. */
export const SUBTITLES_PAGES = {
  /** The public share page; the server builds the same URL (`${publicUrl}/share/<token>`). */
  share: '/share/:token',
  /** Read-only subtitle view: the `editorUrl` target until the editor exists (docs/product-contract.md#screens-and-routes "editor URL"). */
  subtitle: `${PROJECT_VERSION_PAGE}/subtitles/:subtitleId`,
} as const;
