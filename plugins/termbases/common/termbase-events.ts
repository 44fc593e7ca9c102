import { defineDomainEvent } from '../../../core/common/domain-event';

/** A term base was deleted (docs/plugins.md, "Domain events"), in the deleting transaction, with its workspace as tenant. */
export const TERMBASE_DELETED = defineDomainEvent<{ id: string }>('termbases.deleted', 1);
