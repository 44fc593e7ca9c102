import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import * as tus from 'tus-js-client';
import { Upload, type UrlStorage } from 'tus-js-client';
import { UPLOAD_ELEMENT_ID_HEADER } from '../plugins/projects/common/projects-contract';
import type { PolycueApi } from './api';
import type { PathsWith } from './api-types';
import { configDir } from './config';
import { CliError, EXIT, exitCodeOfStatus } from './exit-codes';

/** tus-js-client's Node build exports its file-backed URL store, but its types do not name it. */
const { FileUrlStorage } = tus as unknown as { FileUrlStorage: new (filePath: string) => UrlStorage };

/** The tus endpoint (a documented route: its creation POST is in the OpenAPI document). */
const UPLOADS_PATH: PathsWith<'post'> = '/api/v1/uploads/';
/** Big enough for few round trips, small enough that an interrupted upload loses little. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];

const MEDIA_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
};

/**
 * Uploads one file through the server's tus endpoint, as the browser does, with the API token.
 * Resumable across runs: the upload's address is kept under the config folder by file
 * fingerprint, so the same command run again after a cut continues where the bytes stopped.
 * A progress bar on stderr when it is a terminal. Resolves the element the server made.
 */
export async function uploadFile(api: PolycueApi, workspaceId: string, filePath: string): Promise<string> {
  const size = (await stat(filePath).catch(() => null))?.size;
  if (size === undefined) throw new CliError(`No such file: ${filePath}`, EXIT.usage);
  const name = path.basename(filePath);
  // The resume file lives in the config folder, which a CI job on POLYCUE_SERVER/POLYCUE_TOKEN
  // never made (no login): without it the upload library's lock crashed with ENOENT.
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  const bar = process.stderr.isTTY
    ? new SingleBar(
        { format: `${name} [{bar}] {percentage}% {value}/{total} MB`, hideCursor: true },
        Presets.shades_classic,
      )
    : null;
  bar?.start(Math.ceil(size / 1024 ** 2), 0);
  try {
    return await new Promise<string>((resolve, reject) => {
      let elementId: string | null = null;
      const upload = new Upload(createReadStream(filePath), {
        endpoint: api.url(UPLOADS_PATH),
        uploadSize: size,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        headers: { authorization: `Bearer ${api.token}` },
        metadata: {
          workspaceId,
          filename: name,
          filetype: MEDIA_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        },
        urlStorage: new FileUrlStorage(path.join(configDir(), 'uploads.json')),
        fingerprint: async () => `polycue-${api.server}-${workspaceId}-${path.resolve(filePath)}-${size}`,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onAfterResponse: (_req, res) => {
          elementId = res.getHeader(UPLOAD_ELEMENT_ID_HEADER) ?? elementId;
        },
        onProgress: (sent) => bar?.update(Math.floor(sent / 1024 ** 2)),
        onSuccess: () =>
          elementId
            ? resolve(elementId)
            : reject(new CliError('The server did not name the uploaded element', EXIT.unavailable)),
        onError: (error) => {
          const status = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
          if (!status) return reject(new CliError(`Upload of ${name} failed: ${error.message}`, EXIT.unavailable));
          // The server's words: JSON from Polycue's checks, plain text from the tus protocol's own
          // answers (e.g. "The file is not a video or audio file" once the last byte is in).
          const body = status.getBody()?.trim() ?? '';
          let message = body || error.message;
          try {
            message = (JSON.parse(body) as { message?: string }).message ?? message;
          } catch {
            // not JSON: the text itself
          }
          reject(
            new CliError(
              `Upload of ${name} refused: ${message} [HTTP ${status.getStatus()}]`,
              exitCodeOfStatus(status.getStatus()),
            ),
          );
        },
      });
      // Continue an earlier, interrupted upload of the same file when there is one.
      void upload.findPreviousUploads().then((previous) => {
        if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      }, reject);
    });
  } finally {
    bar?.update(Math.ceil(size / 1024 ** 2));
    bar?.stop();
  }
}
