import type { AuditEntryResource } from '../common/audit-contract';

const CSV_COLUMNS = [
  'id',
  'occurredAt',
  'action',
  'actorUserId',
  'actorEmail',
  'workspaceId',
  'targetType',
  'targetId',
  'changes',
  'ip',
  'userAgent',
  'requestId',
] as const;

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A leading =, +, - or @ gets
 * a quote mark in front so a spreadsheet opening the file never runs it as a formula (a user
 * agent is whatever the caller sent).
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(entries: AuditEntryResource[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    const row: Record<string, unknown> = { id: entry.id, ...entry.attributes };
    lines.push(CSV_COLUMNS.map((column) => csvField(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function auditJson(entries: AuditEntryResource[]): string {
  return JSON.stringify({ data: entries.map((entry) => ({ id: entry.id, ...entry.attributes })) }, null, 2);
}
