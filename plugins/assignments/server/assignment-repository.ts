import type { Queryable } from '../../../server/plugin-api';
import type {
  AssigneeResource,
  AssignmentResource,
  AssignmentRole,
  LanguageAssignmentsResource,
  MyAssignmentResource,
} from '../common/assignments-contract';
import { versionSubtitlePage } from '../../projects/common/project-version-page';

/** A person's name as lists show it: first and last name, or the e-mail when they gave none. */
const PERSON_NAME = `coalesce(nullif(trim(concat_ws(' ', u.name, u.last_name)), ''), u.email)`;

/** The people who can open workspace $1 (an access row), with their role in its account. */
const WORKSPACE_PEOPLE = `workspace_users wu JOIN account_users au ON au.id = wu.account_user_id JOIN users u ON u.id = au.user_id`;

export interface AssignedSubtitle {
  id: string;
  workspaceId: string;
  language: string;
  projectId: string;
  projectVersionId: string;
  title: string;
}

interface AssignmentRow {
  id: string;
  subtitleId: string;
  role: AssignmentRole;
  userId: string;
  assigneeName: string;
  dueOn: string | null;
}

const assignmentResource = ({ id, ...attributes }: AssignmentRow): AssignmentResource => ({
  id,
  type: 'assignment',
  attributes,
});

const ASSIGNMENT_COLUMNS = `a.id::text AS id, a.subtitle_id::text AS "subtitleId", a.role, a.user_id::text AS "userId",
  ${PERSON_NAME} AS "assigneeName", to_char(a.due_on, 'YYYY-MM-DD') AS "dueOn"`;

/**
 * SQL over the plugin's table, reading the host's people and the kernel's subtitles and live
 * versions (docs/plugins.md, "Polycue's tables you may reference and read"). Every method takes
 * the runner, so a route inside a transaction passes its `tx`.
 */
export const assignmentRepository = {
  /** The subtitle of a live version (null when its version is deleted or it is gone). */
  async subtitle(db: Queryable, subtitleId: string): Promise<AssignedSubtitle | null> {
    const { rows } = await db.query<AssignedSubtitle>(
      `SELECT s.id::text AS id, s.workspace_id::text AS "workspaceId", s.language, v.project_id::text AS "projectId",
              v.id::text AS "projectVersionId", v.title
         FROM subtitles s JOIN live_project_versions v ON v.id = s.project_version_id WHERE s.id = $1`,
      [subtitleId],
    );
    return rows[0] ?? null;
  },

  /** A person who can open the workspace, with their account role; null for anyone else. */
  async person(db: Queryable, workspaceId: string, userId: string) {
    const { rows } = await db.query<{ name: string; email: string; accountRole: string }>(
      `SELECT ${PERSON_NAME} AS name, u.email, au.role AS "accountRole" FROM ${WORKSPACE_PEOPLE}
        WHERE wu.workspace_id = $1 AND u.id = $2`,
      [workspaceId, userId],
    );
    return rows[0] ?? null;
  },

  async assignees(db: Queryable, workspaceId: string): Promise<AssigneeResource[]> {
    const { rows } = await db.query<{ id: string } & AssigneeResource['attributes']>(
      `SELECT u.id::text AS id, ${PERSON_NAME} AS name, u.email, au.role AS "accountRole" FROM ${WORKSPACE_PEOPLE}
        WHERE wu.workspace_id = $1 ORDER BY lower(${PERSON_NAME}), u.id`,
      [workspaceId],
    );
    return rows.map(({ id, ...attributes }) => ({ id, type: 'assignee', attributes }));
  },

  /**
   * Each language of the version with its translator and reviewer, transcript first, in one
   * query. An assignee who can no longer open the workspace is not shown (the row stays until
   * someone else is assigned; they cannot reach the work anyway).
   */
  async ofVersion(db: Queryable, projectVersionId: string): Promise<LanguageAssignmentsResource[]> {
    const { rows } = await db.query<{
      id: string;
      language: string;
      kind: 'transcript' | 'translation';
      assignments: AssignmentRow[] | null;
    }>(
      `SELECT s.id::text AS id, s.language, s.kind,
              (SELECT json_agg(json_build_object('id', a.id::text, 'subtitleId', a.subtitle_id::text, 'role', a.role,
                        'userId', a.user_id::text, 'assigneeName', ${PERSON_NAME}, 'dueOn', to_char(a.due_on, 'YYYY-MM-DD')))
                 FROM assignments a JOIN users u ON u.id = a.user_id
                WHERE a.subtitle_id = s.id
                  AND EXISTS (SELECT 1 FROM workspace_users wu JOIN account_users au ON au.id = wu.account_user_id
                               WHERE wu.workspace_id = a.workspace_id AND au.user_id = a.user_id)) AS assignments
         FROM subtitles s WHERE s.project_version_id = $1
        ORDER BY (s.kind = 'transcript') DESC, s.language, s.id`,
      [projectVersionId],
    );
    return rows.map(({ id, language, kind, assignments }) => {
      const of = (role: AssignmentRole) => {
        const row = assignments?.find((a) => a.role === role);
        return row ? assignmentResource(row) : null;
      };
      return {
        id,
        type: 'languageAssignments',
        attributes: { language, kind, translator: of('translator'), reviewer: of('reviewer') },
      };
    });
  },

  /** Assign or reassign; `previousUserId` is who had it (null when nobody). */
  async assign(
    tx: Queryable,
    input: { subtitle: AssignedSubtitle; role: AssignmentRole; userId: string; dueOn: string | null; by: string },
  ): Promise<{ assignment: AssignmentResource; previousUserId: string | null }> {
    const { rows } = await tx.query<{ id: string; previousUserId: string | null }>(
      `WITH previous AS (SELECT user_id FROM assignments WHERE subtitle_id = $2 AND role = $3 FOR UPDATE)
       INSERT INTO assignments (workspace_id, subtitle_id, role, user_id, assigned_by, due_on)
       VALUES ($1, $2, $3, $4, $5, $6::date)
       ON CONFLICT (subtitle_id, role) DO UPDATE SET user_id = EXCLUDED.user_id, assigned_by = EXCLUDED.assigned_by,
         due_on = EXCLUDED.due_on, updated_at = now()
       RETURNING id::text AS id, (SELECT user_id::text FROM previous) AS "previousUserId"`,
      [input.subtitle.workspaceId, input.subtitle.id, input.role, input.userId, input.by, input.dueOn],
    );
    const { rows: shown } = await tx.query<AssignmentRow>(
      `SELECT ${ASSIGNMENT_COLUMNS} FROM assignments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
      [rows[0].id],
    );
    return { assignment: assignmentResource(shown[0]), previousUserId: rows[0].previousUserId };
  },

  async unassign(tx: Queryable, subtitleId: string, role: AssignmentRole) {
    const { rows } = await tx.query<{ id: string; userId: string }>(
      `DELETE FROM assignments WHERE subtitle_id = $1 AND role = $2 RETURNING id::text AS id, user_id::text AS "userId"`,
      [subtitleId, role],
    );
    return rows[0] ?? null;
  },

  /**
   * The person's open assignments in the workspace, soonest due first, with each language's
   * review progress: the counts kept on the subtitle row by every write of its cues, the ones the
   * version page and the projects table show. One query, whatever the number of rows.
   */
  async mine(db: Queryable, workspaceId: string, userId: string): Promise<MyAssignmentResource[]> {
    const { rows } = await db.query<Omit<MyAssignmentResource['attributes'], 'editorUrl'> & { id: string }>(
      `SELECT a.id::text AS id, a.role, to_char(a.due_on, 'YYYY-MM-DD') AS "dueOn", s.id::text AS "subtitleId",
              s.language, v.project_id::text AS "projectId", v.id::text AS "projectVersionId", v.title,
              s.cues_count AS "cuesCount", s.reviewed_count AS "reviewedCount", s.approved_count AS "approvedCount"
         FROM assignments a JOIN subtitles s ON s.id = a.subtitle_id
         JOIN live_project_versions v ON v.id = s.project_version_id
        WHERE a.workspace_id = $1 AND a.user_id = $2 AND NOT (s.cues_count > 0 AND s.approved_count >= s.cues_count)
        ORDER BY a.due_on NULLS LAST, lower(v.title), s.language, a.role`,
      [workspaceId, userId],
    );
    return rows.map(({ id, ...attributes }) => ({
      id,
      type: 'myAssignment',
      attributes: {
        ...attributes,
        editorUrl: versionSubtitlePage(attributes.projectId, attributes.projectVersionId, attributes.subtitleId),
      },
    }));
  },
};
