import { useMemo } from 'react';
import { TOKENS, useContainer, useService } from '../../../core';
import { subtitleExporters } from '../../subtitles/web/extension-points';

/** "Export…" opens what a plugin offers for it (the exports plugin's popup): null when none does. */
export function useSubtitleExporter(projectVersionId: string, subtitleId: string): (() => void) | null {
  const registry = useService(TOKENS.PluginRegistry);
  const container = useContainer();
  const exporter = useMemo(
    () => [...registry.contributions(subtitleExporters)].sort((a, b) => (a.order ?? 100) - (b.order ?? 100))[0],
    [registry],
  );
  return useMemo(
    () => (exporter ? () => void exporter.open({ container, projectVersionId, subtitleId }) : null),
    [exporter, container, projectVersionId, subtitleId],
  );
}
