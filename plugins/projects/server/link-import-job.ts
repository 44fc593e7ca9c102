import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  importFromLink,
  LinkNotMediaError,
  LinkTooLargeError,
  UnsafeLinkError,
  AddressAllowance,
  type JobContext,
  type JobDefinition,
} from '../../../server/plugin-api';
import type { LinkFailureKind } from '../common/projects-contract';
import { elementKey, storeElementMedia } from './element-media';
import { storeLinkPicture } from './link-picture';
import { elementTooLargeMessage, maxElementBytesOf } from './element-size-limit';
import { cleanTitle } from './title-text';
import { ElementRepository } from './element-repository';
import { derivedMediaFiles, linkDetailsExtensions, type KnownLinkDetails } from './extension-points';
import { DELETE_FILES_JOB, IMPORT_LINK_JOB, removeFilesLater } from './projects-jobs';
import { makeBrowserRenditionLater } from './browser-rendition-job';

/** The failure stored on the element: its kind, and the reason in words a user understands. */
function failureOf(error: unknown, maxBytes: number): { kind: LinkFailureKind; reason: string } {
  if (error instanceof LinkTooLargeError) {
    return {
      kind: 'too_large',
      reason: elementTooLargeMessage(maxBytes),
    };
  }
  // A scheme, credentials or port refusal is as final as a private address: another link is the way on.
  if (error instanceof UnsafeLinkError) return { kind: 'private_address', reason: error.message };
  if (error instanceof LinkNotMediaError) return { kind: 'not_media', reason: error.message };
  return { kind: 'unreachable', reason: (error as Error).message.slice(0, 500) };
}

/** The first contribution that knows the link; `titleOf` for one written before `detailsOf` existed. */
async function knownDetails(ctx: JobContext, workspaceId: string, url: string): Promise<KnownLinkDetails | null> {
  for (const details of ctx.extensions.contributions(linkDetailsExtensions)) {
    const known = details.detailsOf
      ? await details.detailsOf(ctx.db, workspaceId, url)
      : { title: await details.titleOf(ctx.db, workspaceId, url), description: null, thumbnailUrl: null };
    if (known && (known.title || known.description || known.thumbnailUrl)) return known;
  }
  return null;
}

/**
 * `projects.importLink { elementId }`: downloads the link of a downloading element (yt-dlp or
 * plain HTTP, only to public addresses unless LINK_IMPORT_ALLOW_CIDRS says otherwise), stores it
 * and its thumbnail, and marks it ready with size and duration. Any failure (too large, refused,
 * not media, unreachable) deletes its project and versions, lowers the count and leaves the
 * element `failed` with its kind and reason (docs/product-contract.md#states-and-transitions), kept until the user dismisses it. Idempotent: an element no longer
 * downloading is left alone, and a retry starts from a clean directory.
 */
export const importLinkJob: JobDefinition<{ elementId: string }> = {
  name: IMPORT_LINK_JOB,
  retryLimit: 1,
  async handler({ elementId }, ctx) {
    const { storage, config, jobs } = ctx;
    const elements = new ElementRepository(ctx.db);
    const element = await elements.findAnywhere(elementId);
    if (!element || element.state !== 'downloading' || !element.sourceUrl) return;
    // The account's plan may allow less than the installation (docs/product-contract.md#states-and-transitions: the browser deletes it too).
    const maxBytes = await maxElementBytesOf(ctx.extensions, ctx.db, config, element.workspaceId);
    const workDir = path.join(config.dataDir, 'tmp', 'link-import', elementId);
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    try {
      let imported;
      try {
        imported = await importFromLink(element.sourceUrl, {
          destDir: workDir,
          maxBytes,
          allow: config.linkImportAllowCidrs.length > 0 ? new AddressAllowance(config.linkImportAllowCidrs) : undefined,
        });
      } catch (error) {
        ctx.log.info({ elementId, err: error }, 'link import failed; the element is deleted from its project');
        const deletion = await elements.markFailed(elementId, failureOf(error, maxBytes));
        if (deletion) await removeFilesLater(jobs, deletion.keys);
        return;
      }
      const media = await storeElementMedia(
        storage,
        workDir,
        { workspaceId: element.workspaceId, elementId, fileName: path.basename(imported.filePath) },
        imported.filePath,
        {
          durationMs: imported.durationMs,
          sizeBytes: imported.sizeBytes,
          hasVideo: imported.hasVideo,
          hasAudio: imported.hasAudio,
          format: imported.format,
          streams: [],
        },
      );
      // What another plugin knows of this link (a channel episode's title, show notes and picture)
      // comes before what the download found.
      const known = await knownDetails(ctx, element.workspaceId, element.sourceUrl);
      const title = cleanTitle(known?.title?.trim() || imported.title).slice(0, 255) || undefined;
      let thumbnailKey = media.thumbnailKey;
      if (known?.thumbnailUrl) {
        // The episode's own picture over a frame of the video (and the only one an audio podcast gets).
        const key = elementKey(element.workspaceId, elementId, 'thumbnail.jpg');
        const allow =
          config.linkImportAllowCidrs.length > 0 ? new AddressAllowance(config.linkImportAllowCidrs) : undefined;
        thumbnailKey = (await storeLinkPicture(known.thumbnailUrl, storage, key, { workDir, allow })) ?? thumbnailKey;
      }
      const ready = { ...media, thumbnailKey, title, description: known?.description ?? null };
      // Deleted while downloading: the files just stored belong to nothing.
      if (!(await elements.markReady(elementId, ready))) {
        await removeFilesLater(
          jobs,
          [ready.storageKey, ready.thumbnailKey].filter((key): key is string => !!key),
        );
      } else await makeBrowserRenditionLater(ctx.db, jobs, ready.storageKey);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  },
};

/** `projects.deleteFiles { keys }`: element files whose rows are gone, and what other plugins made from them (derivedMediaFiles). */
export const deleteFilesJob: JobDefinition<{ keys: string[] }> = {
  name: DELETE_FILES_JOB,
  async handler({ keys }, ctx) {
    const derivers = ctx.extensions.contributions(derivedMediaFiles);
    for (const key of keys) {
      // The derived files first: a retry after a crash between the two still finds the media's key to derive them from.
      for (const derived of derivers.flatMap((deriver) => deriver.keysOf(key))) await ctx.storage.delete(derived);
      await ctx.storage.delete(key);
    }
  },
};
