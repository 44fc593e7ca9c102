/**
 * The shape of every resource id in URLs, query strings and bodies: a positive `bigint` in
 * decimal, as PostgreSQL's `bigint` identity columns hand them out. At most 18 digits, so any
 * value that passes fits a `bigint` (whose largest is 9223372036854775807, 19 digits): a longer
 * one is refused by the schema with a 400 instead of reaching the database and failing there
 * (a 500). One constant, so no copy can drift (an exports copy once allowed 19 digits).
 */
export const ID_DIGITS = '[1-9][0-9]{0,17}';

/** `ID_DIGITS` anchored: the JSON-schema `pattern` of one id. */
export const ID_PATTERN = `^${ID_DIGITS}$`;

/** Ids joined by commas (`?ids=1,2,3`), anchored. */
export const ID_LIST_PATTERN = `^${ID_DIGITS}(,${ID_DIGITS})*$`;

const ID = new RegExp(ID_PATTERN);

/** Whether a value read outside a schema (a header, a job's payload, a webhook) is an id. */
export const isResourceId = (value: unknown): value is string => typeof value === 'string' && ID.test(value);
