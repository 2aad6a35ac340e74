/**
 * Health, readiness and Prometheus metrics (ADR 0049): `/healthz` and `/readyz`
 * for load balancers (readiness says no while the database is unreachable, this build's
 * migrations are missing, or the server is shutting down), and `/metrics` whose counters move
 * with a purchase, whose gauges are read from the database at scrape time, whose labels carry
 * no customer's data, open in sandbox mode and behind METRICS_TOKEN in live mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetricsToken } from '../../src/config.ts';
import { migrations, openDb, type Db } from '../../src/platform/db/index.ts';
import { DEFAULT_LIMITS } from '../../src/platform/rate.ts';
import { bearerMatches } from '../../src/platform/routes/health.ts';
import { adminLogin, createKit, engines, LIVE_ENV, PIN, type Kit } from '../helper.ts';

const TOKEN = 'metrics-token-metrics-token-0123456789';

/** Prometheus text → `name{labels}` → value (labels as written, in the registry's order). */
function parseMetrics(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** The value of a series whose labels include `labels` (0 when absent). */
function valueOf(
  series: Map<string, number>,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total = 0;
  for (const [key, value] of series) {
    const brace = key.indexOf('{');
    const base = brace < 0 ? key : key.slice(0, brace);
    if (base !== name) continue;
    if (wanted.every((w) => key.includes(w))) total += value;
  }
  return total;
}

async function scrape(kit: Kit, headers: Record<string, string> = {}) {
  const res = await kit.app.inject({ method: 'GET', url: '/metrics', headers });
  return { status: res.statusCode, text: res.body, type: res.headers['content-type'] };
}

/** A Kysely handle to a database that is not there (closed, or nobody listening). */
async function unreachableDb(engine: Kit['engine']): Promise<{ db: Db; done(): void }> {
  if (engine === 'postgres') {
    // Port 1 on the loopback: the connection is refused at once.
    const dbh = await openDb('postgres', 'postgresql://nobody@127.0.0.1:1/none', {
      migrate: false,
    });
    return { db: dbh.db, done: () => void dbh.close().catch(() => {}) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'paybills-gone-'));
  const dbh = await openDb('sqlite', path.join(dir, 'gone.db'), { migrate: false });
  await dbh.close();
  return { db: dbh.db, done: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('METRICS_TOKEN and the Bearer check', () => {
  it('takes 32 to 256 characters without spaces, never echoing the value', () => {
    expect(parseMetricsToken(undefined)).toBeUndefined();
    expect(parseMetricsToken('  ')).toBeUndefined();
    expect(parseMetricsToken(` ${TOKEN} `)).toBe(TOKEN);
    for (const bad of ['short-secret-value', 'x'.repeat(257), `${TOKEN} ${TOKEN}`]) {
      expect(() => parseMetricsToken(bad)).toThrow(/METRICS_TOKEN must be 32 to 256/);
      try {
        parseMetricsToken(bad);
      } catch (err) {
        expect((err as Error).message).not.toContain(bad);
      }
    }
  });

  it('accepts only `Bearer <the token>`', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${'a'.repeat(400)}`, TOKEN)).toBe(false);
  });
});

describe.each(engines)('health and readiness on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => kit.close());

  it('/healthz and /readyz answer 200, without sign-in, never cached', async () => {
    const health = await kit.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await kit.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', shutdown: 'ok' },
    });
  });

  it('/readyz: 503 naming the database when it does not answer; /healthz stays 200', async () => {
    const real = kit.app.ctx.db;
    const gone = await unreachableDb(engine);
    kit.app.ctx.db = gone.db;
    try {
      const ready = await kit.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', migrations: 'skipped', shutdown: 'ok' },
      });
      // The process is up: an orchestrator must not restart it for the database's outage.
      expect((await kit.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      kit.app.ctx.db = real;
      gone.done();
    }
    expect((await kit.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz: 503 naming the migrations when this build’s newest is not applied', async () => {
    const names = Object.keys(await migrations(engine).getMigrations()).sort();
    const newest = names.at(-1)!;
    const table = sql.table(DEFAULT_MIGRATION_TABLE);
    const row = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from ${table} where name = ${newest}`.execute(kit.app.ctx.db);
    expect(row.rows).toHaveLength(1);
    await sql`delete from ${table} where name = ${newest}`.execute(kit.app.ctx.db);
    try {
      const ready = await kit.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toEqual({ database: 'ok', migrations: 'failed', shutdown: 'ok' });
    } finally {
      const { name, timestamp } = row.rows[0]!;
      await sql`insert into ${table} (name, timestamp) values (${name}, ${timestamp})`.execute(
        kit.app.ctx.db,
      );
    }
    expect((await kit.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.each(engines)('readiness while shutting down on %s', (engine) => {
  it('/readyz answers 503 once the shutdown has begun', { timeout: 60_000 }, async () => {
    const kit = await createKit(engine);
    // Holds the shutdown in its first step (after Fastify stops routing new requests, before
    // the listening socket closes), so a probe can arrive while it is under way.
    let shutdownBegan!: () => void;
    const began = new Promise<void>((resolve) => (shutdownBegan = resolve));
    let finishShutdown!: () => void;
    const held = new Promise<void>((resolve) => (finishShutdown = resolve));
    kit.app.addHook('preClose', async () => {
      shutdownBegan();
      await held;
    });
    const base = await kit.app.listen({ host: '127.0.0.1', port: 0 });
    // A fresh connection per probe, as a load balancer's health check makes.
    const probe = async () =>
      (await fetch(`${base}/readyz`, { headers: { connection: 'close' } })).status;
    expect(await probe()).toBe(200);
    const closed = kit.app.close();
    await began;
    expect(await probe()).toBe(503);
    finishShutdown();
    await closed;
    await kit.close().catch(() => {});
  });
});

describe.each(engines)('metrics in sandbox mode on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, {
      config: {
        // One catalogue read per window: the second is refused, so a 429 can be counted.
        limits: {
          ...DEFAULT_LIMITS,
          routes: {
            ...DEFAULT_LIMITS.routes,
            networks: [{ per: 'address', max: 1, windowMs: 3_600_000 }],
          },
        },
      },
    });
  });
  afterAll(async () => kit.close());

  it('is open, in the Prometheus text format, with every paybills_* family', async () => {
    const { status, text, type } = await scrape(kit);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'paybills_purchases_total',
      'paybills_provider_request_duration_seconds',
      'paybills_http_request_duration_seconds',
      'paybills_rate_limited_total',
      'paybills_provider_float_kobo',
      'paybills_pending_purchases',
      'paybills_pending_purchase_oldest_age_seconds',
      'paybills_requery_queue_depth',
      'paybills_webhook_queue_depth',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('counts purchases, provider calls, pending ones, floats, 429s and HTTP by route; no customer data in any label', async () => {
    const buyer = await kit.user({ funds: 50_000_00, phone: '08039998877' });
    const before = parseMetrics((await scrape(kit)).text);
    const buy = async (phone: string) => {
      const res = await kit.call(api.airtime, {
        token: buyer.token,
        body: { pin: PIN, phone_number: phone, amount: 100 },
      });
      expect(res.status).toBe(200);
      return res.body.message as { transaction_id: string; status: string };
    };
    // The sandbox's last four digits: 5678 delivered, 0000 refused, 1111 pending.
    expect((await buy('08031235678')).status).toBe('successful');
    expect((await buy('08031230000')).status).toMatch(/failed|reversed/);
    const pending = await buy('08031231111');
    expect(pending.status).toBe('pending');
    // Its requery is due now: the worker's backlog is one.
    await kit.app.ctx.db
      .updateTable('transactions')
      .set({ next_requery_at: 0 })
      .where('id', '=', pending.transaction_id)
      .execute();
    // An admin reads the VT float (the provider is asked now; a scrape never asks).
    const admin = await adminLogin(kit);
    const float = await kit.call(api.vtBalance, { token: admin });
    expect(float.status).toBe(200);
    // The second catalogue read in the window is refused.
    await kit.call(api.networks);
    expect((await kit.call(api.networks)).status).toBe(429);

    const { text } = await scrape(kit);
    const after = parseMetrics(text);
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    const airtime = { product: 'Airtime', provider: 'sandbox-vt' };
    expect(moved('paybills_purchases_total', { ...airtime, status: 'pending' })).toBe(3);
    expect(moved('paybills_purchases_total', { ...airtime, status: 'successful' })).toBe(1);
    expect(moved('paybills_purchases_total', { ...airtime, status: 'failed' })).toBe(1);
    const calls = (outcome: string) =>
      moved('paybills_provider_request_duration_seconds_count', {
        provider: 'sandbox-vt',
        operation: 'purchase',
        outcome,
      });
    expect(calls('successful')).toBe(1);
    expect(calls('failed')).toBe(1);
    expect(calls('pending')).toBe(1);
    expect(valueOf(after, 'paybills_pending_purchases', { provider: 'sandbox-vt' })).toBe(1);
    expect(
      valueOf(after, 'paybills_pending_purchase_oldest_age_seconds', { provider: 'sandbox-vt' }),
    ).toBeGreaterThanOrEqual(0);
    expect(valueOf(after, 'paybills_requery_queue_depth')).toBe(1);
    expect(after.get('paybills_webhook_queue_depth')).toBe(0);
    expect(valueOf(after, 'paybills_provider_float_kobo', { provider: 'sandbox-vt' })).toBe(
      Math.round(float.body.message * 100),
    );
    expect(moved('paybills_rate_limited_total', { route: api.networks.path })).toBe(1);
    expect(
      moved('paybills_http_request_duration_seconds_count', {
        method: 'POST',
        route: api.airtime.path,
        status_code: '200',
      }),
    ).toBe(3);

    // Labels name products, providers, operations, routes and statuses: nobody's data.
    for (const secret of [
      buyer.email,
      buyer.id,
      buyer.token,
      '08031235678',
      '8031235678',
      '08039998877',
      pending.transaction_id,
      admin,
      PIN,
    ]) {
      expect(text).not.toContain(secret);
    }
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    for (const value of labelValues) expect(value).toMatch(/^[A-Za-z0-9_./:+-]*$/);
  });

  it('a scrape calls no provider', async () => {
    const before = parseMetrics((await scrape(kit)).text);
    const after = parseMetrics((await scrape(kit)).text);
    expect(valueOf(after, 'paybills_provider_request_duration_seconds_count')).toBe(
      valueOf(before, 'paybills_provider_request_duration_seconds_count'),
    );
  });
});

describe.each(engines)('metrics in live mode on %s', (engine) => {
  it('are not served without METRICS_TOKEN', async () => {
    const kit = await createKit(engine, { env: { ...LIVE_ENV, NODE_ENV: 'production' } });
    try {
      expect(kit.app.ctx.mode).toBe('live');
      const { status, text } = await scrape(kit, { authorization: `Bearer ${TOKEN}` });
      expect(status).toBe(404);
      expect(text).not.toContain('paybills_');
    } finally {
      await kit.close();
    }
  });

  it('with METRICS_TOKEN: 401 without it or with another, 200 with it', async () => {
    const kit = await createKit(engine, {
      env: { ...LIVE_ENV, NODE_ENV: 'production', METRICS_TOKEN: TOKEN },
    });
    try {
      expect(kit.app.ctx.mode).toBe('live');
      const none = await scrape(kit);
      expect(none.status).toBe(401);
      expect(none.text).not.toContain('paybills_');
      const wrong = await scrape(kit, { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` });
      expect(wrong.status).toBe(401);
      const right = await scrape(kit, { authorization: `Bearer ${TOKEN}` });
      expect(right.status).toBe(200);
      expect(right.text).toContain('# TYPE paybills_purchases_total counter');
      // Health and readiness stay open for the load balancer.
      expect((await kit.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await kit.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await kit.close();
    }
  });
});
