import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { outboxStartMessage } from './mail/outbox-page';
import { firstPartyPluginIds, loadExternalPlugins } from './external-plugins';
import { serverPlugins } from './plugins';

/**
 * The server process. ROLE=all (default): HTTP and in-process job worker; ROLE=web: HTTP, jobs
 * only sent; ROLE=worker: jobs only, no HTTP. SIGINT/SIGTERM close the app (and with it the job
 * queue, letting running jobs finish) and then the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // Outside plugins first: one that cannot load is reported and left out, the rest starts.
  const external = await loadExternalPlugins({
    dirs: config.pluginsDirs,
    reservedIds: firstPartyPluginIds(),
    log: { info: () => {}, error: console.error },
  });
  const db = await openDatabase(config);
  let app;
  try {
    app = await buildApp({
      config,
      db,
      plugins: serverPlugins,
      outsidePlugins: external.server,
      webPlugins: external.web,
      pluginsNotLoaded: external.leftOut,
      // Quiet by default: start-up prints exactly the two lines below; LOG_LEVEL=info shows requests.
      logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    });
    await app.ready();
  } catch (error) {
    await db.close();
    throw error;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await db.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.role !== 'all' && config.storage.kind === 'local') {
    // Fine on one box or with DATA_DIR on a shared disk; on separate machines the others would not find the files.
    console.warn(
      `ROLE=${config.role} with files under ${config.dataDir}/files: every process must share that folder, or set STORAGE=s3`,
    );
  }
  if (config.role === 'worker') {
    console.log(`Polycue worker is running (jobs only, ${db.kind})`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const installed = [...new Set([...external.server, ...external.web].map((plugin) => plugin.id))].filter(
    (id) => !app.leftOutPlugins.includes(id),
  );
  if (installed.length) console.log(`Outside plugins: ${installed.join(', ')}`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Polycue is running at http://localhost:${port}`);
  if (config.outboxEnabled) {
    const { line, warning } = outboxStartMessage(config, port);
    console.log(line);
    if (warning) console.warn(warning);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
