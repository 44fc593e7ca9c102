import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the term bases plugin: a term base of the hidden workspace with one entry. */
export default defineIsolationFixtures({
  async seed({ db, workspaceId, tag }) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO termbases (workspace_id, name, languages) VALUES ($1, $2, '{en,es}') RETURNING id::text AS id`,
      [workspaceId, `${tag} terms`],
    );
    const entry = await db.query<{ id: string }>(
      `INSERT INTO termbase_entries (termbase_id, workspace_id, terms) VALUES ($1, $2, $3) RETURNING id::text AS id`,
      [rows[0].id, workspaceId, JSON.stringify({ en: `${tag} term`, es: `${tag} término` })],
    );
    return { termbaseId: rows[0].id, termbaseEntryId: entry.rows[0].id };
  },
  // The `:id` of /api/v1/termbases/:id (and add_entry) is a term base; of /api/v1/termbase_entries/:id an entry.
  bulkIds: { termbases: 'termbaseId', add_entry: 'termbaseId', termbase_entries: 'termbaseEntryId' },
  exampleBodies: {
    'POST /api/v1/termbases/': { languages: ['en', 'es'] },
    'PUT /api/v1/termbases/:id/add_entry': { terms: { en: 'sweep', es: 'barrido' } },
    'PUT /api/v1/termbases/:termbaseId/import_entries': { content: 'en,es\nsweep,barrido\n' },
    'PUT /api/v1/termbase_entries/:id': { terms: { en: 'sweep', es: 'barrido' } },
  },
});
