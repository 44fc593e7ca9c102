/**
 * Response schema of a `{ id, type, attributes }` resource, the shape every API resource has
 * (ids are strings). Fastify serializes through it, so attributes not listed here are dropped:
 * a handler cannot leak a column by accident.
 */
export function resourceSchema<P extends Record<string, object>>(type: string, attributes: P) {
  return {
    type: 'object',
    required: ['id', 'type', 'attributes'],
    properties: {
      id: { type: 'string' },
      type: { type: 'string', const: type },
      attributes: { type: 'object', properties: attributes },
    },
  } as const;
}

/** The account resource, served by auth (`included` with the current user) and by accounts. */
export const accountResourceSchema = resourceSchema('account', {
  name: { type: 'string' },
  avatarUrl: { type: ['string', 'null'] },
  role: { type: 'string' },
  lastUsedWorkspaceId: { type: ['string', 'null'] },
  subscription: { type: ['object', 'null'], properties: { isCurrent: { type: 'boolean' } } },
});
