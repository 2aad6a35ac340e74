/**
 * A path that is no page of the app answers 404 (ADR 0037): monitors, crawlers and
 * link checkers see a typo as missing, and the browser still gets the app's document, which
 * draws the "Page not found" screen. Which paths are pages comes from the table the browser's
 * router uses too (contract/web-routes.ts). The prerendered public pages, the area shells and
 * the JSON 404 of /api are unchanged. No database is involved: SQLite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_MSG } from '@contract';
import { fillPattern, PAGE_PATTERNS } from '@contract/web-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../helper.ts';

const SHELL = '<!doctype html><title>PayBills</title><div id="root"></div>';

describe('unknown paths answer 404 with the Page not found screen', () => {
  let kit: Kit;
  const web = mkdtempSync(path.join(tmpdir(), 'paybills-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(web, 'index.html'), SHELL);
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    mkdirSync(path.join(web, 'app-shells'));
    writeFileSync(
      path.join(web, 'app-shells', 'user.html'),
      '<!doctype html><link rel="modulepreload" href="/assets/user.js"><div id="root"></div>',
    );
    writeFileSync(
      path.join(web, 'app-shells', 'shells.json'),
      JSON.stringify([{ prefix: '/user/dashboard', file: 'user.html' }]),
    );
    mkdirSync(path.join(web, 'static-pages'));
    writeFileSync(path.join(web, 'static-pages', 'faq.html'), '<h1>Prerendered FAQ</h1>');
    writeFileSync(
      path.join(web, 'static-pages', 'pages.json'),
      JSON.stringify([{ path: '/frequently-asked-questions', file: 'faq.html' }]),
    );
    kit = await createKit('sqlite', { config: { webDir: web } });
  });
  afterAll(async () => {
    await kit.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
    kit.app.inject({ url, method });

  it('every page of the table answers 200 with the app (dynamic segments filled in)', async () => {
    for (const pattern of PAGE_PATTERNS) {
      const url = fillPattern(pattern, 'tok-123');
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
    expect((await get('/frequently-asked-questions')).body).toBe('<h1>Prerendered FAQ</h1>');
    expect((await get('/user/dashboard/wallet')).body).toContain('href="/assets/user.js"');
    // As the browser's router matches: any case, a trailing slash, a query.
    for (const url of ['/AUTH/Login/', '/auth/resetpassword/abc%2Fdef', '/auth/login?next=/x']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it.each([
    '/no-such-page',
    '/user/dashboard/no-such-page',
    '/user/dashboard/wallet/extra',
    '/auth/resetpassword',
    '/auth/verifyemail/a/b',
    '/auth/',
    '/auth//login',
    '/assets/missing.js',
    '/no-such-page?x=1',
  ])('%s answers 404 with the app, which draws Page not found', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(SHELL);
    // Never kept by a cache as if it were the page.
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('HEAD too; other methods, and /api, keep their 404s', async () => {
    const head = await get('/no-such-page', 'HEAD');
    expect(head.statusCode).toBe(404);
    expect((await get('/auth/login', 'HEAD')).statusCode).toBe(200);
    const post = await get('/no-such-page', 'POST');
    expect(post.statusCode).toBe(404);
    expect(post.body).toBe('Not found');
    const api = await get('/api/no-such-endpoint');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ type: 'not_found', msg: SERVER_MSG.notFound });
    // Real files are still served.
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
  });
});
