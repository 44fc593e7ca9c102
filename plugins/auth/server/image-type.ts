/** Image formats an avatar may have, recognised by their first bytes (the declared type is the sender's claim). */
export interface ImageType {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: 'image/png', extension: 'png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { contentType: 'image/jpeg', extension: 'jpg' };
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { contentType: 'image/gif', extension: 'gif' };
  if (head.length === 12 && head.startsWith('RIFF') && head.endsWith('WEBP')) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}
