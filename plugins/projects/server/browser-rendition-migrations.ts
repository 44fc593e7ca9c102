import type { Migration } from '../../../server/plugin-api';

/**
 * When the browser's copy of an element's media was asked for (browser-rendition-job.ts): at
 * upload or link import, or, for media stored before copies were made (null here), by the first
 * player that finds no copy. Asked once: a file a browser plays gets no copy, and a player must
 * not ask again on every request. The partial index holds only media never asked for, so the
 * players' "asked already?" is a lookup in a small index.
 */
export const browserRenditionMigrations: Migration[] = [
  {
    id: '202701230001_elements_browser_rendition_asked',
    sql: `
ALTER TABLE elements ADD COLUMN browser_rendition_asked_at timestamptz;
CREATE INDEX elements_browser_rendition_unasked_idx ON elements (storage_key)
  WHERE browser_rendition_asked_at IS NULL AND storage_key IS NOT NULL;
`,
  },
];
