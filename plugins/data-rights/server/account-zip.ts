import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AccountDataRegistry, JobContext } from '../../../server/plugin-api';
import { writeSubtitles } from '../../subtitles/common/formats';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';
import { safeEntryName } from './entry-names';

interface SubtitleOfAccount {
  id: string;
  language: string;
  title: string;
}

/** The zip's note to whoever opens it: what each folder is. */
const README = `This is everything Polycue holds of your account.

tables/     one JSON file per kind of record (an array of rows, as stored; secrets and password hashes left out)
subtitles/  every subtitle in SRT and in WebVTT
files/      the stored files (videos, waveforms, dubbed audio, pictures), when asked for with the export
`;

/**
 * One zip of an account, written as it is read: yazl pulls each entry when the archive reaches it
 * (addReadStreamLazy), so the archive is never whole in memory and goes straight into Storage.
 * A table's rows are read at once when its entry starts (one query per declared table); the
 * largest, cues, are read per subtitle through the subtitles plugin's store.
 */
export function writeAccountZip(
  ctx: Pick<JobContext, 'db' | 'storage' | 'services' | 'extensions'> & { accountData: AccountDataRegistry },
  accountId: string,
  options: { includeMedia: boolean; ownKeys: Set<string> },
  onProgress: (fraction: number) => void,
): { stream: Readable; ready: Promise<void> } {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  const tables = ctx.accountData.tables().filter(({ spec }) => spec.ofAccount);
  let total = 1;
  let done = 0;
  const step = () => onProgress(Math.min(0.99, ++done / total));
  const lazy = (name: string, read: () => Promise<Readable | Buffer | string>) =>
    zip.addReadStreamLazy(name, { mtime }, (callback) => {
      read().then(
        (content) => {
          step();
          callback(null, content instanceof Readable ? content : Readable.from([Buffer.from(content)]));
        },
        (error: Error) => callback(error, undefined as never),
      );
    });

  zip.addBuffer(Buffer.from(README), 'README.txt', { mtime });
  const ready = (async () => {
    for (const { table, spec } of tables) {
      lazy(`tables/${table}.json`, async () => {
        const { rows } = await ctx.db.query<{ row: Record<string, unknown> }>(
          `SELECT row_to_json(t) AS row FROM "${table}" t WHERE ${spec.ofAccount}`,
          [accountId],
        );
        const secret = new Set(spec.secretColumns ?? []);
        const kept = rows.map(({ row }) => Object.fromEntries(Object.entries(row).filter(([key]) => !secret.has(key))));
        return JSON.stringify(kept, null, 1);
      });
    }
    const subtitles = await subtitlesOf(ctx, accountId);
    const store = ctx.services.get(SUBTITLE_STORE);
    const names = new Set<string>();
    for (const subtitle of subtitles) {
      const base = safeEntryName(`${subtitle.title} - ${subtitle.language} (${subtitle.id})`, names);
      for (const format of ['srt', 'vtt'] as const) {
        lazy(`subtitles/${base}.${format}`, async () =>
          writeSubtitles(await store.readCues(ctx.db, subtitle.id), format, {
            language: subtitle.language,
            title: subtitle.title,
          }),
        );
      }
    }
    if (options.includeMedia) {
      const keys = await ctx.accountData.keysOfAccount({ db: ctx.db, extensions: ctx.extensions }, accountId);
      for (const key of keys.filter((k) => !options.ownKeys.has(k))) {
        // A key never written (a waveform not made yet) is left out, not an error.
        if (!(await isStored(ctx.storage, key))) continue;
        lazy(`files/${key}`, async () => {
          const again = await ctx.storage.get(key);
          return again ? (again.stream as Readable) : '';
        });
      }
    }
    total = tables.length + subtitles.length * 2 + 1;
    zip.end();
  })();
  const stream = zip.outputStream as Readable;
  zip.on('error', (error: Error) => stream.destroy(error));
  ready.catch((error: Error) => stream.destroy(error));
  return { stream, ready };
}

async function isStored(storage: JobContext['storage'], key: string): Promise<boolean> {
  try {
    if (storage.stat) return (await storage.stat(key)) !== null;
    const stored = await storage.get(key);
    (stored?.stream as Readable | undefined)?.destroy();
    return stored !== null;
  } catch {
    return false;
  }
}

async function subtitlesOf(ctx: Pick<JobContext, 'db'>, accountId: string): Promise<SubtitleOfAccount[]> {
  const { rows } = await ctx.db.query<SubtitleOfAccount>(
    `SELECT s.id::text AS id, s.language, v.title FROM subtitles s JOIN project_versions v ON v.id = s.project_version_id
     WHERE s.workspace_id IN (SELECT id FROM workspaces WHERE account_id = $1) ORDER BY s.id`,
    [accountId],
  );
  return rows;
}
