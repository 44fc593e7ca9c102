import { useEffect, useState } from 'react';
import { TOKENS, useService } from '../../../../core';
import { PROJECTS_PATHS, type ElementsResponse } from '../../common/projects-contract';

/**
 * What the link's source says of the video (a channel episode's show notes, kept at import), under
 * the version's facts. Read from the element on the version page only, so the projects list's
 * rows stay as small as they were. Nothing shows for an upload or while it loads; a failed read
 * shows nothing either (the rest of the page says what matters).
 */
export function VersionDescription({ workspaceId, elementId }: { workspaceId: string; elementId: string }) {
  const api = useService(TOKENS.ApiClient);
  const [description, setDescription] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setDescription(null);
    api
      .post<ElementsResponse>(PROJECTS_PATHS.elementUpdates, { workspaceId, elementIds: [elementId] })
      .then(({ data }) => {
        if (live) setDescription(data.data.find((e) => e.id === elementId)?.attributes.description ?? null);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, workspaceId, elementId]);
  if (!description) return null;
  return (
    <section className="projects-version-description" aria-labelledby="projects-version-description">
      <h2 id="projects-version-description">Description</h2>
      <p>{description}</p>
    </section>
  );
}
