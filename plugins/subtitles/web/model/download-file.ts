import { ApiError } from '../../../../core';
import { DEFAULT_ARCHIVE_NAME } from '../../common/subtitles-contract';

/**
 * The file name a download response names (docs/product-contract.md#calls, #constants-and-limits: from Content-Disposition, default
 * `download.zip`). Prefers the exact UTF-8 `filename*`, then the plain `filename`.
 */
export function fileNameFromDisposition(header: string | undefined | null, fallback = DEFAULT_ARCHIVE_NAME): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(extended[1].trim());
      if (name) return baseName(name) || fallback;
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return (name && baseName(name)) || fallback;
}

/** Never a path: a server (or a proxy) cannot make the browser save outside the downloads folder. */
const baseName = (name: string) => name.split(/[\\/]/).pop()!.trim();

/**
 * A failed download asked for a Blob, so the server's JSON error arrives as a Blob too and the
 * core client cannot read its message: read it here so the toast can say why.
 */
export async function readBlobError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError && typeof Blob !== 'undefined' && error.body instanceof Blob) {
    try {
      const body = JSON.parse(await error.body.text()) as { message?: unknown; code?: unknown; field?: unknown };
      if (typeof body.message === 'string') {
        return new ApiError(
          body.message,
          error.status,
          typeof body.code === 'string' ? body.code : error.code,
          typeof body.field === 'string' ? body.field : null,
          body,
        );
      }
    } catch {
      // not JSON: keep the original error
    }
  }
  return error instanceof ApiError ? error : new ApiError(error instanceof Error ? error.message : String(error), 0);
}

/** Hands a Blob to the browser as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns; revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
