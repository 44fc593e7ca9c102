/* What a server extension point accepts from its contributors (no imports: server-plugin.ts and the host's extensions both read it). */

/** A member of a contribution: its type, `?` when it may be absent. */
export type ContributionMember = 'string' | 'function' | 'object' | 'string?' | 'function?' | 'object?';

/**
 * What the owner of a point accepts, checked once at start-up against every contribution: the
 * types reach no outside plugin (it makes its own handle with `defineServerExtensionPoint(id)`),
 * so a value of another shape would otherwise be skipped without a word. A contribution that
 * breaks them is left out with a warning naming the plugin, the point and what is wrong.
 */
export interface ContributionRules {
  /** Every member a contribution may have (`id` is always required); any other member is refused as unknown. */
  members: Record<string, ContributionMember>;
  /** Further rules over a value whose members passed: the sentence saying what is wrong, or null. */
  check?(value: Record<string, unknown>): string | null;
}

/** What is wrong with a contribution under a point's rules, or null. Without rules, only an object with an `id` is asked for. */
export function contributionProblem(value: unknown, rules: ContributionRules | undefined): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not an object';
  const record = value as Record<string, unknown>;
  if (typeof record.id !== 'string' || record.id === '') return 'it has no `id` (a non-empty string)';
  if (!rules) return null;
  const members: Record<string, string> = { id: 'string', ...rules.members };
  for (const key of Object.keys(record))
    if (!(key in members)) return `\`${key}\` is not a member of it (it takes ${Object.keys(members).join(', ')})`;
  for (const [key, kind] of Object.entries(members)) {
    const optional = kind.endsWith('?');
    const type = optional ? kind.slice(0, -1) : kind;
    const present = record[key];
    if (present === undefined) {
      if (!optional) return `\`${key}\` (${type}) is missing`;
      continue;
    }
    const actual = present === null ? 'null' : typeof present;
    if (actual !== type)
      return `\`${key}\` is ${actual === 'object' && Array.isArray(present) ? 'an array' : `a ${actual}`}, not a ${type}`;
  }
  return rules.check?.(record) ?? null;
}
