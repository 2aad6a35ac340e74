#!/usr/bin/env node
/**
 * `npm start`: the whole product on one port.
 *
 * 1. Builds the web app in server mode (`vite build`, through Vite's Node API) when dist/ is
 *    missing, was built in another mode (e.g. by `npm run start:mock`), or is older than the
 *    newest source file.
 * 2. Runs the API server (server/src/server.ts, with tsx), which serves the API and dist/ on
 *    $HOST:$PORT (default 127.0.0.1:3000), migrates and seeds the database on first start, and
 *    prints the URL, the seeded accounts, the database location and the providers in use.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
/** Written after a build with its mode; scripts/start-mock.mjs writes the same file. */
const stampFile = path.join(outDir, '.start-build.json');
const MODE = 'server';

/** Inputs of the build: if any is newer than the last server-mode build, build again. */
const inputs = [
  'src',
  'mocks',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package.json',
  '.env',
  '.env.production',
];

/** Newest modification time (ms) of a file or of any file below a folder; 0 if absent. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file still changes its folder's mtime
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.git')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(stampFile) || !existsSync(path.join(outDir, 'index.html'))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.mode !== MODE) return false;
  } catch {
    return false;
  }
  const builtAt = statSync(stampFile).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= builtAt);
}

/** Vite's build sets NODE_ENV=production in this process: the server must see the user's. */
const userNodeEnv = process.env.NODE_ENV;

async function main() {
  process.chdir(root);
  if (buildIsCurrent()) {
    console.log('dist/ is up to date (server mode): skipping the build.');
  } else {
    console.log('Building the web app (vite build)…');
    // The browser app talks to this server: never start the mocks, whatever .env says.
    process.env.VITE_API_MODE = MODE;
    const { build } = await import('vite');
    await build({ root, mode: 'production', logLevel: 'warn' });
    writeFileSync(
      stampFile,
      `${JSON.stringify({ mode: MODE, builtAt: new Date().toISOString() })}\n`,
    );
    console.log('Build done.');
  }

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')],
    { cwd: root, stdio: 'inherit', env: serverEnv() },
  );
  // Forward Ctrl+C / termination to the server, which shuts down gracefully.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function serverEnv() {
  const env = { ...process.env };
  if (userNodeEnv === undefined) delete env.NODE_ENV;
  else env.NODE_ENV = userNodeEnv;
  return env;
}

main().catch((error) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
