import { createResourceListModel, type ResourceListDeps } from '../../../core/model/resource-list-model';
import {
  VOCABULARIES_MESSAGES as MESSAGES,
  VOCABULARIES_PATHS,
  type VocabularyResource,
} from '../common/vocabularies-contract';

export type VocabulariesDeps = ResourceListDeps;

/** What the edit dialog saves: a rename, new entries, or both. */
export interface VocabularyChanges {
  id: string;
  name?: string;
  utterances?: string[];
}

/**
 * The workspace's vocabulary lists (core's resource list: paged, searched, created, changed,
 * deleted, with the contract's (docs/product-contract.md#messages) toasts). A rename alone says 'Name saved'; new entries (with or without a
 * rename) say 'Changes saved'.
 */
export function createVocabulariesModel(deps: VocabulariesDeps) {
  const list = createResourceListModel<
    VocabularyResource,
    { name: string; utterances: string[] },
    Omit<VocabularyChanges, 'id'>
  >(deps, {
    tag: 'vocabularies',
    paths: { list: VOCABULARIES_PATHS.vocabularies, one: VOCABULARIES_PATHS.vocabulary },
    messages: MESSAGES,
    savedTitle: (changes) => (changes.utterances === undefined ? MESSAGES.nameSaved : MESSAGES.saved),
  });
  return { ...list, $lists: list.$items };
}

export type VocabulariesModel = ReturnType<typeof createVocabulariesModel>;
