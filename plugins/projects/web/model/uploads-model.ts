import * as effector from 'effector';
import {
  PROJECTS_MESSAGES,
  PROJECTS_PATHS,
  type CreateWithProjectResponse,
  type ProjectVersionResource,
} from '../../common/projects-contract';
import { UploadAbortedError } from '../upload/media-uploader';
import { announce, apiEffect, type ProjectsModelDeps } from './model-kit';

const { createEffect, createEvent, createStore, sample, scopeBind } = effector;

export type UploadState = 'uploading' | 'creating' | 'done' | 'failed' | 'cancelled';

/** One chosen file, from its first byte to its project. */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  state: UploadState;
  error: string | null;
  projectVersion: ProjectVersionResource | null;
  /** The files chosen together: the page that opens after them depends on how many became projects. */
  batch: string;
}

interface StartedUpload {
  id: string;
  file: File;
  workspaceId: string;
  batch: string;
}

/** The files chosen together once each has its project or its failure. */
export interface UploadBatchSettled {
  created: ProjectVersionResource[];
  /** Some file of the batch failed or was cancelled: the popup stays to say which. */
  incomplete: boolean;
}

const settledStates: ReadonlySet<UploadState> = new Set(['done', 'failed', 'cancelled']);

/** The batch of upload `id` when its last file just settled, else null (asked after each settles). */
export function settledBatchOf(list: readonly UploadItem[], id: string): UploadBatchSettled | null {
  const batch = list.find((u) => u.id === id)?.batch;
  const items = list.filter((u) => u.batch === batch);
  if (batch === undefined || !items.every((u) => settledStates.has(u.state))) return null;
  return {
    created: items.flatMap((u) => (u.projectVersion ? [u.projectVersion] : [])),
    incomplete: items.some((u) => u.state !== 'done'),
  };
}

/**
 * "New project" from video files: each file is sent with the resumable uploader (progress per
 * file), then `create_with_project` makes the project of its element. Each created project comes
 * first in the table and raises the workspace's project count by one (docs/product-contract.md#states-and-transitions).
 */
export function createUploadsModel(
  deps: ProjectsModelDeps,
  {
    projectsCreated,
  }: { projectsCreated: effector.EventCallable<{ versions: ProjectVersionResource[]; count: number }> },
) {
  const { api, app, uploader } = deps;
  const filesChosen = createEvent<File[]>();
  const uploadProgressed = createEvent<{ id: string; progress: number }>();
  const uploadCancelled = createEvent<string>();
  const finishedCleared = createEvent();

  const controllers = new Map<string, AbortController>();

  const uploadFileFx = createEffect<StartedUpload, { id: string; workspaceId: string; elementId: string }, Error>(
    async ({ id, file, workspaceId }) => {
      const progressed = scopeBind(uploadProgressed, { safe: true });
      const controller = new AbortController();
      controllers.set(id, controller);
      try {
        const { elementId } = await uploader.upload(file, {
          workspaceId,
          signal: controller.signal,
          onProgress: (progress) => progressed({ id, progress }),
        });
        return { id, workspaceId, elementId };
      } finally {
        controllers.delete(id);
      }
    },
  );
  const createWithProjectFx = apiEffect(
    async ({ id, workspaceId, elementId }: { id: string; workspaceId: string; elementId: string }) => {
      const { data } = await api.post<CreateWithProjectResponse>(PROJECTS_PATHS.createWithProject, {
        workspaceId,
        elementId,
      });
      return { id, versions: data.projectVersions.data };
    },
  );
  // Several files upload side by side; each settles on its own.
  const startUploadsFx = createEffect(async (uploads: StartedUpload[]) => {
    await Promise.allSettled(uploads.map((upload) => uploadFileFx(upload)));
  });
  const abortUploadFx = createEffect((id: string) => controllers.get(id)?.abort());

  const started = sample({
    clock: filesChosen,
    source: app.$currentWorkspaceId,
    filter: (workspaceId, files) => workspaceId !== null && files.length > 0,
    fn: (workspaceId, files): StartedUpload[] => {
      const ids = files.map(() => deps.newId());
      return files.map((file, i) => ({ id: ids[i], file, workspaceId: workspaceId!, batch: ids[0] }));
    },
  });

  const update = (list: UploadItem[], id: string, patch: Partial<UploadItem>) =>
    list.map((u) => (u.id === id ? { ...u, ...patch } : u));
  const $uploads = createStore<UploadItem[]>([])
    .on(started, (list, uploads) => [
      ...list,
      ...uploads.map((u) => ({
        id: u.id,
        name: u.file.name,
        size: u.file.size,
        progress: 0,
        state: 'uploading' as const,
        error: null,
        projectVersion: null,
        batch: u.batch,
      })),
    ])
    .on(uploadProgressed, (list, { id, progress }) => update(list, id, { progress }))
    .on(uploadFileFx.doneData, (list, { id }) => update(list, id, { progress: 1, state: 'creating' }))
    .on(uploadFileFx.fail, (list, { params, error }) =>
      update(
        list,
        params.id,
        error instanceof UploadAbortedError ? { state: 'cancelled' } : { state: 'failed', error: error.message },
      ),
    )
    .on(createWithProjectFx.doneData, (list, { id, versions }) =>
      update(list, id, { state: 'done', projectVersion: versions[0] ?? null }),
    )
    .on(createWithProjectFx.fail, (list, { params, error }) =>
      update(list, params.id, { state: 'failed', error: error.message }),
    )
    .on(finishedCleared, (list) => list.filter((u) => u.state === 'uploading' || u.state === 'creating'));

  sample({ clock: started, target: startUploadsFx });
  sample({ clock: uploadCancelled, target: abortUploadFx });
  sample({ clock: uploadFileFx.doneData, target: createWithProjectFx });
  // docs/product-contract.md#states-and-transitions: creating an element (with its project) raises the count by one.
  sample({
    clock: createWithProjectFx.doneData,
    fn: ({ versions }) => ({ versions, count: 1 }),
    target: projectsCreated,
  });

  sample({
    clock: uploadFileFx.failData,
    filter: (error) => !(error instanceof UploadAbortedError),
    fn: (error) => ({
      kind: 'error' as const,
      title: PROJECTS_MESSAGES.elementsNotCreated,
      description: error.message,
    }),
    target: deps.toast.shown,
  });
  announce(deps, createWithProjectFx, {
    done: PROJECTS_MESSAGES.projectCreated,
    fail: PROJECTS_MESSAGES.projectNotCreated,
  });

  // Read after $uploads took each outcome in: only the last file of a batch to settle finds it settled.
  const uploadSettled = sample({
    clock: [
      createWithProjectFx.done.map(({ params }) => params.id),
      createWithProjectFx.fail.map(({ params }) => params.id),
      uploadFileFx.fail.map(({ params }) => params.id),
    ],
  });
  const batchSettled = sample({
    clock: uploadSettled,
    source: $uploads,
    fn: (list, id) => settledBatchOf(list, id),
    filter: (list, id) => settledBatchOf(list, id) !== null,
  }).map((batch) => batch!);

  return {
    filesChosen,
    uploadCancelled,
    finishedCleared,
    batchSettled,
    uploadFileFx,
    createWithProjectFx,
    $uploads,
    $uploading: $uploads.map((list) => list.some((u) => u.state === 'uploading' || u.state === 'creating')),
  };
}

export type UploadsModel = ReturnType<typeof createUploadsModel>;
