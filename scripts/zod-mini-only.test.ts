import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { classicZodError, zodMiniOnly } from './zod-mini-only.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe("the browser build's zod (ADR 0064)", () => {
  // Inside the repo, so the entry resolves zod from its node_modules.
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'paybills-zod-mini-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A one-file client build from the repo's node_modules, with only this plugin. */
  const buildOf = (source: string) => {
    const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.js`);
    writeFileSync(entry, source);
    return build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [zodMiniOnly()],
      build: { write: false, lib: { entry, formats: ['es'], fileName: 'out' } },
    });
  };

  it('names the file that brought the classic API in, and says what to import', () => {
    expect(
      classicZodError('/repo/node_modules/zod/v4/classic/schemas.js', [
        '/repo/node_modules/zod/v4/classic/external.js',
        '/repo/src/lib/thing.ts',
      ]),
    ).toBe(
      "zod's classic API reached the browser build from /repo/src/lib/thing.ts: import { z } from '@contract/zod' (zod/mini) instead of 'zod' (ADR 0064).",
    );
    expect(classicZodError('/repo/node_modules/zod/v4/mini/schemas.js', [])).toBeNull();
    expect(classicZodError('/repo/src/zod-classic-notes.ts', [])).toBeNull();
  });

  it("fails a client build that imports 'zod'", async () => {
    await expect(
      buildOf("import { z } from 'zod';\nexport const s = z.string().min(1);\n"),
    ).rejects.toThrow(/zod's classic API reached the browser build/);
  });

  it("builds one that imports the contract's zod/mini", async () => {
    await expect(
      buildOf(
        "import * as z from 'zod/mini';\nexport const s = z.string().check(z.minLength(1));\n",
      ),
    ).resolves.toBeDefined();
  });
});
