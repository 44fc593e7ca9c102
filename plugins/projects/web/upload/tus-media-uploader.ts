import type { CsrfTokenSource } from '../../../../core';
import { CSRF_HEADER } from '../../../../core';
import { PROJECTS_PATHS, UPLOAD_ELEMENT_ID_HEADER, type UploadFinishedResponse } from '../../common/projects-contract';
import { UploadAbortedError, type MediaUploader, type UploadOptions } from './media-uploader';

/**
 * Waits between retries after a dropped connection: tus asks the server how much it already has
 * (HEAD) and continues from there, so a flaky network costs a pause, not the bytes already sent.
 */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/**
 * Resumable uploads over the tus protocol (tus-js-client, loaded with the first upload). A file
 * chosen again after a page reload resumes too: tus remembers its upload URL in localStorage by
 * the file's fingerprint until it completes.
 */
export class TusMediaUploader implements MediaUploader {
  constructor(
    private readonly csrf: CsrfTokenSource,
    private readonly endpoint: string = PROJECTS_PATHS.uploads,
  ) {}

  async upload(file: File, { workspaceId, onProgress, signal }: UploadOptions): Promise<{ elementId: string }> {
    const { Upload } = await import('tus-js-client');
    if (signal?.aborted) throw new UploadAbortedError();
    return new Promise((resolve, reject) => {
      let elementId: string | null = null;
      const upload = new Upload(file, {
        endpoint: this.endpoint,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { workspaceId, filename: file.name, filetype: file.type || 'application/octet-stream' },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // Set on every request (not through `headers`, which XHR would append to): the token may
        // have been refreshed by a log-in between two retries.
        onBeforeRequest: (req) => {
          const current = this.csrf.current();
          if (current) req.setHeader(CSRF_HEADER, current);
        },
        onAfterResponse: (_req, res) => {
          elementId = res.getHeader(UPLOAD_ELEMENT_ID_HEADER) ?? elementId;
        },
        onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
        onSuccess: ({ lastResponse }) => {
          const id = elementId ?? elementIdFromBody(lastResponse.getBody());
          if (id) resolve({ elementId: id });
          else reject(new Error('The server did not name the uploaded element'));
        },
        onError: (error) => reject(uploadRefusal(error)),
      });
      signal?.addEventListener('abort', () => {
        void upload.abort(true).catch(() => {});
        reject(new UploadAbortedError());
      });
      void upload
        .findPreviousUploads()
        .then((previous) => {
          if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
        })
        .catch(() => {})
        .finally(() => {
          if (!signal?.aborted) upload.start();
        });
    });
  }
}

function elementIdFromBody(body: string): string | null {
  try {
    return (JSON.parse(body) as UploadFinishedResponse).data?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * What to tell a person when tus gives up: the server's own words when it refused the file (a
 * JSON Error body, e.g. the 422 "The file is not a video or audio file" once the last byte is in),
 * else tus's error as it is (a network failure after its retries).
 */
export function uploadRefusal(error: Error): Error {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const message = (JSON.parse(body ?? '') as { message?: unknown }).message;
    if (typeof message === 'string' && message) return new Error(message);
  } catch {
    // Not JSON (tus's own text/plain answers): tus's message names the status and the text.
  }
  return error;
}
