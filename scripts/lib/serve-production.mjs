import { prepareEmbeddedDatabase } from './database.mjs';
import { runForeground } from './process.mjs';

/** The production server in the foreground, after creating the embedded database on a first start (`tag` prefixes a failure). */
export async function serveProduction(tag) {
  const env = { ...process.env, NODE_ENV: 'production' };
  try {
    await prepareEmbeddedDatabase(env);
  } catch (error) {
    console.error(`[${tag}] ${error.message}`);
    process.exit(1);
  }
  runForeground([{ name: 'server', command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'], env }]);
}
