import { defineDomainEvent } from '../../../core/common/domain-event';
import type { ExportKind } from './exports-contract';

/**
 * Domain events the exports plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the workspace as tenant.
 */

/** An export's file is made and can be downloaded (once per export, however often its job ran). */
export const EXPORT_READY = defineDomainEvent<{
  exportationId: string;
  projectVersionId: string;
  kind: ExportKind;
  fileName: string;
  sizeBytes: number;
}>('exports.ready', 1);
