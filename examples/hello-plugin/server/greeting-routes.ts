import type { FastifyInstance } from 'fastify';
import type { ServerSdk } from '@polycue/sdk/server';

interface GreetingRow {
  id: string;
  text: string;
  created_at: Date;
}

const greetingResource = (row: GreetingRow) => ({
  id: String(row.id),
  type: 'greeting' as const,
  attributes: { text: row.text, createdAt: new Date(row.created_at).toISOString() },
});

/**
 * Every route declares the workspace it acts in (`config.tenant`): the host checks the caller may
 * open it before the handler runs, and answers 404 to anyone else. A greeting id is mapped to its
 * workspace once, with registerTenantResource, so the DELETE route is checked the same way.
 */
export async function greetingRoutes(app: FastifyInstance, sdk: ServerSdk): Promise<void> {
  const greetingSchema = sdk.resourceSchema('greeting', { text: { type: 'string' }, createdAt: { type: 'string' } });

  sdk.registerTenantResource(
    app,
    'hello-greeting',
    async (id) => {
      const { rows } = await app.db.query<{ accountId: string; workspaceId: string }>(
        `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM hello_greetings g JOIN workspaces w ON w.id = g.workspace_id WHERE g.id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },
    'Greeting not found',
  );

  app.get(
    '/api/v1/hello/greetings',
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        querystring: {
          type: 'object',
          required: ['workspaceId'],
          properties: { workspaceId: { type: 'string', pattern: sdk.idPattern } },
        },
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: greetingSchema } } } },
      },
    },
    async (request) => {
      const { workspaceId } = sdk.tenantOf(request);
      const { rows } = await app.db.query<GreetingRow>(
        'SELECT id::text, text, created_at FROM hello_greetings WHERE workspace_id = $1 ORDER BY id DESC LIMIT 100',
        [workspaceId],
      );
      return { data: rows.map(greetingResource) };
    },
  );

  app.post(
    '/api/v1/hello/greetings',
    {
      config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
      schema: {
        body: {
          type: 'object',
          required: ['workspaceId', 'text'],
          properties: {
            workspaceId: { type: 'string', pattern: sdk.idPattern },
            text: { type: 'string', maxLength: 200 },
          },
        },
        response: { 201: { type: 'object', properties: { data: greetingSchema } } },
      },
    },
    async (request, reply) => {
      const { workspaceId } = sdk.tenantOf(request);
      const text = (request.body as { text: string }).text.trim();
      if (!text) throw sdk.httpError(422, 'greeting_empty', 'Write a greeting first', 'text');
      const { rows } = await app.db.query<GreetingRow>(
        'INSERT INTO hello_greetings (workspace_id, text) VALUES ($1, $2) RETURNING id::text, text, created_at',
        [workspaceId, text],
      );
      return reply.code(201).send({ data: greetingResource(rows[0]) });
    },
  );

  app.delete(
    '/api/v1/hello/greetings/:greetingId',
    {
      config: { access: 'member', tenant: { resource: 'hello-greeting', id: 'params.greetingId' } },
      schema: {
        params: {
          type: 'object',
          required: ['greetingId'],
          properties: { greetingId: { type: 'string', pattern: sdk.idPattern } },
        },
      },
    },
    async (request, reply) => {
      await app.db.query('DELETE FROM hello_greetings WHERE id = $1', [
        (request.params as { greetingId: string }).greetingId,
      ]);
      return reply.code(204).send();
    },
  );
}
