import { describe, expect, it } from 'vitest';

import {
  collectChunks,
  findLeaks,
  overBudget,
  routeChunkSets,
  type Manifest,
} from './report-chunks.mjs';

// A small manifest shaped like Vite's: the entry, a shared vendor chunk, lazy layouts and pages.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-vendor-b2.js'],
    dynamicImports: [
      'src/app/layouts/public-layout.tsx',
      'src/app/layouts/user-dashboard-layout.tsx',
      'src/app/routes/landing.tsx',
      'src/app/routes/user/wallet.tsx',
      'mocks/browser.ts',
    ],
    css: ['assets/index-c3.css'],
  },
  '_react-vendor-b2.js': { file: 'assets/react-vendor-b2.js' },
  '_layout-parts-d4.js': { file: 'assets/layout-parts-d4.js', imports: ['_react-vendor-b2.js'] },
  'src/app/layouts/public-layout.tsx': {
    file: 'assets/public-layout-e5.js',
    isDynamicEntry: true,
    imports: ['index.html', '_layout-parts-d4.js'],
  },
  'src/app/layouts/user-dashboard-layout.tsx': {
    file: 'assets/user-dashboard-layout-f6.js',
    isDynamicEntry: true,
    imports: ['index.html', '_layout-parts-d4.js'],
    css: ['assets/user-dashboard-layout-f6.css'],
  },
  'src/app/routes/landing.tsx': {
    file: 'assets/landing-g7.js',
    isDynamicEntry: true,
    imports: ['index.html', '_layout-parts-d4.js'],
  },
  'src/app/routes/user/wallet.tsx': {
    file: 'assets/wallet-h8.js',
    isDynamicEntry: true,
    imports: ['index.html', '_placeholder-i9.js'],
  },
  '_placeholder-i9.js': { file: 'assets/placeholder-i9.js' },
  'mocks/browser.ts': {
    file: 'assets/browser-j0.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
};

describe('collectChunks', () => {
  it('follows static imports transitively, once each, and collects CSS', () => {
    expect(collectChunks(manifest, ['src/app/layouts/user-dashboard-layout.tsx'])).toEqual({
      js: [
        'assets/index-a1.js',
        'assets/layout-parts-d4.js',
        'assets/react-vendor-b2.js',
        'assets/user-dashboard-layout-f6.js',
      ],
      css: ['assets/index-c3.css', 'assets/user-dashboard-layout-f6.css'],
      keys: [
        '_layout-parts-d4.js',
        '_react-vendor-b2.js',
        'index.html',
        'src/app/layouts/user-dashboard-layout.tsx',
      ],
    });
  });

  it('does not follow dynamic imports', () => {
    const { js } = collectChunks(manifest, ['index.html']);
    expect(js).toEqual(['assets/index-a1.js', 'assets/react-vendor-b2.js']);
  });

  it('fails loudly on a key the manifest does not have', () => {
    expect(() => collectChunks(manifest, ['src/nope.tsx'])).toThrow(/not in the Vite manifest/);
  });
});

describe('routeChunkSets', () => {
  it('gives each lazy route its entry + layout + page chunks', () => {
    const rows = routeChunkSets(manifest);
    expect(rows.map((row) => row.route)).toEqual([
      'src/app/routes/landing.tsx',
      'src/app/routes/user/wallet.tsx',
    ]);

    const wallet = rows[1]!;
    expect(wallet.area).toBe('user');
    expect(wallet.js).toEqual([
      'assets/index-a1.js',
      'assets/layout-parts-d4.js',
      'assets/placeholder-i9.js',
      'assets/react-vendor-b2.js',
      'assets/user-dashboard-layout-f6.js',
      'assets/wallet-h8.js',
    ]);
    expect(wallet.css).toEqual(['assets/index-c3.css', 'assets/user-dashboard-layout-f6.css']);
    expect(wallet.addedJs).toEqual([
      'assets/layout-parts-d4.js',
      'assets/placeholder-i9.js',
      'assets/user-dashboard-layout-f6.js',
      'assets/wallet-h8.js',
    ]);

    const landing = rows[0]!;
    expect(landing.area).toBe('public');
    expect(landing.js).not.toContain('assets/user-dashboard-layout-f6.js');
    expect(landing.js).toContain('assets/public-layout-e5.js');
  });
});

describe('findLeaks', () => {
  it('is empty when public pages only load public code', () => {
    expect(findLeaks(manifest)).toEqual([]);
  });

  it('names the dashboard module a public page pulls in statically', () => {
    const leaky: Manifest = {
      ...manifest,
      'src/app/routes/landing.tsx': {
        file: 'assets/landing-g7.js',
        isDynamicEntry: true,
        imports: ['index.html', 'src/app/routes/user/wallet.tsx'],
      },
    };
    expect(findLeaks(leaky)).toEqual([
      { route: 'src/app/routes/landing.tsx', leaked: ['src/app/routes/user/wallet.tsx'] },
    ]);
  });
});

describe('overBudget', () => {
  // Every chunk 10 KiB gzipped, the vendor chunk 60: the entry is 70, landing 100, wallet 110.
  const sizeOf = (file: string) => ({ gzip: (file.includes('vendor') ? 60 : 10) * 1024 });
  const budgets = {
    entryKib: 70,
    routes: [
      { under: 'src/app/routes/user/', kib: 110 },
      { under: 'src/app/routes/', kib: 100 },
    ],
  };

  it('is empty when the entry and every page are within their budgets', () => {
    expect(overBudget(manifest, sizeOf, budgets)).toEqual([]);
  });

  it('names the entry and each page over budget, with its size and budget', () => {
    const tight = { entryKib: 69, routes: [{ under: 'src/app/routes/', kib: 100 }] };
    expect(overBudget(manifest, sizeOf, tight)).toEqual([
      { label: 'entry', kib: 70, budgetKib: 69 },
      { label: 'user/wallet.tsx', kib: 110, budgetKib: 100 },
    ]);
  });
});
