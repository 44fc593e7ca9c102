import type { ElementResource, ProjectVersionResource } from '../../common/projects-contract';

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
    // Spec 4: flagged downloading when its duration is 0.
    downloading: a.state === 'downloading' || a.unformattedDuration === 0,
  };
}

/**
 * Rows of a loaded page whose video is still downloading, followed too: an import made elsewhere
 * (a channel's videos, another tab, a teammate) then finishes in the table without a reload.
 * Rows of one element are followed as that element once.
 */
export function followLoadedRows(followed: FollowedElement[], rows: readonly ProjectVersionResource[]): FollowedElement[] {
  const known = new Map(followed.map((element) => [element.id, element]));
  const added = new Map<string, FollowedElement>();
  for (const row of rows) {
    const { elementId, elementState, title } = row.attributes;
    if (!elementId || elementState !== 'downloading' || known.has(elementId)) continue;
    const element = added.get(elementId);
    if (element) element.projectVersionIds.push(row.id);
    else added.set(elementId, { id: elementId, title, sourceUrl: null, projectVersionIds: [row.id], size: 0, duration: 0, downloading: true });
  }
  return added.size === 0 ? followed : [...followed, ...added.values()];
}

export function isTooLarge(size: number, maxBytes: number | null): boolean {
  return maxBytes !== null && size > maxBytes;
}

/** Submitted elements split by spec 4: kept and followed, or deleted (too large, or from a submit no longer expected). */
export function sortSubmitted(elements: ElementResource[], identifier: string, submitting: readonly string[], maxBytes: number | null) {
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
  /** Larger than allowed once their size is known: the client deletes them. */
  tooLarge: FollowedElement[];
}

/** Applies a `POST /api/v1/elements/updates` answer to the followed elements (spec 4). */
export function applyElementUpdates(followed: FollowedElement[], fresh: ElementResource[], maxBytes: number | null): ElementUpdateOutcome {
  const byId = new Map(fresh.map((e) => [e.id, e]));
  const outcome: ElementUpdateOutcome = { followed: [], finished: [], gone: [], tooLarge: [] };
  for (const element of followed) {
    if (!element.downloading) {
      outcome.followed.push(element);
      continue;
    }
    const update = byId.get(element.id);
    if (!update) {
      outcome.gone.push(element);
      continue;
    }
    const next = followElement(update);
    if (isTooLarge(next.size, maxBytes)) {
      outcome.tooLarge.push(next);
      continue;
    }
    outcome.followed.push(next);
    if (!next.downloading) outcome.finished.push(next);
  }
  return outcome;
}
