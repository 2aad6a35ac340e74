import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Every process the benchmarks started, to stop when they end. */
export const children: ChildProcess[] = [];

/**
 * Runs a TypeScript file of the repo in its own Node process (through tsx) and resolves once
 * it prints that it is ready (the server's "Press Ctrl+C", bench/bare.ts's "ready").
 */
export function spawnNode(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/ready|Press Ctrl\+C/.test(out)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
}

/** Runs a benchmark's `main`, then stops every process it started and removes its temp `dir`. */
export function runBenchmark(main: () => Promise<void>, dir: string): void {
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => {
      for (const child of children) child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    });
}
