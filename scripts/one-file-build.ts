import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Alias, type Plugin, type Rolldown } from 'vite';
import { afterAll } from 'vitest';

/** The repository's root: builds resolve packages from its node_modules. */
export const root = path.resolve(import.meta.dirname, '..');

/**
 * A scratch folder inside the repo (so a test's entry resolves packages from node_modules),
 * removed after the calling test file.
 */
export function scratchDir(prefix: string): string {
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * `entry` built as one unminified ES module by Vite's client build, with only `plugins` (and
 * `alias`), React left external: what a build plugin's test reads. Rejects as the build does.
 */
export async function oneFileBuild(
  entry: string,
  { plugins = [], alias = [] }: { plugins?: Plugin[]; alias?: Alias[] } = {},
): Promise<string> {
  const result = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    resolve: { alias },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['es'], fileName: 'out' },
      rolldownOptions: { external: ['react', 'react-dom'] },
    },
  })) as Rolldown.RolldownOutput[];
  return result[0]!.output[0].code;
}
