import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clientModuleError,
  clientModules,
  productionAliases,
  smallIcons,
} from './client-modules.mjs';
import { oneFileBuild, root, scratchDir } from './one-file-build';

describe("the browser build's zod and React Router (ADR 0064, ADR 0067)", () => {
  const dir = scratchDir('paybills-client-modules-');

  /** A one-file client build of `source`, with only this plugin. */
  let entries = 0;
  const buildOf = (source: string) => {
    entries += 1;
    const entry = path.join(dir, `entry-${entries}.js`);
    writeFileSync(entry, source);
    return oneFileBuild(entry, { plugins: [clientModules()] });
  };

  it('names the file that brought the classic API in, and says what to import', () => {
    expect(
      clientModuleError('/repo/node_modules/zod/v4/classic/schemas.js', [
        '/repo/node_modules/zod/v4/classic/external.js',
        '/repo/src/lib/thing.ts',
      ]),
    ).toBe(
      "zod's classic API reached the browser build from /repo/src/lib/thing.ts: import { z } from '@contract/zod' (zod/mini) instead of 'zod' (ADR 0064).",
    );
    expect(clientModuleError('/repo/node_modules/zod/v4/mini/schemas.js', [])).toBeNull();
    expect(clientModuleError('/repo/src/zod-classic-notes.ts', [])).toBeNull();
  });

  it("fails a client build that imports 'zod'", async () => {
    await expect(
      buildOf("import { z } from 'zod';\nexport const s = z.string().min(1);\n"),
    ).rejects.toThrow(/zod's classic API reached the browser build/);
  });

  it("fails one that reaches React Router's development build, and names the way out", async () => {
    expect(
      clientModuleError('/repo/node_modules/react-router/dist/development/chunk-X.mjs', [
        '/repo/node_modules/react-router/dist/development/index.mjs',
        '/repo/node_modules/react-router-dom/dist/index.mjs',
      ]),
    ).toBe(
      "React Router's development build reached the browser build from /repo/node_modules/react-router-dom/dist/index.mjs: resolve that import to react-router/dist/production in vite.config.ts (productionAliases, ADR 0067).",
    );
    expect(
      clientModuleError('/repo/node_modules/react-router/dist/production/index.mjs', []),
    ).toBeNull();
    await expect(
      buildOf("import { useLocation } from 'react-router';\nexport const f = useLocation;\n"),
    ).rejects.toThrow(/React Router's development build reached the browser build/);
  });

  it('builds one whose React Router imports go to the production build', async () => {
    const entry = path.join(dir, 'router-entry.js');
    writeFileSync(
      entry,
      "import { Link, useLocation } from 'react-router-dom';\nexport const f = [Link, useLocation];\n",
    );
    await expect(
      oneFileBuild(entry, {
        plugins: [clientModules()],
        alias: productionAliases((file) => path.join(root, file)),
      }),
    ).resolves.toBeDefined();
  });

  it("draws lucide-react's icons with the app's factory, and fails a build that keeps lucide's", async () => {
    const entry = path.join(dir, 'icons-entry.js');
    writeFileSync(entry, "export { X as CloseIcon, House as HomeIcon } from 'lucide-react';\n");
    const factory = path.join(dir, 'factory.js');
    writeFileSync(factory, "export default (icon) => 'SMALL-FACTORY:' + icon.name;\n");
    const code = await oneFileBuild(entry, { plugins: [smallIcons(factory), clientModules()] });
    expect(code).toContain('SMALL-FACTORY:');
    expect(code).toContain('M18 6 6 18');
    expect(code).not.toContain('absoluteStrokeWidth');
    await expect(oneFileBuild(entry, { plugins: [clientModules()] })).rejects.toThrow(
      /lucide-react's icon factory reached the browser build/,
    );
    // Two builds of lucide-react's whole index: seconds on a busy two-core machine, never a
    // measure of speed, so the bound is generous.
  }, 60_000);

  it("builds one that imports the contract's zod/mini", async () => {
    await expect(
      buildOf(
        "import * as z from 'zod/mini';\nexport const s = z.string().check(z.minLength(1));\n",
      ),
    ).resolves.toBeDefined();
  });
});
