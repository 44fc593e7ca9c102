import type { Plugin } from 'vite';

/** See vite-dev-pages.mjs: in `npm run dev`, page loads take session, CSRF meta and page config from the API. */
export function pagesFromApi(apiTarget: string): Plugin;
