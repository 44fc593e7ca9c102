import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  importFromLink,
  LinkNotMediaError,
  LinkTooLargeError,
  UnsafeLinkError,
  AddressAllowance,
  type JobDefinition,
} from '../../../server/plugin-api';
import { PROJECTS_SERVER_MESSAGES, type LinkFailureKind } from '../common/projects-contract';
import { storeElementMedia } from './element-media';
import { maxElementBytesOf } from './element-size-limit';
import { cleanTitle } from './title-text';
import { ElementRepository } from './element-repository';
import { derivedMediaFiles, linkDetailsExtensions } from './extension-points';
import { DELETE_FILES_JOB, IMPORT_LINK_JOB, removeFilesLater } from './projects-jobs';

/** The failure stored on the element: its kind, and the reason in words a user understands. */
function failureOf(error: unknown, maxBytes: number): { kind: LinkFailureKind; reason: string } {
  if (error instanceof LinkTooLargeError) {
    return {
      kind: 'too_large',
      reason: PROJECTS_SERVER_MESSAGES.elementTooLarge.replace(
        '{limit}',
        String(Number((maxBytes / 1024 ** 2).toFixed(1))),
      ),
    };
  }
  // A scheme, credentials or port refusal is as final as a private address: another link is the way on.
  if (error instanceof UnsafeLinkError) return { kind: 'private_address', reason: error.message };
  if (error instanceof LinkNotMediaError) return { kind: 'not_media', reason: error.message };
  return { kind: 'unreachable', reason: (error as Error).message.slice(0, 500) };
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
    const maxBytes = await maxElementBytesOf(ctx.services, config, element.workspaceId);
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
          streams: [],
        },
      );
      // A title another plugin knows for this link (a channel episode's) before the download's own.
      let known: string | null = null;
      for (const details of ctx.extensions.contributions(linkDetailsExtensions))
        known ??= await details.titleOf(ctx.db, element.workspaceId, element.sourceUrl);
      const title = cleanTitle(known?.trim() || imported.title).slice(0, 255) || undefined;
      // Deleted while downloading: the files just stored belong to nothing.
      if (!(await elements.markReady(elementId, { ...media, title }))) {
        await removeFilesLater(
          jobs,
          [media.storageKey, media.thumbnailKey].filter((key): key is string => !!key),
        );
      }
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
