import type { FastifyInstance } from 'fastify';
import { LABEL_DELETED } from '../common/label-events';
import { tenantOf, httpError, resourceSchema } from '../../../server/plugin-api';
import {
  CAPTION_MAX_LENGTH,
  LABELS_PATHS,
  LABELS_SERVER_MESSAGES,
  MAX_LABEL_BULK_IDS,
  type CreateLabelRequest,
  type DeleteLabelResponse,
  type LabelResource,
  type LabelResponse,
  type LabelsResponse,
  type ProjectVersionLabelsRequest,
  type RenameLabelRequest,
} from '../common/labels-contract';
import { CaptionTakenError, type LabelRecord, type LabelRepository } from './label-repository';
import { ID_PATTERN } from '../../../core/common/resource-id';

const idString = { type: 'string', pattern: ID_PATTERN } as const;
const bulkIds = { type: 'array', maxItems: MAX_LABEL_BULK_IDS, items: idString } as const;
/** Length is checked after trimming, in `cleanCaption`, so the message can say which rule failed. */
const caption = { type: 'string', maxLength: 1000 } as const;
/** 100,000 ids of up to 18 digits in JSON. */
const BULK_BODY_LIMIT = 4 * 1024 * 1024;

const labelSchema = resourceSchema('label', {
  caption: { type: 'string' },
  workspaceId: { type: 'string' },
  projectVersionCount: { type: 'integer' },
  projectVersionIds: { type: 'array', items: { type: 'string' } },
});
const oneLabel = { type: 'object', properties: { data: labelSchema } } as const;
const labelParams = { type: 'object', required: ['labelId'], properties: { labelId: idString } } as const;
const linksBody = {
  type: 'object',
  required: ['labelId', 'selectedProjectVersionIds'],
  additionalProperties: false,
  properties: { labelId: idString, selectedProjectVersionIds: { ...bulkIds, minItems: 1 } },
} as const;

/** Trimmed, 1..60 characters, or a 422 naming the field. */
function cleanCaption(raw: string): string {
  const text = raw.trim();
  if (!text) throw httpError(422, 'invalid', LABELS_SERVER_MESSAGES.captionBlank, 'caption');
  if ([...text].length > CAPTION_MAX_LENGTH)
    throw httpError(422, 'invalid', LABELS_SERVER_MESSAGES.captionTooLong, 'caption');
  return text;
}

function taken(error: unknown): never {
  if (error instanceof CaptionTakenError) throw httpError(422, 'taken', LABELS_SERVER_MESSAGES.captionTaken, 'caption');
  throw error;
}

function labelResource(row: LabelRecord, projectVersionIds: string[] = []): LabelResource {
  return {
    id: row.id,
    type: 'label',
    attributes: {
      caption: row.caption,
      workspaceId: row.workspaceId,
      projectVersionCount: row.projectVersionCount,
      projectVersionIds,
    },
  };
}

const ownLabel = (location: 'params.labelId' | 'body.labelId') =>
  ({ access: 'member', tenant: { resource: 'label', id: location } }) as const;

/** `/api/v1/labels…` and `/api/v1/project_version_labels/` (docs/product-contract.md#calls "Labels"). */
export function registerLabelRoutes(app: FastifyInstance, labels: LabelRepository): void {
  const found = async (workspaceId: string, labelId: string) => {
    const row = await labels.find(workspaceId, labelId);
    if (!row) throw httpError(404, 'not_found', LABELS_SERVER_MESSAGES.labelNotFound);
    return row;
  };

  app.get<{ Querystring: { workspaceId: string } }>(
    LABELS_PATHS.labels,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: "List a workspace's labels",
        querystring: { type: 'object', required: ['workspaceId'], properties: { workspaceId: idString } },
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: labelSchema } } } },
      },
    },
    async (request): Promise<LabelsResponse> => ({
      data: (await labels.list(tenantOf(request).workspaceId!)).map((row) => labelResource(row)),
    }),
  );

  app.post<{ Body: CreateLabelRequest }>(
    LABELS_PATHS.labels,
    {
      bodyLimit: BULK_BODY_LIMIT,
      config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
      schema: {
        summary: 'Create a label',
        body: {
          type: 'object',
          required: ['workspaceId', 'caption'],
          additionalProperties: false,
          properties: { workspaceId: idString, caption, projectVersionIds: bulkIds },
        },
        response: { 201: oneLabel },
      },
    },
    async (request, reply): Promise<LabelResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const created = await labels
        .create(workspaceId, cleanCaption(request.body.caption), [...new Set(request.body.projectVersionIds ?? [])])
        .catch(taken);
      reply.code(201);
      return { data: labelResource(await found(workspaceId, created.id), created.assigned) };
    },
  );

  app.put<{ Params: { labelId: string }; Body: RenameLabelRequest }>(
    LABELS_PATHS.label(':labelId'),
    {
      config: ownLabel('params.labelId'),
      schema: {
        summary: 'Rename a label',
        params: labelParams,
        body: { type: 'object', required: ['caption'], additionalProperties: false, properties: { caption } },
        response: { 200: oneLabel },
      },
    },
    async (request): Promise<LabelResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const renamed = await labels
        .rename(workspaceId, request.params.labelId, cleanCaption(request.body.caption))
        .catch(taken);
      if (!renamed) throw httpError(404, 'not_found', LABELS_SERVER_MESSAGES.labelNotFound);
      return { data: labelResource(await found(workspaceId, request.params.labelId)) };
    },
  );

  app.delete<{ Params: { labelId: string } }>(
    LABELS_PATHS.label(':labelId'),
    {
      config: ownLabel('params.labelId'),
      schema: {
        summary: 'Delete a label',
        params: labelParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } },
        },
      },
    },
    async (request): Promise<DeleteLabelResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const { labelId } = request.params;
      const deleted = await app.db.transaction(async (tx) => {
        const done = await labels.delete(workspaceId, labelId, tx);
        if (done) await app.events.publish(tx, LABEL_DELETED, { id: labelId }, { workspaceId });
        return done;
      });
      if (!deleted) throw httpError(404, 'not_found', LABELS_SERVER_MESSAGES.labelNotFound);
      return { data: { id: request.params.labelId } };
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route<{ Body: ProjectVersionLabelsRequest }>({
      method,
      url: LABELS_PATHS.projectVersionLabels,
      bodyLimit: BULK_BODY_LIMIT,
      config: ownLabel('body.labelId'),
      schema: {
        summary: method === 'POST' ? 'Put a label on project versions' : 'Take a label off project versions',
        body: linksBody,
        response: { 200: oneLabel },
      },
      handler: async (request): Promise<LabelResponse> => {
        const workspaceId = tenantOf(request).workspaceId!;
        const { labelId, selectedProjectVersionIds } = request.body;
        const ids = [...new Set(selectedProjectVersionIds)];
        const changed =
          method === 'POST'
            ? await labels.assign(workspaceId, labelId, ids)
            : await labels.remove(workspaceId, labelId, ids);
        return { data: labelResource(await found(workspaceId, labelId), changed) };
      },
    });
  }
}
