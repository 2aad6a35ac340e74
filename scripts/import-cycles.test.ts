import { describe, expect, it } from 'vitest';
import {
  cycles,
  describeCycle,
  importsOf,
  projectCycles,
  type ImportGraph,
} from './import-cycles.mjs';

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, tos.map((to) => ({ to, line: 1 }))]));

describe('import cycles, type imports counted', () => {
  it('reads every kind of import, type-only ones included, and skips comments', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "export type { C } from './c';",
      "export * from './d';",
      "const e = await import('./e');",
      "type F = typeof import('./f');",
      "// import { G } from './g';",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: './a', line: 1 },
      { specifier: './b', line: 2 },
      { specifier: './c', line: 3 },
      { specifier: './d', line: 4 },
      { specifier: './e', line: 5 },
      { specifier: './f', line: 6 },
    ]);
  });

  it('finds each group of files that reach each other, and none in a one-way tree', () => {
    const graph = graphOf({
      '/r/config.ts': ['/r/rate.ts'],
      '/r/rate.ts': ['/r/db.ts'],
      '/r/db.ts': ['/r/migration.ts'],
      '/r/migration.ts': ['/r/config.ts', '/r/engine.ts'],
      '/r/engine.ts': [],
      '/r/self.ts': ['/r/self.ts'],
    });
    expect(cycles(graph)).toEqual([
      ['/r/config.ts', '/r/db.ts', '/r/migration.ts', '/r/rate.ts'],
      ['/r/self.ts'],
    ]);
    expect(describeCycle(graph, cycles(graph)[0]!, '/r')).toBe(
      'config.ts:1 → rate.ts:1 → db.ts:1 → migration.ts:1 → config.ts',
    );
    expect(cycles(graphOf({ '/r/a.ts': ['/r/b.ts', '/r/c.ts'], '/r/b.ts': ['/r/c.ts'] }))).toEqual(
      [],
    );
  });

  it('the tree has no import cycle, not even through `import type`', () => {
    const { graph, groups } = projectCycles();
    expect(graph.size).toBeGreaterThan(100);
    expect(groups.map((group) => describeCycle(graph, group))).toEqual([]);
    // Reads and scans every file of the program: seconds on a busy two-core runner. A bound,
    // not a timing assertion.
  }, 60_000);
});
