import { describe, expect, it } from 'vitest';
import { moduleBreakdown, moduleLabel } from './module-sizes.mjs';

describe('module sizes', () => {
  it('names a module by its package, or by its path from the repo root', () => {
    expect(moduleLabel('/repo/node_modules/zod/v4/core/schemas.js', '/repo')).toBe('pkg:zod');
    expect(
      moduleLabel(
        '/repo/node_modules/.pnpm/x/node_modules/@radix-ui/react-select/dist/a.mjs',
        '/repo',
      ),
    ).toBe('pkg:@radix-ui/react-select');
    expect(moduleLabel('/repo/src/lib/cn.ts?used', '/repo')).toBe('src/lib/cn.ts');
    expect(moduleLabel('\0rolldown/runtime.js', '/repo')).toBe('rolldown/runtime.js');
  });

  it("splits each chunk's real size by its modules' rendered size, summed over chunks, biggest first", () => {
    const modules = {
      'a.js': { 'pkg:zod': 300, 'src/x.ts': 100 },
      'b.js': { 'pkg:zod': 50, 'pkg:swr': 50 },
      'c.js': { 'pkg:never-loaded': 1000 },
    };
    const sizes: Record<string, { raw: number; gzip: number }> = {
      'a.js': { raw: 200, gzip: 40 },
      'b.js': { raw: 100, gzip: 20 },
    };
    const rows = moduleBreakdown(modules, ['a.js', 'b.js', 'missing.js'], (file) => sizes[file]!);
    expect(rows).toEqual([
      { label: 'pkg:zod', raw: 150 + 50, gzip: 30 + 10 },
      { label: 'src/x.ts', raw: 50, gzip: 10 },
      { label: 'pkg:swr', raw: 50, gzip: 10 },
    ]);
  });
});
