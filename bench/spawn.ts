import { spawn, type ChildProcess } from 'node:child_process';
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
