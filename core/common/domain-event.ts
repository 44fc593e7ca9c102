/**
 * A domain event: something a user cares about happened (a project version was created, a
 * subtitle saved, a member added). The publishing plugin owns the event's reference in its
 * `common/` (as a service's token), so subscribers import the type from the publisher's contract
 * and never its internals. Delivery is the host's (server/events): written in the transaction of
 * the change, delivered after it commits, at least once, once per subscriber for what it writes.
 *
 * Here, in core/common, because a plugin's common/ may import only core/common.
 */
export interface DomainEventRef<P> {
  /** `<plugin>.<what happened>`, past tense: `projects.versionCreated`. */
  readonly name: string;
  /**
   * The payload's version. A change that adds fields keeps it; one that removes or changes a field
   * raises it, and the publisher then publishes both versions until its subscribers moved.
   */
  readonly version: number;
  /** Phantom field carrying the payload type; never set. */
  readonly __payload?: P;
}

/** `defineDomainEvent<{ projectVersionId: string }>('projects.versionCreated', 1)`. */
export function defineDomainEvent<P>(name: string, version: number): DomainEventRef<P> {
  if (!/^[a-z][a-zA-Z0-9-]*\.[a-z][a-zA-Z0-9]*$/.test(name))
    throw new Error(`Event name "${name}" must be <plugin>.<whatHappened>`);
  if (!Number.isInteger(version) || version < 1) throw new Error(`Event "${name}" needs a whole version from 1`);
  return { name, version };
}

/** An event as a subscriber receives it. */
export interface PublishedEvent<P> {
  /** Unique per event: the idempotency key to pass on to anything outside Polycue (a webhook). */
  readonly id: string;
  readonly name: string;
  readonly version: number;
  /** ISO time of the transaction that published it. */
  readonly occurredAt: string;
  /** The tenant, when the event belongs to one (most do): subscribers filter on it. */
  readonly accountId: string | null;
  readonly workspaceId: string | null;
  readonly payload: P;
}
