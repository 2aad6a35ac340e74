/**
 * Nothing secret in retry records, and nothing shown by a replay through a key without the pin
 * (ADR 0034):
 * - the answer that shows a new API key and its webhook secret is kept without them: a retry of
 *   the same X-Request-Id answers that they were shown once, naming the key;
 * - the keyed fingerprint of a request never takes a secret field (pin, passwords, BVN…);
 * - a known X-Request-Id replayed through a key answers only with the right pin, and the
 *   requery through a key answers without the goods (electricity token, exam pins);
 * - wrong pins through a key pause that key (and, past a ceiling, all the account's keys),
 *   never the owner's pin in the app;
 * - 20 parallel key creations leave 10 active keys on both engines.
 */
import { api, RESELLER_LIMITS, RESELLER_MSG, SECRET_FIELDS, SERVER_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/platform/http/idempotency.ts';
import { KEY_PIN_RULES } from '../../src/reseller/key-pins.ts';
import { PIN_MAX_FAILURES } from '../../src/wallet/wallet.ts';
import { createKit, engines, PIN, type Kit, type TestUser } from '../helper.ts';

const WRONG = '135790';
/** Ikeja prepaid ₦500 (₦7.50 fee): the answer carries the token. */
const meter = (pin = PIN) => ({
  pin,
  service_id: 'ikeja-electric',
  variation_code: 'prepaid',
  meter_number: '45123455678',
  amount: 500,
});
const METER_TOTAL = 507_50;
/** WAEC result checker ×2: the answer carries the exam pins. */
const waec = (pin = PIN) => ({
  pin,
  service_id: 'waec',
  plan_id: 'waecdirect',
  quantity: 2,
  profile_id: '88123455678',
});
const WAEC_TOTAL = 1_900_00;
/** MTN airtime ₦1,000 at 2 % off. */
const airtime = (pin = PIN) => ({ pin, phone_number: '08031235678', amount: 1000 });
const AIRTIME_PRICE = 980_00;

describe('the fingerprint of a request', () => {
  const req = (body: Record<string, unknown>) => ({ method: 'POST', url: '/api/x', body });

  it.each(SECRET_FIELDS)('never takes %s', (field) => {
    const base = { consent: true, nested: { other: 1 } };
    const a = fingerprint('k', req({ ...base, [field]: '12345678901' }));
    const b = fingerprint('k', req({ ...base, [field]: '10987654321' }));
    const without = fingerprint('k', req(base));
    expect(a).toBe(b);
    expect(a).toBe(without);
    // …nor one nested in an object.
    const deep = (v: string) =>
      fingerprint('k', req({ ...base, nested: { other: 1, [field]: v } }));
    expect(deep('111111')).toBe(deep('222222'));
  });

  it('lists the BVN, the pin and every password, and still tells other fields apart', () => {
    for (const field of ['bvn', 'pin', 'password', 'old_password', 'new_password']) {
      expect(SECRET_FIELDS).toContain(field);
    }
    expect(fingerprint('k', req({ amount: 1 }))).not.toBe(fingerprint('k', req({ amount: 2 })));
    // Keyed: another server secret, another fingerprint.
    expect(fingerprint('k', req({ amount: 1 }))).not.toBe(fingerprint('j', req({ amount: 1 })));
  });
});

describe.each(engines)('retry records and replays through a key on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  async function newKey(u: TestUser, name = 'Shop till') {
    const res = await kit.call(api.createApiKey, { token: u.token, body: { name } });
    expect(res.status).toBe(200);
    return res.body.message as { id: string; key: string; prefix: string };
  }
  const withKey = (key: string, requestId: string) => ({
    headers: { 'x-api-key': key, 'x-request-id': requestId },
  });
  const stored = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  const pinRow = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('users')
      .select(['pin_failed_count', 'pin_locked_until'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  it('a new key and its webhook secret are not kept for a retry, which names the key instead', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const body = { name: 'Till 1' };
    const first = await kit.call(api.createApiKey, { token: u.token, body, requestId: 'ck-1' });
    expect(first.status).toBe(200);
    const created = first.body.message as { id: string; prefix: string; key: string };
    const { webhook_secret: webhookSecret } = first.body.message as { webhook_secret: string };

    const rows = JSON.stringify(await stored(u.id));
    expect(rows).toContain(created.id);
    expect(rows).not.toContain(created.key.slice(API_PREFIX_LENGTH));
    expect(rows).not.toContain(webhookSecret.slice('whsec_'.length));

    const shownOnce = {
      status: 409,
      body: { type: 'conflict', msg: RESELLER_MSG.keyShownOnce(created.id, created.prefix) },
    };
    const retry = await kit.call(api.createApiKey, { token: u.token, body, requestId: 'ck-1' });
    expect(retry).toEqual(shownOnce);
    // Duplicates sent while the first runs are answered the same way (five at once, one key).
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        kit.call(api.createApiKey, { token: u.token, body: { name: 'Till 2' }, requestId: 'ck-2' }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    const second = burst.find((r) => r.status === 200)!.body.message as {
      id: string;
      key: string;
    };
    for (const r of burst.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain(second.id);
      expect(JSON.stringify(r.body)).not.toContain(second.key);
    }
    const list = await kit.call(api.apiKeys, { token: u.token });
    expect(list.body.message).toHaveLength(2);
    // The key itself still works: only the copy in the retry record is gone.
    const bought = await kit.call(api.airtime, {
      body: airtime(),
      ...withKey(created.key, 'after-create'),
    });
    expect(bought.status).toBe(200);
    expect(await kit.balance(u.id)).toBe(10_000_00 - AIRTIME_PRICE);
  });

  it('a virtual account request keeps no BVN in its retry record', async () => {
    const u = await kit.user();
    const res = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: '22212345678', consent: true },
      requestId: 'va-1',
    });
    expect(res.status).toBeLessThan(500);
    const [row] = await stored(u.id);
    expect(row!.request_hash).toBe(
      fingerprint(kit.config.jwtSecret, {
        method: 'POST',
        url: api.createVirtualAccount.path,
        body: { consent: true },
      }),
    );
  });

  it('a replay through a key with a wrong pin shows neither the token nor the exam pins', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { key } = await newKey(u);
    for (const [endpoint, body, field] of [
      [api.electricity, meter, 'token'],
      [api.education, waec, 'purchased_code'],
    ] as const) {
      const id = `order-${field}`;
      const first = await kit.call(endpoint, { body: body(), ...withKey(key, id) });
      expect(first.status).toBe(200);
      const goods = first.body.message[field] as string;
      expect(goods).toBeTruthy();

      const guessed = await kit.call(endpoint, { body: body(WRONG), ...withKey(key, id) });
      expect(guessed).toEqual({
        status: 422,
        body: { type: 'wrong_pin', msg: SERVER_MSG.wrongPin },
      });
      // The right pin answers the purchase again, without buying it twice.
      const again = await kit.call(endpoint, { body: body(), ...withKey(key, id) });
      expect(again.status).toBe(200);
      expect(again.body.message.transaction_id).toBe(first.body.message.transaction_id);
      expect(again.body.message[field]).toBe(goods);
    }
    expect(await kit.balance(u.id)).toBe(10_000_00 - METER_TOTAL - WAEC_TOTAL);
  });

  it('through a key, a request id reused with another body and a wrong pin tells nothing', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { key } = await newKey(u);
    const first = await kit.call(api.airtime, { body: airtime(), ...withKey(key, 'known-id') });
    expect(first.status).toBe(200);
    // Another body under a known id and under an unknown one: the same wrong-pin answer, so a
    // caller without the pin learns neither that the id exists nor whether a guess matched it.
    for (const id of ['known-id', 'unknown-id']) {
      expect(
        await kit.call(api.airtime, {
          body: { ...airtime(WRONG), amount: 2000 },
          ...withKey(key, id),
        }),
      ).toEqual({ status: 422, body: { type: 'wrong_pin', msg: SERVER_MSG.wrongPin } });
    }
    // With the pin, the conflict is told as before.
    expect(
      (
        await kit.call(api.airtime, {
          body: { ...airtime(), amount: 2000 },
          ...withKey(key, 'known-id'),
        })
      ).body.type,
    ).toBe('idempotency_conflict');
    expect(await kit.balance(u.id)).toBe(10_000_00 - AIRTIME_PRICE);
  });

  it('the requery through a key answers the status without the goods; a session sees them', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { key } = await newKey(u);
    const first = await kit.call(api.electricity, { body: meter(), ...withKey(key, 'order-9') });
    const token = first.body.message.token as string;
    expect(token).toBeTruthy();
    const byKey = await kit.call(api.requery, {
      query: { request_id: 'order-9' },
      headers: { 'x-api-key': key },
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body.message).toMatchObject({
      transaction_id: first.body.message.transaction_id,
      status: 'successful',
    });
    expect(byKey.body.message).not.toHaveProperty('token');
    expect(JSON.stringify(byKey.body)).not.toContain(token);
    const bySession = await kit.call(api.requery, {
      token: u.token,
      query: { request_id: 'order-9' },
    });
    expect(bySession.body.message.token).toBe(token);
  });

  it("wrong pins through a key pause the keys, never the owner's pin in the app", async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const leaked = await newKey(u, 'leaked');
    const other = await newKey(u, 'other');
    const answers = [];
    for (let i = 0; i < PIN_MAX_FAILURES + 2; i++) {
      answers.push(
        await kit.call(api.airtime, { body: airtime(WRONG), ...withKey(leaked.key, `g-${i}`) }),
      );
    }
    expect(answers.slice(0, PIN_MAX_FAILURES - 1).map((a) => a.body.type)).toEqual(
      Array(PIN_MAX_FAILURES - 1).fill('wrong_pin'),
    );
    for (const a of answers.slice(PIN_MAX_FAILURES - 1)) {
      expect(a.status).toBe(423);
      expect(a.body.type).toBe('pin_locked');
      expect(a.body.msg).toMatch(/^Too many wrong pins through API keys/);
    }
    // The right pin through the paused key is paused too (no way to tell a right guess).
    const right = await kit.call(api.airtime, { body: airtime(), ...withKey(leaked.key, 'r-1') });
    expect(right.status).toBe(423);
    // The app is untouched. The owner's other keys wait with it: one key's budget fills the
    // account's ceiling (ADR 0034), the price of ten guesses at most per 30 minutes.
    expect(await pinRow(u.id)).toMatchObject({ pin_failed_count: 0, pin_locked_until: null });
    const app = await kit.call(api.airtime, { token: u.token, body: airtime() });
    expect(app.status).toBe(200);
    const viaOther = await kit.call(api.airtime, {
      body: airtime(),
      ...withKey(other.key, 'o-1'),
    });
    expect(viaOther.status).toBe(423);
    expect(await kit.balance(u.id)).toBe(10_000_00 - AIRTIME_PRICE);
  });

  it('of 20 parallel wrong pins through one key at most five are checked', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { key } = await newKey(u);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        kit.call(api.airtime, { body: airtime(WRONG), ...withKey(key, `p-${i}`) }),
      ),
    );
    const told = answers.filter((a) => a.body.type === 'wrong_pin').length;
    expect(told).toBeLessThanOrEqual(PIN_MAX_FAILURES);
    expect(answers.filter((a) => a.body.type === 'pin_locked')).toHaveLength(20 - told);
    expect(await pinRow(u.id)).toMatchObject({ pin_failed_count: 0, pin_locked_until: null });
    expect(await kit.balance(u.id)).toBe(10_000_00);
  });

  it("wrong pins spread over many keys stop at the account's ceiling, the app still works", async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { perKey, perAccount } = KEY_PIN_RULES;
    const keys = [];
    for (let i = 0; i < Math.ceil(perAccount.max / (perKey.max - 1)) + 1; i++) {
      keys.push(await newKey(u, `k${i}`));
    }
    let wrong = 0;
    const last = [];
    for (const [k, { key }] of keys.entries()) {
      // Stay under each key's own budget: only the account's ceiling can stop these.
      for (let i = 0; i < perKey.max - 1; i++) {
        const res = await kit.call(api.airtime, {
          body: airtime(WRONG),
          ...withKey(key, `s-${k}-${i}`),
        });
        if (res.body.type === 'wrong_pin') wrong++;
        else last.push(res);
      }
    }
    // The attempt that fills the ceiling is told so. The ceiling is one key's budget: with the
    // app's five, a stolen session gets at most ten guesses in 30 minutes, however many keys.
    expect(wrong).toBe(PIN_MAX_FAILURES - 1);
    expect(last.length).toBeGreaterThan(0);
    for (const res of last) expect(res.body.type).toBe('pin_locked');
    expect(await pinRow(u.id)).toMatchObject({ pin_failed_count: 0, pin_locked_until: null });
    expect((await kit.call(api.airtime, { token: u.token, body: airtime() })).status).toBe(200);
  });

  it(`20 parallel key creations leave ${RESELLER_LIMITS.keysPerAccount} active keys`, async () => {
    const u = await kit.user();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        kit.call(api.createApiKey, { token: u.token, body: { name: `k${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RESELLER_LIMITS.keysPerAccount);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toEqual({
        status: 409,
        body: { type: 'conflict', msg: RESELLER_MSG.tooManyKeys },
      });
    }
    const active = await kit.app.ctx.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', u.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(active).toHaveLength(RESELLER_LIMITS.keysPerAccount);
  });
});

/** `pbk_` and the 8 characters the table keeps to tell keys apart. */
const API_PREFIX_LENGTH = 12;
