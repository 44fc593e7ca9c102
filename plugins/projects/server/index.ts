import {
  contributeToServer,
  registerTenantResource,
  defineServerPlugin,
  PLUGIN_API_MAJOR,
  type ServerExtensionPoint,
} from '../../../server/plugin-api';
import {
  derivedMediaFiles,
  linkDetailsExtensions,
  mediaLimits,
  projectVersionListExtensions,
} from './extension-points';
import { PROJECT_VERSIONS } from '../common/project-versions-service';
import { projectVersionsService } from './project-versions-service';
import { PROJECTS_SERVER_MESSAGES } from '../common/projects-contract';
import { registerElementRoutes } from './element-routes';
import { deleteFilesJob, importLinkJob } from './link-import-job';
import { ProjectVersionRepository } from './project-version-repository';
import { registerProjectVersionRoutes } from './project-version-routes';
import { projectsMigrations } from './projects-migrations';
import { titleSearchMigrations } from './title-search-migrations';
import { linkFailureMigrations } from './link-failure-migrations';
import { purgeDeletedJob } from './purge-deleted-job';
import { registerUploadRoutes } from './upload-routes';
import { expireUploadsJob } from './upload-store';
import { PROJECTS_ACCOUNT_DATA } from './account-data';
import { mediaRetentionMigrations } from './media-retention-migrations';
import { registerMediaRetentionRoutes } from './media-retention-routes';
import { removeExpiredMediaJob } from './media-retention-job';
import { browserRenditionJob, browserRenditions } from './browser-rendition-job';
import { browserRenditionMigrations } from './browser-rendition-migrations';
import { BROWSER_RENDITIONS, browserRenditionKey } from '../common/browser-rendition';
import { listModelMigrations, pruneListChangesJob } from './list-model/list-model-migrations';
import { ListModels } from './list-model/list-models';

/**
 * Projects, project versions and elements: the spec's calls (docs/product-contract.md#calls "Projects and elements",
 * "Project versions"), tus uploads, link import as a job, thumbnails. Every route names its
 * workspace (query/body workspaceId, or an element it owns) and server/authz checks it.
 * Other plugins add columns and filters to the version list through projectVersionListExtensions
 * (server/extension-points.ts): the labels plugin its labels and label filter; and name the files
 * they derive from stored media through derivedMediaFiles, removed with it (the editor's waveforms).
 * A workspace may have old media removed automatically (media retention: media-retention-job.ts).
 * Media a browser does not play as uploaded gets a copy it plays (browser-rendition-job.ts); the
 * players ask for it (BROWSER_RENDITIONS) for media stored before copies were made.
 */
export default defineServerPlugin({
  id: 'projects',
  accountData: PROJECTS_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: [
    ...projectsMigrations,
    ...titleSearchMigrations,
    ...linkFailureMigrations,
    ...mediaRetentionMigrations,
    ...browserRenditionMigrations,
    ...listModelMigrations,
  ],
  jobs: [
    importLinkJob,
    deleteFilesJob,
    purgeDeletedJob,
    expireUploadsJob,
    removeExpiredMediaJob,
    browserRenditionJob,
    pruneListChangesJob,
  ],
  provides: [PROJECT_VERSIONS, BROWSER_RENDITIONS],
  extensionPoints: [
    projectVersionListExtensions as ServerExtensionPoint<unknown>,
    derivedMediaFiles as ServerExtensionPoint<unknown>,
    linkDetailsExtensions as ServerExtensionPoint<unknown>,
    mediaLimits as ServerExtensionPoint<unknown>,
  ],
  // The copy a browser plays of media it does not (browser-rendition-job.ts) goes with its media.
  contributions: [
    contributeToServer(derivedMediaFiles, { id: 'projects', keysOf: (key) => [browserRenditionKey(key)] }),
  ],
  async routes(app) {
    // The list's ids from memory for large workspaces (list-model/list-models.ts); SQL otherwise.
    const models = new ListModels(
      app.db,
      { minVersions: app.config.listModelMinVersions, maxVersions: app.config.listModelMaxVersions },
      (error) => app.log.warn({ err: error }, 'list model not kept'),
      (built) => app.log.info(built, 'list model built'),
    );
    app.addHook('onClose', async () => models.close());
    const versions = new ProjectVersionRepository(
      app.db,
      () => app.extensions.contributions(projectVersionListExtensions),
      app.events,
      models,
    );
    app.services.provide(PROJECT_VERSIONS, projectVersionsService);
    app.services.provide(BROWSER_RENDITIONS, browserRenditions(app.db, app.jobs));
    registerTenantResource(
      app,
      'element',
      (id) => versions.elements.ownerOf(id),
      PROJECTS_SERVER_MESSAGES.elementNotFound,
    );
    registerTenantResource(
      app,
      'projectVersion',
      (id) => versions.ownerOf(id),
      PROJECTS_SERVER_MESSAGES.projectVersionNotFound,
    );
    registerElementRoutes(app, versions);
    registerProjectVersionRoutes(app, versions);
    registerUploadRoutes(app, versions.elements);
    registerMediaRetentionRoutes(app);
  },
});
