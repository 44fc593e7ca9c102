/** Sends one media file to the server and answers the element created from it. */
export interface MediaUploader {
  upload(file: File, options: UploadOptions): Promise<{ elementId: string }>;
}

export interface UploadOptions {
  workspaceId: string;
  /** 0..1, as bytes reach the server. */
  onProgress(fraction: number): void;
  signal?: AbortSignal;
}

export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}
