/**
 * Transaction pins keyed with the server's pin secret (ADR 0021): stored as
 * HMAC-SHA-256 over the user id and the pin, useless without the key; an argon2 hash from
 * before is accepted once and replaced; online guessing is still bounded by the lockout;
 * live mode refuses to start without PIN_SECRET.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, SERVER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createPinHasher, PIN_HMAC_PREFIX } from '../../src/accounts/pins.ts';
import { createKit, engines, PIN, PIN_SECRET, type Kit } from '../helper.ts';

describe.each(engines)('pins on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  const storedPin = async (id: string) =>
    (
      await kit.app.ctx.db
        .selectFrom('users')
        .select('pin_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).pin_hash!;

  const share = (token: string, email: string, pin: string) =>
    kit.call(api.share, { token, body: { amount: 1, email, pin } });

  it('a new pin is stored as an HMAC under the server key, never the pin itself', async () => {
    const u = await kit.user({ pin: false, funds: 100_00 });
    const b = await kit.user();
    expect(
      (await kit.call(api.createPin, { token: u.token, body: { pin: '480213' } })).status,
    ).toBe(200);
    const stored = await storedPin(u.id);
    expect(stored.startsWith(PIN_HMAC_PREFIX)).toBe(true);
    expect(stored).not.toContain('480213');
    // Without the key the table gives nothing away: another key does not recognise the pin.
    const other = createPinHasher('another-key-another-key-another-key-0000');
    expect(other.matches(stored, u.id, '480213')).toBe(false);
    expect(createPinHasher(PIN_SECRET).matches(stored, u.id, '480213')).toBe(true);
    // The same pin of another user hashes differently (the user id is in the MAC).
    expect(createPinHasher(PIN_SECRET).hash(b.id, '480213')).not.toBe(stored);

    expect((await share(u.token, b.email, '480213')).status).toBe(200);
    expect((await share(u.token, b.email, '480214')).body).toEqual({
      type: 'wrong_pin',
      msg: SERVER_MSG.wrongPin,
    });
  });

  it('an argon2 pin from before is accepted and upgraded on the next right entry only', async () => {
    const u = await kit.user({ funds: 100_00 });
    const b = await kit.user();
    const legacy = await storedPin(u.id);
    expect(legacy.startsWith('$argon2id$')).toBe(true);
    expect((await share(u.token, b.email, '999999')).body.type).toBe('wrong_pin');
    expect(await storedPin(u.id)).toBe(legacy);
    expect((await share(u.token, b.email, PIN)).status).toBe(200);
    const upgraded = await storedPin(u.id);
    expect(upgraded.startsWith(PIN_HMAC_PREFIX)).toBe(true);
    expect(kit.app.ctx.pins.matches(upgraded, u.id, PIN)).toBe(true);
    // The wrong-pin count the failure left was reset by the right pin.
    expect((await share(u.token, b.email, PIN)).status).toBe(200);
  });

  it('reset pin stores the new pin as an HMAC; the old one stops working', async () => {
    const u = await kit.user({ funds: 100_00 });
    const b = await kit.user();
    const res = await kit.call(api.resetPin, {
      token: u.token,
      body: { password: 'Sunny2026Day', pin: '135790' },
    });
    expect(res.status).toBe(200);
    expect((await storedPin(u.id)).startsWith(PIN_HMAC_PREFIX)).toBe(true);
    expect((await share(u.token, b.email, PIN)).body.type).toBe('wrong_pin');
    expect((await share(u.token, b.email, '135790')).status).toBe(200);
  });

  it('200 parallel wrong pins against an HMAC pin: 5 counted, then locked for everyone', async () => {
    const u = await kit.user({ pin: false, funds: 1_000_00 });
    const b = await kit.user();
    await kit.call(api.createPin, { token: u.token, body: { pin: '572946' } });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => share(u.token, b.email, '000000')),
    );
    expect(results.filter((r) => r.body.type === 'wrong_pin')).toHaveLength(4);
    expect(results.filter((r) => r.body.type === 'pin_locked')).toHaveLength(196);
    expect((await share(u.token, b.email, '572946')).body).toEqual({
      type: 'pin_locked',
      msg: SERVER_MSG.pinLocked(30),
    });
    expect(await kit.balance(u.id)).toBe(1_000_00);
  });

  it('the right HMAC pin in 50 parallel shares passes for each of them', async () => {
    const u = await kit.user({ pin: false, funds: 1_000_00 });
    const b = await kit.user();
    await kit.call(api.createPin, { token: u.token, body: { pin: '318264' } });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => share(u.token, b.email, '318264')),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await kit.balance(u.id)).toBe(950_00);
  });
});

describe('the pin key', () => {
  it('is generated once in DATA_DIR (0600) when PIN_SECRET is not set, else taken from it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paybills-pinkey-'));
    try {
      const first = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'j'.repeat(40) });
      expect(first.pinSecret.length).toBeGreaterThanOrEqual(32);
      expect(statSync(path.join(dir, 'pin-secret')).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'j'.repeat(40) }).pinSecret).toBe(
        first.pinSecret,
      );
      const set = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'j'.repeat(40), PIN_SECRET: PIN_SECRET });
      expect(set.pinSecret).toBe(PIN_SECRET);
      expect(() => loadConfig({ DATA_DIR: dir, PIN_SECRET: 'short' })).toThrow(
        'PIN_SECRET must be at least 32 characters long.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
