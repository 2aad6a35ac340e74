import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { SERVER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, enqueueMail } from '../../src/notifications/mail.ts';
import { createKit, engines, type Kit } from '../helper.ts';

describe.each(engines)('mail outbox and the web app on %s', (engine) => {
  let kit: Kit;
  const web = mkdtempSync(path.join(tmpdir(), 'paybills-web-'));
  beforeAll(async () => {
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>PayBills</title><div id="root"></div>',
    );
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    // What scripts/precompress.mjs writes next to each file.
    writeFileSync(path.join(web, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(web, 'assets', 'app.js.gz'), gzipSync('console.log(1)'));
    // What scripts/app-shells.mjs writes: the app's document with an area's code preloaded.
    mkdirSync(path.join(web, 'app-shells'));
    writeFileSync(
      path.join(web, 'app-shells', 'user.html'),
      '<!doctype html><link rel="modulepreload" href="/assets/user.js"><div id="root"></div>',
    );
    writeFileSync(
      path.join(web, 'app-shells', 'user-airtime.html'),
      '<!doctype html><link rel="modulepreload" href="/assets/airtime.js"><div id="root"></div>',
    );
    writeFileSync(
      path.join(web, 'app-shells', 'shells.json'),
      JSON.stringify([
        { prefix: '/user/dashboard/airtime', file: 'user-airtime.html' },
        { prefix: '/user/dashboard', file: 'user.html' },
      ]),
    );
    // What scripts/prerender.mjs writes for the public pages.
    mkdirSync(path.join(web, 'static-pages'));
    writeFileSync(path.join(web, 'static-pages', 'landing.html'), '<h1>Prerendered landing</h1>');
    writeFileSync(
      path.join(web, 'static-pages', 'pages.json'),
      JSON.stringify([
        { path: '/', file: 'landing.html' },
        { path: '/privacy-policy', file: 'missing.html' },
      ]),
    );
    kit = await createKit(engine, { config: { webDir: web } });
  });
  afterAll(async () => {
    await kit.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('two workers (two instances) never send one mail twice', async () => {
    const { dbh, config, log } = kit.app.ctx;
    for (let i = 0; i < 30; i++) {
      await dbh.writeTx((trx) =>
        enqueueMail(trx, { to: 'many@example.com', subject: `n${i}`, text: 't', html: 'h' }),
      );
    }
    const one = createMailer(dbh, config, log);
    const two = createMailer(dbh, config, log);
    const counts = await Promise.all([one.flush(), two.flush(), one.flush(), two.flush()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    const rows = await dbh.db
      .selectFrom('mail_outbox')
      .select(['attempts', 'sent_at'])
      .where('to_address', '=', 'many@example.com')
      .execute();
    expect(rows).toHaveLength(30);
    for (const r of rows) {
      expect(Number(r.attempts)).toBe(1);
      expect(r.sent_at).not.toBeNull();
    }
    await Promise.all([one.stop(), two.stop()]);
  });

  it('serves the prerendered pages and the built app, falls back to index.html for app paths, and 404s unknown /api', async () => {
    const home = await kit.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toBe('<h1>Prerendered landing</h1>');
    // A listed page whose file is missing falls back to the app, like any other path.
    const privacy = await kit.app.inject({ url: '/privacy-policy' });
    expect(privacy.body).toContain('<div id="root">');
    const deep = await kit.app.inject({ url: '/user/dashboard/wallet' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('<div id="root">');
    expect(deep.body).toContain('href="/assets/user.js"');
    // A page with a shell of its own gets it: its code preloaded, not the overview's.
    const airtime = await kit.app.inject({ url: '/user/dashboard/airtime' });
    expect(airtime.body).toContain('href="/assets/airtime.js"');
    expect(airtime.body).not.toContain('href="/assets/user.js"');
    // Other app paths get the plain document.
    const login = await kit.app.inject({ url: '/auth/login' });
    expect(login.body).toContain('<div id="root">');
    expect(login.body).not.toContain('modulepreload');
    const asset = await kit.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    // Hashed assets are kept for good; pages are revalidated.
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(home.headers['cache-control']).toBe('public, max-age=0');
    // Browsers that accept Brotli or gzip get the build's compressed copy.
    const br = await kit.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await kit.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const api = await kit.app.inject({ url: '/api/transactions/unknown', method: 'POST' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ type: 'not_found', msg: SERVER_MSG.notFound });
    expect((await kit.app.inject({ url: '/api/nothing' })).json().type).toBe('not_found');
  });
});
