import { defineDomainEvent } from '../../../core/common/domain-event';

/** A vocabulary list was deleted (docs/plugins.md, "Domain events"), in the deleting transaction, with its workspace as tenant. */
export const VOCABULARY_DELETED = defineDomainEvent<{ id: string }>('vocabularies.deleted', 1);
