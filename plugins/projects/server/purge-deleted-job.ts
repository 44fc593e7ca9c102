import type { JobDefinition } from '../../../server/plugin-api';
import { ProjectVersionRepository } from './project-version-repository';
import { PURGE_DELETED_JOB, removeFilesLater } from './projects-jobs';

/** Versions per statement: each costs the per-row FK triggers of every table referencing project_versions. */
const BATCH = 1000;

/**
 * `projects.purgeDeleted {}`: hard-deletes the versions users deleted (soft-deleted, already
 * invisible and counted out) once the time to undo (UNDO_DELETE_SECONDS) has passed; each delete
 * sends one, due at the end of that time. Batch by batch until none is left, with the projects they emptied
 * and those projects' elements; the files go through projects.deleteFiles. Any worker may run it,
 * several at once (SKIP LOCKED); a job finding nothing ends at once.
 */
export const purgeDeletedJob: JobDefinition<Record<string, never>> = {
  name: PURGE_DELETED_JOB,
  async handler(_data, ctx) {
    const versions = new ProjectVersionRepository(ctx.db);
    for (;;) {
      const { purged, keys } = await versions.deletions.purgeDeleted(BATCH, ctx.config.undoDeleteSeconds);
      await removeFilesLater(ctx.jobs, keys);
      if (purged < BATCH) return;
    }
  },
};
