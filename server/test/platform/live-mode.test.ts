/**
 * Sandbox and live modes (ADR 0014). Any real provider (or
 * NODE_ENV=production) is live mode: the server refuses to start, one line per missing
 * setting naming the variable, until the admin password, the secrets, SMTP and the public URL
 * are set and every product and the card checkout are real; it never creates the demo
 * customer, never serves the dev mailbox or the sandbox checkout, and refuses a database that
 * ran in sandbox mode (its demo customer's ₦50,000 came from nowhere).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEFAULT_ADMIN_PASSWORD, DEMO_EMAIL, loadConfig } from '../../src/config.ts';
import { createKit, engines, LIVE_ENV, type Kit } from '../helper.ts';

const without = (...names: string[]) =>
  Object.fromEntries(Object.entries(LIVE_ENV).filter(([k]) => !names.includes(k)));

/** Builds the app on a fresh SQLite file with exactly `env`; answers the refusal, if any. */
async function refusal(env: Record<string, string>): Promise<string | undefined> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybills-mode-'));
  try {
    // The test settings go in as overrides, never the environment: live mode refuses them.
    const config = loadConfig(
      { DATA_DIR: dir, ...env },
      { argon2Fast: true, workers: false, webDir: undefined },
    );
    const app = await buildApp({ config, logger: false });
    await app.close();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('refusals to start', () => {
  it('starts with every live setting, and in sandbox mode with none', async () => {
    expect(await refusal(LIVE_ENV)).toBeUndefined();
    expect(await refusal({})).toBeUndefined();
  });

  it('an operator who sets only the provider keys is told everything else to set', async () => {
    const message = await refusal({
      VTPASS_API_KEY: 'a',
      VTPASS_PUBLIC_KEY: 'b',
      VTPASS_SECRET_KEY: 'c',
      FLUTTERWAVE_SECRET_KEY: 'd',
    });
    for (const name of ['ADMIN_PASSWORD', 'JWT_SECRET', 'PIN_SECRET', 'SMTP_URL', 'PUBLIC_URL']) {
      expect(message).toContain(name);
    }
  });

  it.each([
    ['ADMIN_PASSWORD', without('ADMIN_PASSWORD')],
    ['ADMIN_PASSWORD', { ...LIVE_ENV, ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD }],
    ['ADMIN_PASSWORD', { ...LIVE_ENV, ADMIN_PASSWORD: 'short1' }],
    ['ADMIN_PASSWORD', { ...LIVE_ENV, ADMIN_PASSWORD: 'password2026' }],
    ['JWT_SECRET', without('JWT_SECRET')],
    // The pin key lives outside the database (ADR 0021).
    ['PIN_SECRET', without('PIN_SECRET')],
    ['SMTP_URL', without('SMTP_URL')],
    ['PUBLIC_URL', without('PUBLIC_URL')],
    ['PUBLIC_URL', { ...LIVE_ENV, PUBLIC_URL: 'http://pay.business.example' }],
    // Row 4: the sandbox card checkout never runs beside a real VTU provider.
    ['FLUTTERWAVE_SECRET_KEY', without('FLUTTERWAVE_SECRET_KEY')],
    // Real card money never buys simulated airtime.
    ['VTPASS_API_KEY', without('VTPASS_API_KEY', 'VTPASS_PUBLIC_KEY', 'VTPASS_SECRET_KEY')],
    ['PROVIDER_ROUTES', { ...LIVE_ENV, PROVIDER_ROUTES: 'spectranet=sandbox' }],
    // The second float is Flutterwave bill payments (ADR 0040): a route to it needs biller
    // codes for every service it covers; exam pins are not sold there; ATG settings are gone.
    ['FLUTTERWAVE_BILLERS', { ...LIVE_ENV, PROVIDER_ROUTES: 'data=flutterwave' }],
    ['education', { ...LIVE_ENV, PROVIDER_ROUTES: 'education=flutterwave' }],
    ['ATG_API_KEY', { ...LIVE_ENV, ATG_API_KEY: 'atg-key' }],
    // NODE_ENV=production is live mode too, with or without keys.
    ['VTPASS_API_KEY', { NODE_ENV: 'production' }],
    ['ADMIN_PASSWORD', { NODE_ENV: 'production' }],
    // Rate limits are never off with real money.
    ['RATE_LIMITS', { ...LIVE_ENV, RATE_LIMITS: 'off' }],
    // with a Flutterwave key and no webhook hash, every transfer webhook is
    // refused and no customer's transfer is ever credited.
    ['FLUTTERWAVE_WEBHOOK_HASH', without('FLUTTERWAVE_WEBHOOK_HASH')],
    ['FLUTTERWAVE_WEBHOOK_HASH', { ...LIVE_ENV, FLUTTERWAVE_WEBHOOK_HASH: ' ' }],
    // Test-only speed settings never run with real money.
    ['ARGON2_TEST_FAST', { ...LIVE_ENV, ARGON2_TEST_FAST: '1' }],
    ['SANDBOX_INSTANT', { ...LIVE_ENV, SANDBOX_INSTANT: '1' }],
    // The bench's slow simulators (ADR 0060).
    ['SANDBOX_LATENCY_MS', { ...LIVE_ENV, SANDBOX_LATENCY_MS: '10000' }],
  ])('refuses and names %s', async (name, env) => {
    const message = await refusal(env);
    expect(message).toBeDefined();
    const lines = message!.split('\n').filter((l) => l.includes(name));
    expect(lines.length).toBeGreaterThan(0);
    // One clear line per problem, never a secret's value.
    for (const value of Object.values(LIVE_ENV).filter(Boolean)) {
      expect(message).not.toContain(value);
    }
  });

  it('names each test-only setting and the missing webhook hash on a line of its own', async () => {
    const message = await refusal({
      ...without('FLUTTERWAVE_WEBHOOK_HASH'),
      ARGON2_TEST_FAST: '1',
      SANDBOX_INSTANT: '1',
      RATE_LIMITS: 'off',
    });
    const lines = message!.split('\n');
    for (const name of [
      'FLUTTERWAVE_WEBHOOK_HASH',
      'ARGON2_TEST_FAST',
      'SANDBOX_INSTANT',
      'RATE_LIMITS',
    ]) {
      expect(lines.filter((l) => l.startsWith(name))).toHaveLength(1);
    }
    expect(lines).toHaveLength(4);
  });

  it("a test-only setting that is off (the README's default 0) is no refusal", async () => {
    for (const off of ['0', '', ' 0 ', 'false']) {
      expect(await refusal({ ...LIVE_ENV, SANDBOX_INSTANT: off })).toBeUndefined();
      expect(await refusal({ ...LIVE_ENV, ARGON2_TEST_FAST: off })).toBeUndefined();
    }
    // On as the settings are read: SANDBOX_INSTANT also takes `true`.
    expect(await refusal({ ...LIVE_ENV, SANDBOX_INSTANT: ' TRUE ' })).toContain('SANDBOX_INSTANT');
  });

  it('a webhook hash or a test setting alone does not make sandbox mode refuse', async () => {
    expect(await refusal({ ARGON2_TEST_FAST: '1', SANDBOX_INSTANT: '1' })).toBeUndefined();
    expect(await refusal({ FLUTTERWAVE_WEBHOOK_HASH: 'hook' })).toBeUndefined();
  });

  it('TRUST_PROXY never means "trust everything"', async () => {
    expect(await refusal({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY');
    expect(await refusal({ TRUST_PROXY: 'everyone' })).toContain('TRUST_PROXY');
    expect(await refusal({ TRUST_PROXY: '1' })).toBeUndefined();
    expect(await refusal({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' })).toBeUndefined();
  });
});

describe.each(engines)('live mode on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { env: LIVE_ENV });
  });
  afterAll(async () => kit.close());

  it('creates the admin with ADMIN_PASSWORD and no demo customer (row 1, 2)', async () => {
    const users = await kit.app.ctx.db.selectFrom('users').select(['email', 'is_admin']).execute();
    expect(users).toEqual([{ email: 'owner@business.example', is_admin: 1 }]);
    const login = await kit.call(api.login, {
      body: { username: 'owner@business.example', password: LIVE_ENV.ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(kit.app.ctx.mode).toBe('live');
  });

  it('serves no dev mailbox and no sandbox checkout (row 3, 4)', async () => {
    expect((await kit.call(api.devMail, { query: { to: 'owner@business.example' } })).status).toBe(
      404,
    );
    expect((await kit.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await kit.app.inject({ url: '/sandbox/checkout/anything' })).statusCode).toBe(404);
    expect(kit.app.ctx.providers.sandboxCard).toBeNull();
  });

  it('tells browsers to keep to https (PUBLIC_URL is https in live mode)', async () => {
    const res = await kit.app.inject({ url: '/api/public/product/network/all' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe.each(engines)('a database that ran in sandbox mode, on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => kit.close());

  it('has the demo customer in sandbox mode, and live mode refuses it', async () => {
    expect(kit.app.ctx.mode).toBe('sandbox');
    const demo = await kit.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirst();
    expect(demo).toBeDefined();
    const live = loadConfig(
      { ...kit.config.env, ...LIVE_ENV },
      { workers: false, webDir: undefined },
    );
    await expect(buildApp({ config: live, logger: false })).rejects.toThrow(/DATABASE_URL/);
  });
});

describe.each(engines)('the dev mailbox on %s', (engine) => {
  it('is absent when SMTP_URL is set, even in sandbox mode (row 3)', async () => {
    const kit = await createKit(engine, { env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect(kit.app.ctx.mode).toBe('sandbox');
      expect((await kit.call(api.devMail, { query: { to: DEMO_EMAIL } })).status).toBe(404);
      expect((await kit.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await kit.close();
    }
  });

  it('shows only the mail it kept itself, never mail sent over SMTP (row 3)', async () => {
    const kit = await createKit(engine);
    try {
      const now = Date.now();
      await kit.app.ctx.db
        .insertInto('mail_outbox')
        .values([
          {
            to_address: DEMO_EMAIL,
            subject: 'sent for real',
            text_body: 'https://pay.example/auth/resetpassword/smtp-token',
            html_body: '',
            created_at: now,
            sent_at: now,
            transport: 'smtp',
          },
          {
            to_address: DEMO_EMAIL,
            subject: 'kept here',
            text_body: 'dev',
            html_body: '',
            created_at: now,
            sent_at: now,
            transport: 'dev',
          },
        ])
        .execute();
      const listed = await kit.mail(DEMO_EMAIL);
      expect(listed.map((m) => m.subject)).toEqual(['kept here']);
      const page = await kit.app.inject({ url: '/dev/mailbox' });
      expect(page.body).toContain('kept here');
      expect(page.body).not.toContain('smtp-token');
    } finally {
      await kit.close();
    }
  });
});
