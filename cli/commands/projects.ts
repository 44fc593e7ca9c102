import type { Command } from 'commander';
import { formatDuration } from '../../core/common/duration';
import type { ResponseOf, Operation } from '../api-types';
import type { CommandContext } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { notice, printJson, printTable } from '../output';
import { uploadFile } from '../upload';

/** A project version as the list answers it (the generated types of `GET /api/v1/project_versions`). */
type ProjectVersionResource = NonNullable<ResponseOf<Operation<'/api/v1/project_versions', 'get'>>['data']>[number];

const row = (v: ProjectVersionResource) => [
  v.id,
  v.attributes.title ?? '',
  formatDuration(v.attributes.duration ?? 0, { unknown: '—' }),
  v.attributes.elementState ?? '—',
  v.attributes.createdAt ?? '',
];

/** `polycue projects list|create`. */
export function projectsCommand(program: Command, context: CommandContext): void {
  const projects = program.command('projects').description('List and create projects');

  projects
    .command('list')
    .description('The project versions of the workspace, newest first')
    .option('--search <words>', 'only titles with these words')
    .option('--limit <n>', 'at most this many (default 50; all pages are followed)', '50')
    .option('--workspace <id>', 'the workspace (default: the saved one)')
    .option('--json', 'print JSON (the API resources)')
    .action(async (options: { search?: string; limit: string; workspace?: string; json?: boolean }) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new CliError('--limit must be a positive whole number', EXIT.usage);
      const { api, workspaceId } = await context.connect(options.workspace);
      const rows: ProjectVersionResource[] = [];
      let after: string | undefined;
      do {
        const page: ResponseOf<Operation<'/api/v1/project_versions', 'get'>> = await api.call(
          'get',
          '/api/v1/project_versions',
          {
            query: { workspaceId, search: options.search, perPage: Math.min(200, limit - rows.length), after },
          },
        );
        rows.push(...(page.data ?? []));
        after = page.meta?.hasMore ? (page.meta.nextCursor ?? undefined) : undefined;
      } while (after && rows.length < limit);
      if (options.json) return printJson({ data: rows.slice(0, limit) });
      if (rows.length === 0) return notice('No project versions.');
      printTable(['ID', 'TITLE', 'DURATION', 'MEDIA', 'CREATED'], rows.slice(0, limit).map(row));
    });

  projects
    .command('create')
    .description('A project from each video file (uploaded, resumable) or link (--url)')
    .argument('[files...]', 'video or audio files to upload')
    .option('--url <link...>', 'links to import instead of files (the server downloads them)')
    .option('--title <title>', 'the title of a project made from one file (default: the file name)')
    .option('--workspace <id>', 'the workspace (default: the saved one)')
    .option('--json', 'print JSON (the created project versions)')
    .action(
      async (files: string[], options: { url?: string[]; title?: string; workspace?: string; json?: boolean }) => {
        if (files.length === 0 && !options.url?.length)
          throw new CliError('Name files to upload, or --url <link>', EXIT.usage);
        if (options.title && files.length !== 1)
          throw new CliError('--title names the project of one file', EXIT.usage);
        const { api, workspaceId } = await context.connect(options.workspace);
        const created: ProjectVersionResource[] = [];
        for (const file of files) {
          const elementId = await uploadFile(api, workspaceId, file);
          const made = await api.call('post', '/api/v1/elements/create_with_project', {
            body: { workspaceId, elementId, ...(options.title ? { title: options.title } : {}) },
          });
          created.push(...(made.projectVersions?.data ?? []));
        }
        if (options.url?.length) {
          const made = await api.call('post', '/api/v1/elements/youtube_dl_with_project', {
            body: { workspaceId, urls: options.url, submitUrlIdentifier: `cli-${Date.now()}` },
          });
          created.push(...(made.projectVersions?.data ?? []));
        }
        if (options.json) return printJson({ data: created });
        printTable(['ID', 'TITLE', 'DURATION', 'MEDIA', 'CREATED'], created.map(row));
      },
    );
}
