import { defineDomainEvent } from '../../../core/common/domain-event';

/** A label was deleted (docs/plugins.md, "Domain events"), in the deleting transaction, with its workspace as tenant. */
export const LABEL_DELETED = defineDomainEvent<{ id: string }>('labels.deleted', 1);
