import { TOKENS, type Container, type ProgressItem } from '../../../core';
import { EXPORTS_PATHS, type ExportationsResponse } from '../common/exports-contract';

/**
 * The progress panel's source of exports: one get_by_ids for every followed export (docs/product-contract.md#calls; the
 * shell polls it every 10 s while any is unfinished, docs/product-contract.md#states-and-transitions, #constants-and-limits). An id the server leaves out
 * (deleted with its version, or of a workspace the user lost) shows as failed, so it can be
 * dismissed instead of spinning forever.
 */
export async function exportProgress(container: Container, ids: string[]): Promise<ProgressItem[]> {
  const { data } = await container
    .get(TOKENS.ApiClient)
    .post<ExportationsResponse>(EXPORTS_PATHS.getByIds, { exportationIds: ids });
  const found = new Map(data.data.map((e) => [e.id, e]));
  return ids.map((id): ProgressItem => {
    const e = found.get(id);
    if (!e) return { id, title: 'Export', progress: 0, state: 'failed', failure: 'This export is no longer available' };
    const { title, state, progress, downloadUrl, failure } = e.attributes;
    return {
      id,
      title,
      // Queued shows as running at 0 %: the panel knows running, done and failed.
      state: state === 'queued' ? 'running' : state,
      progress,
      ...(downloadUrl ? { downloadUrl } : {}),
      ...(failure ? { failure } : {}),
    };
  });
}
