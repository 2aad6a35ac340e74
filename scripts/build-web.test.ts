import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { buildIsCurrent, buildWebIfStale, STAMP_FILE, stampMatches } from './build-web.mjs';
import { overBudget, type Manifest } from './report-chunks.mjs';

/** Marks of React's two builds in a bundle: the production one links its error codes. */
const PRODUCTION_MARK = 'react.dev/errors/';
const DEVELOPMENT_MARK = 'react_stack_bottom_frame';

function bundleText(outDir: string): string {
  const assets = path.join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
}

describe('the stamp of a build', () => {
  it('only a production build in the same mode counts as current', () => {
    expect(stampMatches({ mode: 'server', nodeEnv: 'production' }, 'server')).toBe(true);
    // A stamp written before NODE_ENV was recorded, or by a development build: rebuild.
    expect(stampMatches({ mode: 'server' }, 'server')).toBe(false);
    expect(stampMatches({ mode: 'server', nodeEnv: 'development' }, 'server')).toBe(false);
    expect(stampMatches({ mode: 'mock', nodeEnv: 'production' }, 'server')).toBe(false);
    expect(stampMatches(null, 'server')).toBe(false);
  });
});

describe('building the web app', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'paybills-build-web-'));
  const nodeEnv = process.env.NODE_ENV;
  afterAll(() => {
    process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  });

  it(
    "is a production build, prerendered, even from a process on React's development build " +
      'with NODE_ENV=development (npm start, npm run bench:web)',
    async () => {
      // What the bench does before it builds: React's development build is in memory.
      process.env.NODE_ENV = 'development';
      const react = await import('react');
      expect(react.version).toMatch(/^19\./);

      await buildWebIfStale('server', { outDir });

      const bundle = bundleText(outDir);
      expect({
        production: bundle.includes(PRODUCTION_MARK),
        development: bundle.includes(DEVELOPMENT_MARK),
      }).toEqual({ production: true, development: false });
      // Prerendering ran (it is what crashed when two React builds met).
      expect(readFileSync(path.join(outDir, 'static-pages', 'landing.html'), 'utf8')).toContain(
        '<h1',
      );
      expect(JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8'))).toMatchObject({
        mode: 'server',
        nodeEnv: 'production',
      });
      expect(buildIsCurrent('server', outDir)).toBe(true);
      expect(buildIsCurrent('mock', outDir)).toBe(false);

      // A dist/ stamped by a development build is rebuilt, not served.
      writeFileSync(
        path.join(outDir, STAMP_FILE),
        JSON.stringify({ mode: 'server', nodeEnv: 'development' }),
      );
      expect(buildIsCurrent('server', outDir)).toBe(false);
      expect(existsSync(path.join(outDir, 'index.html'))).toBe(true);

      // Every page's first-visit JavaScript within its budget (decision 0023).
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const sizeOf = (file: string) => ({
        gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      });
      expect(overBudget(manifest, sizeOf)).toEqual([]);
    },
    180_000,
  );
});
