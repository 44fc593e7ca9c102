import type { Queryable, ServiceRegistry } from '../../../server/plugin-api';
import {
  GUIDELINE_LOOKUP,
  TERMBASE_LOOKUP,
  VOCABULARY_LOOKUP,
  type WorkspaceResourceLookup,
} from '../common/pipeline-services';
import type { RunSettings } from './run-repository';

/**
 * The workspace resources a setup may name, reached through the lookups their plugins provide
 * (vocabularies, guidelines, term bases): refs the pipeline `uses`, read with `find`. A plugin
 * not installed means the id cannot be used.
 */
export const RESOURCE_LOOKUPS = {
  vocabularyListId: { ref: VOCABULARY_LOOKUP, label: 'vocabulary list' },
  guidelineId: { ref: GUIDELINE_LOOKUP, label: 'guideline' },
  termbaseId: { ref: TERMBASE_LOOKUP, label: 'term base' },
} as const;

/** The label of the first named resource that is not in this workspace, or null when all are. */
export async function missingResource(
  services: ServiceRegistry,
  db: Queryable,
  workspaceId: string,
  settings: Partial<RunSettings>,
): Promise<string | null> {
  for (const [field, { ref, label }] of Object.entries(RESOURCE_LOOKUPS)) {
    const id = settings[field as keyof typeof RESOURCE_LOOKUPS];
    if (!id) continue;
    const found = await services.find<WorkspaceResourceLookup<unknown>>(ref)?.find(db, workspaceId, id);
    if (!found) return label;
  }
  return null;
}

export async function vocabularyOf(
  services: ServiceRegistry,
  db: Queryable,
  workspaceId: string,
  settings: RunSettings,
): Promise<string[] | undefined> {
  if (!settings.vocabularyListId) return undefined;
  return (await services.find(VOCABULARY_LOOKUP)?.find(db, workspaceId, settings.vocabularyListId))?.words;
}

export async function translationAidsOf(
  services: ServiceRegistry,
  db: Queryable,
  workspaceId: string,
  settings: RunSettings,
  to: string,
) {
  const guideline = settings.guidelineId
    ? await services.find(GUIDELINE_LOOKUP)?.find(db, workspaceId, settings.guidelineId)
    : null;
  const termBase = settings.termbaseId
    ? await services.find(TERMBASE_LOOKUP)?.find(db, workspaceId, settings.termbaseId)
    : null;
  // Words never to translate are glossary entries onto themselves: every engine keeps them (the
  // terms are protected before and repaired after translation), Apertium included.
  const keep = (guideline?.doNotTranslate ?? []).map((word) => ({ source: word, target: word }));
  const glossary = [...(termBase?.entriesFor(settings.language, to) ?? []), ...keep];
  const instructions = [
    guideline?.prompt,
    guideline?.formality && `Use a ${guideline.formality} register.`,
    guideline?.tone && `Tone: ${guideline.tone}.`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    guideline: instructions || undefined,
    glossary: glossary.length ? glossary : undefined,
    // Any engine's output is fitted to this reading speed afterwards (the translation step).
    maxCharsPerSecond: guideline?.maxCharsPerSecond ?? undefined,
  };
}
