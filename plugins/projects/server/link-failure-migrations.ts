import type { Migration } from '../../../server/plugin-api';

/**
 * Which kind of failure stopped a link import (LinkFailureKind), beside its reason: the browser
 * says "refused" or "failed" from it and offers the plan's upgrade for `too_large`, without
 * reading the reason's words. Null for elements that failed before the column existed.
 */
export const linkFailureMigrations: Migration[] = [
  {
    id: '202612270010_elements_failure_kind',
    sql: `
ALTER TABLE elements ADD COLUMN failure_kind text
  CHECK (failure_kind IN ('private_address', 'too_large', 'unreachable', 'not_media'));
`,
  },
  {
    // What the link's source says of the video (a channel episode's show notes: issue 24), plain text.
    id: '202612270021_elements_description',
    sql: `ALTER TABLE elements ADD COLUMN description text;`,
  },
];
