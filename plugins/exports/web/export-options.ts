import type { ApiClient } from '../../../core';
import { PIPELINE_PATHS, type ProcessingInfoResponse } from '../../pipeline/common/pipeline-contract';
import { SUBTITLES_PATHS, type SubtitlesResponse } from '../../subtitles/common/subtitles-contract';

/** What the popup can offer for the chosen versions: subtitle languages, voice-over languages, themes. */
export interface ExportOptionsData {
  /** Per version: its subtitles with cues, by language. */
  subtitles: Record<string, { id: string; language: string }[]>;
  /** Per version: its voice-over languages and whether each has a video. */
  voiceOvers: Record<string, { language: string; hasVideo: boolean }[]>;
  themes: { id: string; name: string }[];
}

/** The popup loads at most this many versions' details; a larger selection exports the first ones. */
export const MAX_EXPORT_VERSIONS = 50;

export async function loadExportOptions(
  api: ApiClient,
  projectVersionIds: string[],
): Promise<Omit<ExportOptionsData, 'themes'>> {
  const ids = projectVersionIds.slice(0, MAX_EXPORT_VERSIONS);
  const subtitles: ExportOptionsData['subtitles'] = {};
  const voiceOvers: ExportOptionsData['voiceOvers'] = {};
  await Promise.all(
    ids.map(async (id) => {
      const [subs, info] = await Promise.all([
        api.get<SubtitlesResponse>(SUBTITLES_PATHS.subtitles(id)),
        // A version never set up has no processing info (data: null); one the pipeline cannot read has none either.
        api.get<ProcessingInfoResponse>(PIPELINE_PATHS.showProcessingInfo(id)).catch(() => null),
      ]);
      subtitles[id] = subs.data.data
        .filter((s) => s.attributes.cuesCount > 0)
        .map((s) => ({ id: s.id, language: s.attributes.language }));
      voiceOvers[id] = (info?.data.data?.dubbedMedia ?? []).map((d) => ({
        language: d.language,
        hasVideo: d.videoUrl !== null,
      }));
    }),
  );
  return { subtitles, voiceOvers };
}

/**
 * The workspace's themes (docs/product-contract.md#calls: `GET /api/v1/themes/`, from the themes plugin). Its answer's
 * shape is not shown by the spec, so both `{ data: [...] }` and a bare list are read, each theme
 * as `{ id, attributes: { name } }` or `{ id, name }`. A 404 means no themes plugin is installed:
 * not an error, the popup offers the default style alone.
 */
export async function loadThemes(api: ApiClient, workspaceId: string | null): Promise<{ id: string; name: string }[]> {
  try {
    const res = await api.get<unknown>('/api/v1/themes/', { params: workspaceId ? { workspaceId } : undefined });
    const body = res.data as { data?: unknown } | unknown[];
    const list = Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : [];
    return (list as { id?: unknown; name?: unknown; attributes?: { name?: unknown } }[])
      .filter((t) => t && (typeof t.id === 'string' || typeof t.id === 'number'))
      .map((t) => ({ id: String(t.id), name: String(t.attributes?.name ?? t.name ?? `Theme ${String(t.id)}`) }));
  } catch (error) {
    if ((error as { status?: number }).status === 404) return [];
    throw error;
  }
}

/** Languages offered, in the order first met, with how many of the versions have each. */
export function languagesOf(
  perVersion: Record<string, { language: string }[]>,
): { language: string; versions: number }[] {
  const counts = new Map<string, number>();
  for (const list of Object.values(perVersion))
    for (const language of new Set(list.map((l) => l.language))) counts.set(language, (counts.get(language) ?? 0) + 1);
  return [...counts].map(([language, versions]) => ({ language, versions }));
}
