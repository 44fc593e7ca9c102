import { ApiError, TOKENS, type Container } from '../../../../core';
import { setupRefusalHandlers } from '../../../pipeline/web/extension-points';
import { PROJECTS_TABLE_HOST, projectsTableExtensions, type ProjectsTableParts } from '../extension-points';
import { TusMediaUploader } from '../upload/tus-media-uploader';
import type { ProjectsModelDeps } from './model-kit';
import { createProjectsTableHost } from './project-versions-model';
import { createProjectsModel, publishContextKeys, type ProjectsModel } from './projects-model';

export interface LoadedProjectsModel extends ProjectsModel {
  /** What other plugins added to the table, loaded with the model. */
  parts: ProjectsTableParts[];
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function projectsDepsFrom(container: Container): ProjectsModelDeps {
  return {
    api: container.get(TOKENS.ApiClient),
    toast: container.get(TOKENS.ToastService),
    app: container.get(TOKENS.AppModel),
    polling: container.get(TOKENS.PollingService),
    uploader: new TusMediaUploader(container.get(TOKENS.CsrfTokenSource)),
    logger: console,
    newId: randomId,
    navigate: (path) => container.get(TOKENS.Navigator).navigate(path),
    offerUpgrade: upgradeOffer(container),
  };
}

/**
 * The plan's upgrade popup for a link over the plan's largest video: the handler the billing plugin
 * gives for plan refusals (the pipeline's extension point, already in the first chunk), when installed.
 */
/** core/common/plan-refusal's PLAN_LIMIT_CODE, spelled here: importing it from lazy code costs the first chunk an export. */
const PLAN_LIMIT_CODE = 'plan_limit';

function upgradeOffer(container: Container): ((message: string) => void) | undefined {
  const handler = () =>
    container
      .get(TOKENS.PluginRegistry)
      .contributions(setupRefusalHandlers)
      .find((h) => h.code === PLAN_LIMIT_CODE);
  if (!handler()) return undefined;
  return (message) =>
    void handler()?.handle({
      container,
      error: new ApiError(message, 402, PLAN_LIMIT_CODE, 'maxElementBytes'),
      kind: 'subtitles',
    });
}

/**
 * Builds the model with its contributors: the table's host units first (contributors wire to
 * them), then every contribution's code, then the model reading their filters. A contributor
 * that fails to load is logged and left out; the table works without it.
 */
export async function buildProjectsModel(
  container: Container,
  deps: ProjectsModelDeps = projectsDepsFrom(container),
): Promise<LoadedProjectsModel> {
  const registry = container.get(TOKENS.PluginRegistry);
  const host = createProjectsTableHost();
  const parts = await Promise.all(
    registry.contributions(projectsTableExtensions).map(async (extension) => {
      try {
        return await extension.load({ container, app: deps.app, host });
      } catch (error) {
        deps.logger.error(`Projects table extension "${extension.id}" failed to load`, error);
        return {} as ProjectsTableParts;
      }
    }),
  );
  const model = createProjectsModel(deps, { host, filters: parts.flatMap((p) => (p.filter ? [p.filter] : [])) });
  if (!container.isBound(PROJECTS_TABLE_HOST)) container.bind(PROJECTS_TABLE_HOST).toConstantValue(model.host);
  publishContextKeys(model, container.get(TOKENS.ContextKeys));
  return { ...model, parts };
}
