import { serviceRef } from '../../../core/common/service-token';

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

/**
 * The projects plugin's browser copies for the players (the subtitles plugin's editor and share
 * routes), provided in `app.services` under BROWSER_RENDITIONS.
 */
export interface BrowserRenditionsService {
  /**
   * Asks for the browser's copy of stored media once in its life: media stored before copies
   * were made was never asked for, so a player that finds no copy asks here. True when this call
   * queued the job (which makes a copy only when a browser does not play the media), false when
   * the media was asked for already (at upload, link import or by an earlier player) or is not
   * stored. Cheap when asked already: players call it on every request that finds no copy.
   */
  askOnce(storageKey: string): Promise<boolean>;
}

export const BROWSER_RENDITIONS = serviceRef<BrowserRenditionsService>('projects.browserRenditions');
