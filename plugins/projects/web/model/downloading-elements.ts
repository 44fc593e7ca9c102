import {
  PROJECTS_SERVER_MESSAGES,
  type ElementResource,
  type LinkFailureKind,
  type ProjectVersionResource,
} from '../../common/projects-contract';

/** Why a followed link stopped, as its row says it: "refused: <reason>" or "failed: <reason>". */
export interface LinkFailure {
  kind: LinkFailureKind | null;
  reason: string;
  /** Still an element on the server (dismissing deletes it); false once this client deleted it (over the limit). */
  onServer: boolean;
}

/**
 * A refusal leaves the link as it is not allowed (another link, or a bigger plan, is the way on);
 * a failure is the link not giving a video. Unknown kinds (elements failed before kinds were kept) are failures.
 */
export function linkOutcomeOf(kind: LinkFailureKind | null): 'refused' | 'failed' {
  return kind === 'private_address' || kind === 'too_large' ? 'refused' : 'failed';
}

export function describeFailure(failure: LinkFailure): string {
  return `${linkOutcomeOf(failure.kind)}: ${failure.reason}`;
}

/** The reason this client gives when it deletes an element over the limit itself (docs/product-contract.md#states-and-transitions). */
export function tooLargeFailure(maxBytes: number | null): LinkFailure {
  const limit = maxBytes === null ? '?' : String(Number((maxBytes / 1024 ** 2).toFixed(1)));
  return {
    kind: 'too_large',
    reason: PROJECTS_SERVER_MESSAGES.elementTooLarge.replace('{limit}', limit),
    onServer: false,
  };
}

/** A link element this client submitted and follows until it leaves the downloading state. */
export interface FollowedElement {
  id: string;
  title: string;
  sourceUrl: string | null;
  projectVersionIds: string[];
  /** Bytes and seconds, known once the download is done. */
  size: number;
  duration: number;
  downloading: boolean;
  /** Set once the import was refused or failed; the row stays until dismissed. */
  failure: LinkFailure | null;
}

export function followElement(element: ElementResource): FollowedElement {
  const a = element.attributes;
  return {
    id: element.id,
    title: a.title,
    sourceUrl: a.sourceUrl,
    projectVersionIds: a.projectVersionIds,
    size: a.unformattedSize,
    duration: a.unformattedDuration,
    // docs/product-contract.md#states-and-transitions: flagged downloading when its duration is 0; a failed element never finishes (it was "Downloading…" for ever).
    downloading: a.state === 'downloading' || (a.state !== 'failed' && a.unformattedDuration === 0),
    failure:
      a.state === 'failed'
        ? { kind: a.failureKind, reason: a.failure ?? 'The link could not be imported', onServer: true }
        : null,
  };
}

/**
 * Rows of a loaded page whose video is still downloading, followed too: an import made elsewhere
 * (a channel's videos, another tab, a teammate) then finishes in the table without a reload.
 * Rows of one element are followed as that element once.
 */
export function followLoadedRows(
  followed: FollowedElement[],
  rows: readonly ProjectVersionResource[],
): FollowedElement[] {
  const known = new Map(followed.map((element) => [element.id, element]));
  const added = new Map<string, FollowedElement>();
  for (const row of rows) {
    const { elementId, elementState, title } = row.attributes;
    if (!elementId || elementState !== 'downloading' || known.has(elementId)) continue;
    const element = added.get(elementId);
    if (element) element.projectVersionIds.push(row.id);
    else
      added.set(elementId, {
        id: elementId,
        title,
        sourceUrl: null,
        projectVersionIds: [row.id],
        size: 0,
        duration: 0,
        downloading: true,
        failure: null,
      });
  }
  return added.size === 0 ? followed : [...followed, ...added.values()];
}

export function isTooLarge(size: number, maxBytes: number | null): boolean {
  return maxBytes !== null && size > maxBytes;
}

/** Submitted elements split by docs/product-contract.md#states-and-transitions: kept and followed, or deleted (too large, or from a submit no longer expected). */
export function sortSubmitted(
  elements: ElementResource[],
  identifier: string,
  submitting: readonly string[],
  maxBytes: number | null,
) {
  const expected = submitting.includes(identifier);
  const rejected: ElementResource[] = [];
  const kept: FollowedElement[] = [];
  for (const element of elements) {
    const ours = expected && (element.attributes.submitUrlIdentifier ?? identifier) === identifier;
    if (!ours || isTooLarge(element.attributes.unformattedSize, maxBytes)) rejected.push(element);
    else kept.push(followElement(element));
  }
  return { kept, rejected };
}

export interface ElementUpdateOutcome {
  followed: FollowedElement[];
  /** Left the downloading state: their project versions are fetched again. */
  finished: FollowedElement[];
  /** Deleted by the server (absent from the answer). */
  gone: FollowedElement[];
  /** Larger than allowed once their size is known: the client deletes them (they stay in `followed` as refused). */
  tooLarge: FollowedElement[];
  /** Refused or failed on the server, which deleted their versions; they stay in `followed` with the reason. */
  failed: FollowedElement[];
  /** Versions the server deleted (gone and failed elements): the count goes down by this many. */
  versionsLost: number;
}

/** Applies a `POST /api/v1/elements/updates` answer to the followed elements (docs/product-contract.md#states-and-transitions). */
export function applyElementUpdates(
  followed: FollowedElement[],
  fresh: ElementResource[],
  maxBytes: number | null,
): ElementUpdateOutcome {
  const byId = new Map(fresh.map((e) => [e.id, e]));
  const outcome: ElementUpdateOutcome = {
    followed: [],
    finished: [],
    gone: [],
    tooLarge: [],
    failed: [],
    versionsLost: 0,
  };
  for (const element of followed) {
    if (!element.downloading) {
      outcome.followed.push(element);
      continue;
    }
    const update = byId.get(element.id);
    if (!update) {
      outcome.gone.push(element);
      outcome.versionsLost += element.projectVersionIds.length;
      continue;
    }
    const next = followElement(update);
    if (next.failure) {
      outcome.failed.push(next);
      outcome.followed.push(next);
      outcome.versionsLost += element.projectVersionIds.length;
      continue;
    }
    if (isTooLarge(next.size, maxBytes)) {
      const refused = { ...next, downloading: false, failure: tooLargeFailure(maxBytes) };
      outcome.tooLarge.push(refused);
      outcome.followed.push(refused);
      continue;
    }
    outcome.followed.push(next);
    if (!next.downloading) outcome.finished.push(next);
  }
  return outcome;
}
