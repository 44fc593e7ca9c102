import { defineDomainEvent } from '../../../core/common/domain-event';

/** A theme was deleted (docs/plugins.md, "Domain events"), in the deleting transaction, with its workspace as tenant. */
export const THEME_DELETED = defineDomainEvent<{ id: string }>('themes.deleted', 1);
