import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, tenantOf } from '../../../server/plugin-api';
import {
  ASSIGNMENTS_PATHS,
  ASSIGNMENTS_SERVER_MESSAGES as MESSAGES,
  type AssignmentRole,
  type AssignRequest,
} from '../common/assignments-contract';
import { ASSIGNMENT_ASSIGNED, ASSIGNMENT_UNASSIGNED } from '../common/assignment-events';
import { versionSubtitlePage } from '../../projects/common/project-version-page';
import { assignmentRepository as repository } from './assignment-repository';
import { assignmentMail } from './assignment-mail';
import {
  assignBody,
  assigneesResponse,
  assignmentSchema,
  myAssignmentsResponse,
  roleParams,
  unassignedResponse,
  versionAssignmentsResponse,
  versionParams,
  workspaceQuery,
} from './assignment-schemas';

type RoleParams = { Params: { subtitleId: string; role: AssignmentRole } };

/** Who may assign (docs/roles.md): admins and members; a reviewer only reviews. */
const mayAssign = (request: FastifyRequest) => tenantOf(request).accountRole !== 'reviewer';

function refuseReviewer(request: FastifyRequest) {
  if (!mayAssign(request)) throw httpError(403, 'reviewer_cannot_assign', MESSAGES.reviewersCannotAssign);
}

/** A real calendar day as YYYY-MM-DD (not 2026-02-30), or null; a 422 people read otherwise. */
function dueDate(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value)
    throw httpError(422, 'invalid', MESSAGES.badDueDate, 'dueOn');
  return value;
}

export function registerAssignmentRoutes(app: FastifyInstance): void {
  app.get<{ Params: { projectVersionId: string } }>(
    ASSIGNMENTS_PATHS.ofVersion(':projectVersionId'),
    {
      config: { access: 'member', tenant: { resource: 'projectVersion', id: 'params.projectVersionId' } },
      schema: {
        summary: 'Who translates and who reviews each language of a project version',
        params: versionParams,
        response: { 200: versionAssignmentsResponse },
      },
    },
    async (request) => ({
      data: await repository.ofVersion(app.db, request.params.projectVersionId),
      meta: { canAssign: mayAssign(request) },
    }),
  );

  app.get<{ Querystring: { workspaceId: string } }>(
    ASSIGNMENTS_PATHS.assignees,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: 'The people who may be assigned work in a workspace',
        querystring: workspaceQuery,
        response: { 200: assigneesResponse },
      },
    },
    async (request) => ({ data: await repository.assignees(app.db, tenantOf(request).workspaceId!) }),
  );

  app.get<{ Querystring: { workspaceId: string } }>(
    ASSIGNMENTS_PATHS.mine,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: 'Your open assignments in a workspace, soonest due first, with review progress',
        querystring: workspaceQuery,
        response: { 200: myAssignmentsResponse },
      },
    },
    async (request) => ({
      data: await repository.mine(app.db, tenantOf(request).workspaceId!, request.currentUser!.id),
    }),
  );

  app.put<RoleParams & { Body: AssignRequest }>(
    ASSIGNMENTS_PATHS.role(':subtitleId', ':role' as AssignmentRole),
    {
      config: { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } },
      schema: {
        summary: 'Assign (or reassign) a language’s translator or reviewer; the assignee gets a mail',
        params: roleParams,
        body: assignBody,
        response: { 200: { type: 'object', properties: { data: assignmentSchema } } },
      },
    },
    async (request) => {
      refuseReviewer(request);
      const { role } = request.params;
      const dueOn = dueDate(request.body.dueOn);
      const subtitle = await repository.subtitle(app.db, request.params.subtitleId);
      if (!subtitle) throw httpError(404, 'not_found', 'Subtitle not found');
      const assignee = await repository.person(app.db, subtitle.workspaceId, request.body.userId);
      if (!assignee) throw httpError(422, 'not_member', MESSAGES.notMember, 'userId');
      if (role === 'translator' && assignee.accountRole === 'reviewer')
        throw httpError(422, 'reviewer_cannot_translate', MESSAGES.reviewerCannotTranslate, 'userId');
      const by = request.currentUser!.id;
      const { assignment, previousUserId } = await app.db.transaction(async (tx) => {
        const done = await repository.assign(tx, { subtitle, role, userId: request.body.userId, dueOn, by });
        await app.events.publish(
          tx,
          ASSIGNMENT_ASSIGNED,
          {
            assignmentId: done.assignment.id,
            subtitleId: subtitle.id,
            projectVersionId: subtitle.projectVersionId,
            language: subtitle.language,
            role,
            userId: request.body.userId,
            dueOn,
            previousUserId: done.previousUserId,
          },
          { workspaceId: subtitle.workspaceId },
        );
        return done;
      });
      // After the commit (a job must not outlive a rolled-back assignment), and only to someone
      // new to it: a changed due date alone is not news worth a mail, nor is assigning oneself.
      if (previousUserId !== request.body.userId && request.body.userId !== by) {
        const assigner = await repository.person(app.db, subtitle.workspaceId, by);
        await app.mailer.enqueue(
          assignmentMail(app.config.publicUrl, {
            to: assignee.email,
            assigneeName: assignee.name,
            assignerName: assigner?.name ?? 'Someone',
            role,
            title: subtitle.title,
            language: subtitle.language,
            dueOn,
            editorUrl: versionSubtitlePage(subtitle.projectId, subtitle.projectVersionId, subtitle.id),
          }),
        );
      }
      return { data: assignment };
    },
  );

  app.delete<RoleParams>(
    ASSIGNMENTS_PATHS.role(':subtitleId', ':role' as AssignmentRole),
    {
      config: { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } },
      schema: {
        summary: 'Unassign a language’s translator or reviewer',
        params: roleParams,
        response: { 200: unassignedResponse },
      },
    },
    async (request) => {
      refuseReviewer(request);
      const { role } = request.params;
      const subtitle = await repository.subtitle(app.db, request.params.subtitleId);
      if (!subtitle) throw httpError(404, 'not_found', 'Subtitle not found');
      const removed = await app.db.transaction(async (tx) => {
        const row = await repository.unassign(tx, subtitle.id, role);
        if (row)
          await app.events.publish(
            tx,
            ASSIGNMENT_UNASSIGNED,
            {
              assignmentId: row.id,
              subtitleId: subtitle.id,
              projectVersionId: subtitle.projectVersionId,
              language: subtitle.language,
              role,
              userId: row.userId,
            },
            { workspaceId: subtitle.workspaceId },
          );
        return row;
      });
      if (!removed) throw httpError(404, 'not_assigned', MESSAGES.nothingToUnassign(role));
      return { data: { id: removed.id } };
    },
  );
}
