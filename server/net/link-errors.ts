/**
 * The ways fetching a user's link can fail, typed so the import job can map each to the right
 * outcome (a too-large element is deleted, a refused link is reported, a broken one retried).
 */

export type UnsafeLinkReason = 'scheme' | 'credentials' | 'port' | 'address' | 'redirects' | 'malformed';

/** The link, or a hop it redirected to, would leave the public internet (or is not http/https). */
export class UnsafeLinkError extends Error {
  constructor(
    readonly reason: UnsafeLinkReason,
    message: string,
  ) {
    super(message);
    this.name = 'UnsafeLinkError';
  }
}

/** The media is larger than the allowed size; nothing of it is kept. */
export class LinkTooLargeError extends Error {
  constructor(
    readonly limitBytes: number,
    /** The announced or already received size, when known. */
    readonly sizeBytes: number | null,
  ) {
    super(
      `The linked media is larger than the allowed ${limitBytes} bytes${sizeBytes !== null ? ` (${sizeBytes} bytes)` : ''}`,
    );
    this.name = 'LinkTooLargeError';
  }
}

/** The link could not be fetched: DNS failure, HTTP error, timeout, no video on the page. */
export class LinkFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'LinkFetchError';
  }
}
