import { defineDomainEvent } from '../../../core/common/domain-event';

/** A guideline was deleted (docs/plugins.md, "Domain events"), in the deleting transaction, with its workspace as tenant. */
export const GUIDELINE_DELETED = defineDomainEvent<{ id: string }>('guidelines.deleted', 1);
