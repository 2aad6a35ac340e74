import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { PAGES } from '../contract/web-routes';
import { USER_PAGES, withPreloads, writeAppShells } from './app-shells.mjs';

const INDEX =
  '<html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';

describe('app shells', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('preloads what the page will ask for, once, in <head>', () => {
    const html = withPreloads(INDEX, ['assets/index.js', 'assets/a.js', 'assets/b.js']);
    expect(html.match(/modulepreload/g)).toHaveLength(2);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(html.indexOf('assets/b.js')).toBeLessThan(html.indexOf('</head>'));
    expect(withPreloads(INDEX, [])).toBe(INDEX);
  });

  it("writes each area's document from the build manifest, and fails on a page it lacks", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'paybills-shells-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    const chunk = (file: string, imports: string[] = []) => ({ file, imports });
    const manifest: Record<string, unknown> = {
      'index.html': { ...chunk('assets/index.js', ['_vendor.js']), isEntry: true },
      '_vendor.js': chunk('assets/vendor.js'),
      '_swr.js': chunk('assets/swr.js', ['_vendor.js']),
      'src/app/layouts/session-boundary.tsx': chunk('assets/session.js', ['_swr.js']),
      'src/app/layouts/user-dashboard-layout.tsx': chunk('assets/user-layout.js', ['_swr.js']),
      'src/app/routes/user/overview.tsx': chunk('assets/overview.js', ['_vendor.js']),
      ...Object.fromEntries(
        USER_PAGES.map(([, file]) => [
          `src/app/routes/user/${file}.tsx`,
          chunk(`assets/user-${file}.js`, ['_swr.js']),
        ]),
      ),
      'src/app/layouts/admin-dashboard-layout.tsx': chunk('assets/admin-layout.js'),
      'src/app/routes/admin/overview.tsx': chunk('assets/admin-overview.js'),
      'src/app/layouts/public-layout.tsx': chunk('assets/public.js'),
      'src/app/routes/auth/login.tsx': chunk('assets/login.js'),
    };
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));

    expect(writeAppShells({ outDir: dir })).toEqual([
      ...USER_PAGES.map(([segment, file]) => ({
        prefix: `/user/dashboard/${segment}`,
        file: `user-${file}.html`,
      })),
      { prefix: '/user/dashboard', file: 'user.html' },
      { prefix: '/admin/dashboard', file: 'admin.html' },
      { prefix: '/auth/', file: 'auth.html' },
    ]);
    const user = readFileSync(path.join(dir, 'app-shells', 'user.html'), 'utf8');
    for (const file of ['session', 'swr', 'user-layout', 'overview']) {
      expect(user).toContain(`href="/assets/${file}.js"`);
    }
    // The entry's own imports are already on their way: not preloaded twice.
    expect(user).not.toContain('href="/assets/vendor.js"');
    // A first visit to the airtime page preloads the airtime page, not the overview.
    const airtime = readFileSync(path.join(dir, 'app-shells', 'user-airtime.html'), 'utf8');
    for (const file of ['session', 'swr', 'user-layout', 'user-airtime']) {
      expect(airtime).toContain(`href="/assets/${file}.js"`);
    }
    expect(airtime).not.toContain('href="/assets/overview.js"');

    delete manifest['src/app/routes/user/overview.tsx'];
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(() => writeAppShells({ outDir: dir })).toThrow(/not in the Vite manifest/);
  });

  it('names every customer page by its URL and its route file', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const urls = Object.values(PAGES.user).filter((url) => url !== PAGES.user.overview);
    expect(USER_PAGES.map(([segment]) => `${PAGES.user.overview}/${segment}`).sort()).toEqual(
      [...urls].sort(),
    );
    for (const [, file] of USER_PAGES) {
      expect(existsSync(path.join(root, 'src/app/routes/user', `${file}.tsx`))).toBe(true);
    }
  });
});
