import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from './errors';

/**
 * An uploaded picture (user avatar, account avatar): one multipart field, a size limit, and the
 * format recognised from the file's first bytes (the declared type is only the sender's claim).
 */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'Image is larger than 2 MB';
export const INVALID_IMAGE_MESSAGE = 'Image must be a PNG, JPEG, WebP or GIF file';

export interface ImageType {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE))
    return { contentType: 'image/png', extension: 'png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { contentType: 'image/gif', extension: 'gif' };
  if (head.length === 12 && head.startsWith('RIFF') && head.endsWith('WEBP'))
    return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/** The OpenAPI description of an image upload in `field` (a route's `config.multipartBody`). */
export function imageUploadBody(field: string): object {
  return {
    type: 'object',
    required: [field],
    properties: { [field]: { type: 'string', format: 'binary', description: 'A PNG, JPEG, GIF or WebP image' } },
  };
}

/** Reads and checks the image in `field`: 400 when missing, 422 `image_too_large` / `invalid_image`. */
export async function readImageUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  { field, maxBytes = IMAGE_MAX_BYTES }: { field: string; maxBytes?: number },
): Promise<{ data: Buffer; type: ImageType }> {
  if (!request.isMultipart()) {
    throw httpError(400, 'invalid', `Send the image as multipart/form-data in the field "${field}"`, field);
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });
  if (!part || part.fieldname !== field) throw httpError(400, 'invalid', `${field} is required`, field);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError)
      throw httpError(422, 'image_too_large', IMAGE_TOO_LARGE_MESSAGE, field);
    throw error;
  }
  const type = detectImageType(data);
  if (!type) throw httpError(422, 'invalid_image', INVALID_IMAGE_MESSAGE, field);
  return { data, type };
}

/** Stores a checked image under `<folder>/<random>.<ext>` and returns its storage key. */
export async function storeImage(
  app: FastifyInstance,
  folder: string,
  image: { data: Buffer; type: ImageType },
): Promise<string> {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${image.type.extension}`;
  await app.storage.put(key, image.data, image.type.contentType);
  return key;
}

/** Deletes a replaced image; a failure only leaves an orphan file, so it is logged, not raised. */
export async function deleteReplacedImage(
  app: FastifyInstance,
  request: FastifyRequest,
  key: string | null,
): Promise<void> {
  if (!key) return;
  await app.storage.delete(key).catch((err) => request.log.warn({ err, key }, 'replaced image not deleted'));
}
