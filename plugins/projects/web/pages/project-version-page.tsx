import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { normaliseError, TOKENS, useService } from '../../../../core';
import {
  PROJECTS_MESSAGES,
  PROJECTS_PATHS,
  type ProjectVersionResource,
  type ProjectVersionsResponse,
} from '../../common/projects-contract';
import { ContributedSections } from '../../../../core/ui';
import { formatCreated, statusLabel } from '../components/project-version-cells';
import { formatDuration } from '../../../../core/common/duration';
import { projectVersionSections } from '../extension-points';
import { VersionDescription } from '../components/version-description';
import { mediaRemovedNotice } from '../../common/media-retention';
import '../components/projects.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; version: ProjectVersionResource };

/**
 * `/projects/{projectId}/project_versions/{projectVersionId}` (docs/product-contract.md#screens-and-routes: shown after a project is
 * created): the version's title, thumbnail, duration and media state, then what other plugins
 * add (`projectVersionSections`): its subtitles by language, its processing and voice-overs.
 */
export default function ProjectVersionPage() {
  const { projectId, projectVersionId } = useParams();
  const api = useService(TOKENS.ApiClient);
  const toast = useService(TOKENS.ToastService);
  const app = useService(TOKENS.AppModel);
  const workspaceId = useUnit(app.$currentWorkspaceId);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const registry = useService(TOKENS.PluginRegistry);
  const sections = useMemo(() => registry.contributions(projectVersionSections), [registry]);

  useEffect(() => {
    if (!workspaceId || !projectVersionId) return;
    let live = true;
    setLoaded({ state: 'loading' });
    api
      .post<ProjectVersionsResponse>(PROJECTS_PATHS.projectVersionUpdates, {
        workspaceId,
        projectVersionIds: [projectVersionId],
      })
      .then(({ data }) => {
        const version = data.data.find((v) => v.id === projectVersionId && v.attributes.projectId === projectId);
        if (live) setLoaded(version ? { state: 'ready', version } : { state: 'missing' });
      })
      .catch((error: unknown) => {
        const message = normaliseError(error).message;
        toast.error(PROJECTS_MESSAGES.projectVersionsNotLoaded, message);
        if (live) setLoaded({ state: 'failed', message });
      });
    return () => {
      live = false;
    };
  }, [api, toast, workspaceId, projectId, projectVersionId]);

  return (
    <div className="page projects-version-page">
      <p>
        <Link to="/">← All projects</Link>
      </p>
      {loaded.state === 'loading' && <p className="muted">Loading…</p>}
      {loaded.state === 'missing' && (
        <div className="empty-state">
          <h2>Project version not found</h2>
          <p className="muted">It may have been deleted, or it belongs to another workspace.</p>
        </div>
      )}
      {loaded.state === 'failed' && <p className="projects-error">{loaded.message}</p>}
      {loaded.state === 'ready' && (
        <article className="projects-version">
          <header className="page-header">
            <h1>{loaded.version.attributes.title}</h1>
          </header>
          {loaded.version.attributes.thumbnailUrl ? (
            <img
              className="projects-version-thumbnail"
              src={loaded.version.attributes.thumbnailUrl}
              alt={`Thumbnail of ${loaded.version.attributes.title}`}
            />
          ) : (
            <div className="projects-version-thumbnail projects-thumbnail-empty" aria-hidden="true" />
          )}
          <dl className="projects-version-facts">
            <dt>Duration</dt>
            <dd>{formatDuration(loaded.version.attributes.duration, { unknown: '—' })}</dd>
            <dt>Media</dt>
            <dd>
              {loaded.version.attributes.mediaRemovedAfterDays
                ? mediaRemovedNotice(loaded.version.attributes.mediaRemovedAfterDays)
                : statusLabel(loaded.version.attributes.elementState)}
            </dd>
            <dt>Created</dt>
            <dd>{formatCreated(loaded.version.attributes.createdAt)}</dd>
            {loaded.version.attributes.labels.length > 0 && (
              <>
                <dt>Labels</dt>
                <dd>{loaded.version.attributes.labels.map((l) => l.caption).join(', ')}</dd>
              </>
            )}
          </dl>
          {loaded.version.attributes.elementId && workspaceId && (
            <VersionDescription workspaceId={workspaceId} elementId={loaded.version.attributes.elementId} />
          )}
          <ContributedSections
            sections={sections}
            props={{ projectId: loaded.version.attributes.projectId, projectVersionId: loaded.version.id }}
          />
        </article>
      )}
    </div>
  );
}
