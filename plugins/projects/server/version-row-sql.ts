import type { ProjectVersionListContribution } from './extension-points';

/**
 * The columns of a project-version row as `[name, expression over v]`, written once for both
 * ways the rows are read (rowsJsonSql, listLinesSql). The element (its state, whether retention
 * removed its media) is one lookup a row (ROWS_FROM; two sub-selects before), of the page's rows
 * only. created_at comes once, as microseconds (the keyset position); `createdAt` is made from it
 * (ProjectVersionRepository.toRecords): formatting a timestamptz as text in PostgreSQL and parsing
 * it back in Node cost both sides CPU on every row of every page, for the same value truncated to
 * the ms.
 */
const VERSION_COLUMNS: [string, string][] = [
  ['id', 'v.id::text'],
  ['projectId', 'v.project_id::text'],
  ['title', 'v.title'],
  ['durationMs', 'v.duration_ms'],
  ['thumbnailKey', 'v.thumbnail_key'],
  ['elementId', 'v.element_id::text'],
  ['elementState', 'v_element.state'],
  ['mediaRemovedAfterDays', 'v_element.media_removed_after_days'],
  ['positionMicros', '(extract(epoch FROM v.created_at) * 1000000)::bigint::text'],
];

type Column = NonNullable<ProjectVersionListContribution['column']>;

/** A name as a quoted identifier (attribute names come from plugins). */
const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The contributed columns of the rows, each under `c:<attribute>` (ProjectVersionRepository.toRecords moves them). */
const contributedPairs = (columns: Column[]): [string, string][] =>
  columns.map((column) => [`c:${column.attribute}`, column.sql]);

/** The page's rows by id, each with its element (absent for a version made without an upload). */
const ROWS_FROM = `FROM project_versions v LEFT JOIN elements v_element ON v_element.id = v.element_id`;
const ROWS_WHERE = `WHERE v.workspace_id = $1 AND v.id = ANY($2::bigint[]) AND v.deleted_at IS NULL`;

/**
 * Whole rows by id, as ONE json value (an array of row objects, newest first), not as 50 rows of
 * a dozen columns: the driver decoding every field of every row (a parse per field, a JSON.parse
 * per json column) was the largest part of the web process's CPU per list request; one
 * JSON.parse of the whole page costs a fraction of it. For reads by id (a refresh, a new project).
 */
export function rowsJsonSql(columns: Column[]): string {
  const selected = [...VERSION_COLUMNS, ...contributedPairs(columns)]
    .map(([name, sql]) => `${sql} AS ${identifier(name)}`)
    .join(', ');
  return `SELECT coalesce(json_agg(r ORDER BY r."positionMicros"::bigint DESC, r.id::bigint DESC), '[]') AS page FROM (
       SELECT ${selected} ${ROWS_FROM} ${ROWS_WHERE}) r`;
}

/** Between a line's head and tail, and between lines: control characters, escaped inside any JSON text PostgreSQL writes. */
export const HEAD_END = '\x1f';
export const LINE_END = '\x1e';

/**
 * The list page's rows as text, one line per row (newest first, LINE_END between), each line a
 * head and a tail (HEAD_END between): the head a json object of the row's own columns and of the
 * columns with a `resolve` (the web process reads and finishes those), the tail a json object of
 * every other contributed column, which the web process never parses: it goes into the answer as
 * PostgreSQL wrote it (list-page-lines.ts). Those columns (subtitles, processing) are two thirds
 * of a page's bytes; parsing them into objects and serializing them back was a third of the web
 * process's CPU per list request. A value a column's SQL gives as null is served as null.
 */
export function listLinesSql(columns: Column[]): string {
  const selected = (list: [string, string][]) => list.map(([name, sql]) => `${sql} AS ${identifier(name)}`).join(', ');
  const head = [...VERSION_COLUMNS, ...contributedPairs(columns.filter((column) => column.resolve))];
  const tail: [string, string][] = columns
    .filter((column) => !column.resolve)
    .map((column) => [column.attribute, column.sql]);
  // Rows made by LATERAL sub-selects and written with to_json: measured (pgbench, 50 rows) a few
  // per cent cheaper than json_build_object, which inspects every argument's type on every call.
  return `SELECT coalesce(string_agg(to_json(head)::text || chr(31) || ${tail.length > 0 ? 'to_json(tail)::text' : "'{}'"},
       chr(30) ORDER BY v.created_at DESC, v.id DESC), '') AS page
     ${ROWS_FROM}
     CROSS JOIN LATERAL (SELECT ${selected(head)}) head${
       tail.length > 0
         ? `
     CROSS JOIN LATERAL (SELECT ${selected(tail)}) tail`
         : ''
     }
     ${ROWS_WHERE}`;
}
