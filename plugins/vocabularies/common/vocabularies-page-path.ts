/** The page's path, in a file of its own: the plugin definition (initial JavaScript) needs it and nothing else of the contract. */
export const VOCABULARIES_PAGE = '/vocabularies';
