#!/usr/bin/env node
/**
 * `npm start`: the whole product on one port.
 *
 * 1. Builds the web app in server mode (scripts/build-web.mjs: always a production build, in its
 *    own process) when dist/ is missing, was built in another mode (e.g. by
 *    `npm run start:mock`) or not for production, or is older than the newest source file.
 * 2. Runs the API server (server/src/server.ts, with tsx), which serves the API and dist/ on
 *    $HOST:$PORT (default 127.0.0.1:3000), migrates and seeds the database on first start, and
 *    prints the URL, the seeded accounts, the database location and the providers in use.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, root } from './build-web.mjs';

async function main() {
  process.chdir(root);
  await buildWebIfStale('server');

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  // Forward Ctrl+C / termination to the server, which shuts down gracefully.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
