/**
 * Where the copy of a stored video that a browser plays is kept (made only for media browsers do
 * not play as uploaded: AVI, MPEG-TS, MJPEG or PCM in MOV, AC-3 in MKV…): beside the media, in a
 * folder a user's file name can never name (file names lose their slashes). The players (editor,
 * share page) serve it in place of the media when it is there.
 */
export function browserRenditionKey(mediaKey: string): string {
  const folder = mediaKey.slice(0, mediaKey.lastIndexOf('/') + 1);
  return `${folder}rendition/browser.mp4`;
}
