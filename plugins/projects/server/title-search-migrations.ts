import type { Migration } from '../../../server/plugin-api';

/**
 * Title search reads stored words (`project_versions.title_words`) instead of computing
 * `to_tsvector(title)` wherever the query needs it. The GIN index already held the words, but a
 * search whose words are common enough that the planner walks the list newest first (e.g. "w004",
 * 1 % of the titles) recomputed the words of every row it passed: 6,000 titles parsed for one page,
 * 28-68 ms at a million versions on a loaded box; the stored words are tested in 1.4 ms. A column
 * also gets ANALYZE statistics of its own, so the extended statistics object that stood in for
 * them on the expression goes. Costs about 50 bytes a row.
 *
 * Kept by a trigger that fires only when a title is written, not as a GENERATED column: PostgreSQL
 * 15 recomputes generated columns on every UPDATE, which added 20-45 ms to each bulk label or
 * soft delete of 10,000 versions (measured); `BEFORE UPDATE OF title` costs those nothing.
 */
export const titleSearchMigrations: Migration[] = [
  {
    id: '202612250010_project_versions_title_words',
    sql: `
ALTER TABLE project_versions ADD COLUMN title_words tsvector;
UPDATE project_versions SET title_words = to_tsvector('simple'::regconfig, title);
CREATE FUNCTION project_versions_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_words := to_tsvector('simple'::regconfig, NEW.title);
  RETURN NEW;
END $$;
CREATE TRIGGER project_versions_title_words_insert BEFORE INSERT ON project_versions
  FOR EACH ROW EXECUTE FUNCTION project_versions_title_words();
CREATE TRIGGER project_versions_title_words_update BEFORE UPDATE OF title ON project_versions
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION project_versions_title_words();
DROP INDEX project_versions_title_search_idx;
CREATE INDEX project_versions_title_search_idx ON project_versions USING gin (title_words) WHERE deleted_at IS NULL;
DROP STATISTICS IF EXISTS project_versions_title_words;
ANALYZE project_versions;
`,
  },
  {
    // GIN's fast update keeps new entries in an unsorted pending list, up to 4 MB, that every
    // search reads whole until a vacuum (or the write that overfills it) merges it. A bulk label
    // of 10,000 versions re-indexes their titles (the update is not HOT): 281 pending pages, and
    // a rare word's search took 5.8 ms instead of 2.5 until the list was merged. Without it the
    // title index is written in place: that bulk label costs 10 µs a version more (145 -> 245 ms
    // for 10,000), searches cost the same before and after (docs/capacity.md).
    id: '202701210002_project_versions_title_search_no_pending_list',
    sql: `
ALTER INDEX project_versions_title_search_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('project_versions_title_search_idx'::regclass);
`,
  },
];
