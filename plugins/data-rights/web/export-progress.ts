import { TOKENS, type Container, type ProgressItem } from '../../../core';
import { DATA_RIGHTS_PATHS, type AccountExportResource } from '../common/data-rights-contract';

/** The progress panel's source of account exports: each followed export read by id (an admin follows one or two). */
export async function accountExportProgress(container: Container, ids: string[]): Promise<ProgressItem[]> {
  const api = container.get(TOKENS.ApiClient);
  return Promise.all(
    ids.map(async (id): Promise<ProgressItem> => {
      try {
        const { attributes: a } = (await api.get<{ data: AccountExportResource }>(DATA_RIGHTS_PATHS.export(id))).data
          .data;
        return {
          id,
          title: 'Account export',
          state: a.state === 'done' ? 'done' : a.state === 'failed' || a.state === 'expired' ? 'failed' : 'running',
          progress: a.progress,
          ...(a.downloadUrl ? { downloadUrl: a.downloadUrl } : {}),
          ...(a.failure ? { failure: a.failure } : {}),
        };
      } catch {
        return {
          id,
          title: 'Account export',
          progress: 0,
          state: 'failed',
          failure: 'This export is no longer available',
        };
      }
    }),
  );
}
