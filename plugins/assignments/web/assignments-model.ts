import * as effector from 'effector';
import { announceEffect, apiEffect, type ApiClient, type ToastService } from '../../../core';
import {
  ASSIGNMENTS_MESSAGES as MESSAGES,
  ASSIGNMENTS_PATHS,
  type AssigneeResource,
  type AssignmentResource,
  type AssignmentRole,
  type LanguageAssignmentsResource,
  type MyAssignmentResource,
  type MyAssignmentsResponse,
  type AssigneesResponse,
  type VersionAssignmentsResponse,
} from '../common/assignments-contract';

const { createEvent, createStore, sample } = effector;

export interface AssignmentsModelDeps {
  api: ApiClient;
  toast: ToastService;
  logger: Pick<Console, 'error'>;
}

export interface AssignInput {
  subtitleId: string;
  role: AssignmentRole;
  userId: string;
  dueOn: string | null;
}
export interface UnassignInput {
  subtitleId: string;
  role: AssignmentRole;
}

/** The assign popup: one language and role of the version shown. */
export interface AssignDialogState {
  workspaceId: string;
  language: LanguageAssignmentsResource;
  role: AssignmentRole;
}

/**
 * Who does what, one way: event -> sample -> effect (ApiClient) -> store. One model for the
 * version page's section, the assign popup, the palette's choices and "My assignments": an
 * assignment made from the palette shows in the section at once (the version is read again).
 */
export function createAssignmentsModel(deps: AssignmentsModelDeps) {
  const { api } = deps;
  const versionOpened = createEvent<string>();
  const mineOpened = createEvent<string>();
  const assignRequested = createEvent<AssignInput>();
  const unassignRequested = createEvent<UnassignInput>();
  const dialogOpened = createEvent<AssignDialogState>();
  const dialogClosed = createEvent();

  const versionFx = apiEffect(
    async (projectVersionId: string) =>
      (await api.get<VersionAssignmentsResponse>(ASSIGNMENTS_PATHS.ofVersion(projectVersionId))).data,
  );
  const assigneesFx = apiEffect(
    async (workspaceId: string): Promise<AssigneeResource[]> =>
      (await api.get<AssigneesResponse>(ASSIGNMENTS_PATHS.assignees, { params: { workspaceId } })).data.data,
  );
  const mineFx = apiEffect(
    async (workspaceId: string): Promise<MyAssignmentResource[]> =>
      (await api.get<MyAssignmentsResponse>(ASSIGNMENTS_PATHS.mine, { params: { workspaceId } })).data.data,
  );
  const assignFx = apiEffect(
    async ({ subtitleId, role, userId, dueOn }: AssignInput): Promise<AssignmentResource> =>
      (await api.put<{ data: AssignmentResource }>(ASSIGNMENTS_PATHS.role(subtitleId, role), { userId, dueOn })).data
        .data,
  );
  const unassignFx = apiEffect(async ({ subtitleId, role }: UnassignInput) => {
    await api.delete(ASSIGNMENTS_PATHS.role(subtitleId, role));
    return role;
  });

  const $versionId = createStore<string | null>(null).on(versionOpened, (_, id) => id);
  const $languages = createStore<LanguageAssignmentsResource[]>([])
    .on(versionFx.doneData, (_, { data }) => data)
    .reset(versionOpened);
  const $canAssign = createStore(false)
    .on(versionFx.doneData, (_, { meta }) => meta.canAssign)
    .reset(versionOpened);
  const $versionState = createStore<'loading' | 'ready' | 'failed'>('loading')
    .on(versionFx.done, () => 'ready')
    .on(versionFx.fail, (state) => (state === 'ready' ? state : 'failed'))
    .reset(versionOpened);
  const $assignees = createStore<AssigneeResource[]>([]).on(assigneesFx.doneData, (_, list) => list);
  const $mine = createStore<MyAssignmentResource[]>([])
    .on(mineFx.doneData, (_, list) => list)
    .reset(mineOpened);
  const $mineState = createStore<'loading' | 'ready' | 'failed'>('loading')
    .on(mineFx.done, () => 'ready')
    .on(mineFx.fail, () => 'failed')
    .reset(mineOpened);
  const $dialog = createStore<AssignDialogState | null>(null)
    .on(dialogOpened, (_, state) => state)
    .reset([dialogClosed, assignFx.done, unassignFx.done]);
  const $fieldError = createStore<{ field: string; message: string } | null>(null)
    .on(assignFx.failData, (_, error) => (error.field ? { field: error.field, message: error.message } : null))
    .reset([dialogOpened, dialogClosed]);

  sample({ clock: versionOpened, target: versionFx });
  sample({ clock: mineOpened, target: mineFx });
  sample({ clock: dialogOpened, fn: ({ workspaceId }) => workspaceId, target: assigneesFx });
  sample({
    clock: assignRequested,
    source: assignFx.pending,
    filter: (busy) => !busy,
    fn: (_, input) => input,
    target: assignFx,
  });
  sample({ clock: unassignRequested, target: unassignFx });
  // Whatever changed (from the page's popup or the palette), the version shown is read again.
  sample({
    clock: [assignFx.done, unassignFx.done],
    source: $versionId,
    filter: (id): id is string => id !== null,
    target: versionFx,
  });

  sample({
    clock: assignFx.doneData,
    fn: ({ attributes }) => ({
      kind: 'success' as const,
      title: MESSAGES.assigned(attributes.role, attributes.assigneeName),
    }),
    target: deps.toast.shown,
  });
  sample({
    clock: unassignFx.doneData,
    fn: (role) => ({ kind: 'success' as const, title: MESSAGES.unassigned(role) }),
    target: deps.toast.shown,
  });
  announceEffect(deps, 'assignments', assignFx, { fail: MESSAGES.notAssigned });
  announceEffect(deps, 'assignments', unassignFx, { fail: MESSAGES.notUnassigned });
  announceEffect(deps, 'assignments', versionFx, { fail: MESSAGES.notLoaded });
  announceEffect(deps, 'assignments', mineFx, { fail: MESSAGES.notLoaded });

  return {
    versionOpened,
    mineOpened,
    assignRequested,
    unassignRequested,
    dialogOpened,
    dialogClosed,
    versionFx,
    assigneesFx,
    assignFx,
    unassignFx,
    $languages,
    $canAssign,
    $versionState,
    $assignees,
    $mine,
    $mineState,
    $dialog,
    $fieldError,
    $assigning: assignFx.pending,
  };
}

export type AssignmentsModel = ReturnType<typeof createAssignmentsModel>;
