#!/usr/bin/env node
/**
 * `npm run dev`: the API server restarted on change (`tsx watch`, API_PORT, default 3001) and the
 * Vite dev server with hot reload on PORT (default 3000), which proxies API calls to it and takes
 * page loads' session and CSRF token from it (scripts/vite-dev-pages.mjs). Open the Vite address.
 */
import { localBin, runForeground } from './lib/process.mjs';
import { APP_PACKAGES, ensureNodeModules, ensureSystemPackages } from './lib/setup.mjs';

await ensureNodeModules();
await ensureSystemPackages(APP_PACKAGES);

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

console.log(`[dev] open ${publicUrl} (Vite); API server on port ${apiPort}; mail outbox at ${publicUrl}/dev/outbox`);

runForeground([
  {
    name: 'api',
    command: localBin('tsx'),
    args: ['watch', '--clear-screen=false', 'server/main.ts'],
    // Links in mails point at the Vite address, where the browser is.
    env: { ...process.env, NODE_ENV: 'development', PORT: apiPort, PUBLIC_URL: publicUrl },
  },
  {
    name: 'vite',
    command: localBin('vite'),
    args: ['--port', port, '--strictPort'],
    env: { ...process.env, NODE_ENV: 'development', PORT: port, API_PORT: apiPort },
  },
]);
