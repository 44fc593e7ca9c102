import type { JobQueue } from '../../../server/plugin-api';

/** Job names of the plugin (`<plugin>.<verb>`). */
export const IMPORT_LINK_JOB = 'projects.importLink';
/** Element files to remove after their rows are gone: a job, so a failure is retried and any worker can do it. */
export const DELETE_FILES_JOB = 'projects.deleteFiles';
/** Deleted project versions (soft-deleted by the bulk delete) to remove for good, with their projects and files. */
export const PURGE_DELETED_JOB = 'projects.purgeDeleted';

export async function removeFilesLater(jobs: JobQueue, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 1000)
    await jobs.send(DELETE_FILES_JOB, { keys: keys.slice(start, start + 1000) });
}
