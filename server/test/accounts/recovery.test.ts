/**
 * Recovery ends everything an attacker may hold (ADR 0033): a password
 * reset revokes every API key, ends every session, removes the webhook address and clears the
 * pin (a new one is created on the next sign-in); a block revokes the keys for good (lifting
 * it brings none back); logout ends the access token's own session whatever headers come with
 * it; and the owner is mailed for every security change, with the Lagos time and the client's
 * address, never a password, pin, key or secret.
 */
import { api, pathFor, RESELLER_MSG, SERVER_MSG, type Endpoint } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lagosTime } from '../../src/notifications/security-mail.ts';
import { createKit, engines, PASSWORD, PIN, type Kit, type TestUser } from '../helper.ts';

const airtime = (pin: string, ending: string) => ({
  pin,
  phone_number: `0803123${ending}`,
  amount: 100,
});

const linkToken = (text: string) => /\/auth\/resetpassword\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

/** `YYYY-MM-DD HH:MM` of an instant in Lagos (UTC+1), as the security mails write it. */
const lagosMinute = (ms: number) =>
  new Date(ms + 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

it('security mails write the time as on Lagos clocks (UTC+1, across midnight)', () => {
  expect(lagosTime(Date.UTC(2031, 2, 14, 23, 30))).toBe('2031-03-15 00:30 Lagos time (WAT, UTC+1)');
});

describe.each(engines)('recovery and security mails on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  /** A call from a given client address (the socket's: TRUST_PROXY is unset in tests). */
  async function callFrom(
    ip: string,
    endpoint: Endpoint,
    o: { token?: string; body?: unknown; params?: Record<string, string> } = {},
  ) {
    const res = await kit.app.inject({
      method: endpoint.method,
      url: pathFor(endpoint.path, o.params),
      remoteAddress: ip,
      headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.statusCode, body: res.json() as any };
  }

  async function newKey(u: TestUser, name = 'Shop till') {
    const res = await kit.call(api.createApiKey, { token: u.token, body: { name } });
    expect(res.status).toBe(200);
    return res.body.message as { id: string; key: string; webhook_secret: string };
  }
  const withKey = (key: string, requestId: string) => ({
    headers: { 'x-api-key': key, 'x-request-id': requestId },
  });

  async function resetPassword(email: string, password: string, ip = '127.0.0.1') {
    expect((await kit.call(api.initiateReset, { body: { email } })).status).toBe(200);
    const token = linkToken((await kit.mail(email))[0]!.text);
    const done = await callFrom(ip, api.resetPassword, { body: { token, password } });
    expect(done).toEqual({ status: 200, body: { message: SERVER_MSG.passwordReset } });
    return token;
  }

  it('a password reset revokes every key, every session, the webhook address and the pin', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const first = await newKey(u, 'Till one');
    const second = await newKey(u, 'Till two');
    expect(
      (await kit.call(api.setWebhook, { token: u.token, body: { url: 'http://127.0.0.1:9/h' } }))
        .status,
    ).toBe(200);
    // The key works (and its use is recorded) before the owner recovers the account.
    const bought = await kit.call(api.airtime, {
      ...withKey(first.key, 'before-reset'),
      body: airtime(PIN, '1001'),
    });
    expect(bought.status).toBe(200);

    await resetPassword(u.email, 'Recovered9Account');

    for (const key of [first.key, second.key]) {
      expect(
        await kit.call(api.airtime, {
          ...withKey(key, `after-reset-${key.slice(-4)}`),
          body: airtime(PIN, '1002'),
        }),
      ).toEqual({ status: 401, body: { type: 'unauthorized', msg: RESELLER_MSG.keyInvalid } });
    }
    // The replay of a request the key made before is refused too (nothing answered from store).
    expect(
      (
        await kit.call(api.airtime, {
          ...withKey(first.key, 'before-reset'),
          body: airtime(PIN, '1001'),
        })
      ).status,
    ).toBe(401);
    expect((await kit.call(api.currentUser, { token: u.token })).status).toBe(401);
    expect((await kit.call(api.refresh, { body: { refresh_token: u.refresh } })).status).toBe(401);

    const login = await kit.call(api.login, {
      body: { username: u.email, password: 'Recovered9Account' },
    });
    expect(login.status).toBe(200);
    const token = login.body.JWTtoken as string;
    const keys = (await kit.call(api.apiKeys, { token })).body.message as {
      revoked_at: number | null;
    }[];
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => k.revoked_at !== null)).toBe(true);
    expect((await kit.call(api.webhook, { token })).body.message).toEqual({ url: null });

    // The old pin (phished with the password, perhaps) buys nothing: a new one is created
    // first, as for a new account (the overview sends a customer without a pin there).
    expect((await kit.call(api.currentUser, { token })).body.message.has_created_secret_pin).toBe(
      false,
    );
    const balance = await kit.balance(u.id);
    expect(
      await kit.call(api.airtime, { token, body: airtime(PIN, '1003'), requestId: 'old-pin' }),
    ).toEqual({ status: 409, body: { type: 'pin_not_set', msg: SERVER_MSG.noPin } });
    expect(await kit.balance(u.id)).toBe(balance);
    expect((await kit.call(api.createPin, { token, body: { pin: '135790' } })).status).toBe(200);
    expect(
      (await kit.call(api.airtime, { token, body: airtime('135790', '1004'), requestId: 'new' }))
        .status,
    ).toBe(200);
  });

  it('a reset clears a pin lock and counted failures with the pin', async () => {
    const u = await kit.user({ funds: 100_00 });
    await kit.app.ctx.db
      .updateTable('users')
      .set({ pin_failed_count: 3, pin_locked_until: Date.now() + 30 * 60_000 })
      .where('id', '=', u.id)
      .execute();
    await resetPassword(u.email, 'Recovered9Account');
    const row = await kit.app.ctx.db
      .selectFrom('users')
      .select(['pin_hash', 'pin_failed_count', 'pin_locked_until'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, pin_failed_count: Number(row.pin_failed_count) }).toEqual({
      pin_hash: null,
      pin_failed_count: 0,
      pin_locked_until: null,
    });
  });

  it('a block revokes the keys: lifting it brings none back', async () => {
    const admin = await kit.user({ admin: true });
    const u = await kit.user({ funds: 5_000_00 });
    const { key } = await newKey(u);
    expect(
      (await kit.call(api.airtime, { ...withKey(key, 'pre-block'), body: airtime(PIN, '2001') }))
        .status,
    ).toBe(200);
    expect(
      (
        await kit.call(api.blockUser, {
          token: admin.token,
          body: { id: u.id, reason: 'Card fraud report' },
        })
      ).status,
    ).toBe(200);
    // Revoked at once: the key answers as any revoked key (a blocked session still says 423).
    expect(
      await kit.call(api.airtime, { ...withKey(key, 'blocked'), body: airtime(PIN, '2002') }),
    ).toEqual({ status: 401, body: { type: 'unauthorized', msg: RESELLER_MSG.keyInvalid } });
    expect(
      (await kit.call(api.unblockUser, { token: admin.token, body: { id: u.id } })).status,
    ).toBe(200);
    expect(
      await kit.call(api.airtime, { ...withKey(key, 'unblocked'), body: airtime(PIN, '2003') }),
    ).toEqual({ status: 401, body: { type: 'unauthorized', msg: RESELLER_MSG.keyInvalid } });
    const row = await kit.app.ctx.db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('a key revoked behind a cached row is refused: every use reads the revocation', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const { id, key } = await newKey(u);
    expect(
      (await kit.call(api.airtime, { ...withKey(key, 'warm-1'), body: airtime(PIN, '3001') }))
        .status,
    ).toBe(200);
    // Revoked the way a reset on another instance does it: straight in the database.
    await kit.app.ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: Date.now() })
      .where('id', '=', id)
      .execute();
    expect(
      (await kit.call(api.airtime, { ...withKey(key, 'warm-2'), body: airtime(PIN, '3002') }))
        .status,
    ).toBe(401);
  });

  /**
   * Runs `between` once, just before the next write transaction opens (after `armed()` says
   * so): a reset or revocation committing in that gap, as one on another instance may.
   */
  function beforeNextWrite(between: () => Promise<void>, armed = () => true) {
    const ctx = kit.app.ctx;
    const writeTx = ctx.dbh.writeTx.bind(ctx.dbh);
    const tx = vi.spyOn(ctx.dbh, 'writeTx').mockImplementation(async (fn) => {
      if (armed()) {
        tx.mockRestore();
        await between();
      }
      return writeTx(fn);
    });
  }

  /** `between` after the purchase in flight was authenticated, priced and routed, before its debit. */
  function beforeNextDebit(between: () => Promise<void>) {
    const ctx = kit.app.ctx;
    let routed = false;
    // The purchase's providers are looked up (ADR 0052's order) once it is priced.
    const route = vi.spyOn(ctx.providers, 'byTarget').mockImplementation((...args) => {
      routed = true;
      route.mockRestore();
      return ctx.providers.byTarget(...args);
    });
    beforeNextWrite(between, () => routed);
  }

  it('a reset committed after a key purchase was checked and priced still stops its debit', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const { key } = await newKey(u);
    expect((await kit.call(api.initiateReset, { body: { email: u.email } })).status).toBe(200);
    const token = linkToken((await kit.mail(u.email))[0]!.text);
    const balance = await kit.balance(u.id);
    beforeNextDebit(async () => {
      const done = await kit.call(api.resetPassword, {
        body: { token, password: 'Recovered9Account' },
      });
      expect(done.status).toBe(200);
    });
    expect(
      await kit.call(api.airtime, { ...withKey(key, 'racing-reset'), body: airtime(PIN, '4001') }),
    ).toEqual({ status: 401, body: { type: 'unauthorized', msg: RESELLER_MSG.keyInvalid } });
    expect(await kit.balance(u.id)).toBe(balance);
  });

  it('a key purchase whose pin changed before its debit is checked again against the new pin', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const { key } = await newKey(u);
    const balance = await kit.balance(u.id);
    beforeNextDebit(async () => {
      const changed = await kit.call(api.resetPin, {
        token: u.token,
        body: { password: PASSWORD, pin: '246813' },
      });
      expect(changed.status).toBe(200);
    });
    expect(
      await kit.call(api.airtime, { ...withKey(key, 'racing-pin'), body: airtime(PIN, '4002') }),
    ).toEqual({ status: 422, body: { type: 'wrong_pin', msg: SERVER_MSG.wrongPin } });
    expect(await kit.balance(u.id)).toBe(balance);
  });

  it('a key revoked by its owner after its purchase was checked debits nothing', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const { id, key } = await newKey(u);
    const balance = await kit.balance(u.id);
    beforeNextDebit(async () => {
      const revoked = await kit.call(api.revokeApiKey, { token: u.token, params: { id } });
      expect(revoked.status).toBe(200);
    });
    expect(
      await kit.call(api.airtime, { ...withKey(key, 'racing-revoke'), body: airtime(PIN, '4003') }),
    ).toEqual({ status: 401, body: { type: 'unauthorized', msg: RESELLER_MSG.keyInvalid } });
    expect(await kit.balance(u.id)).toBe(balance);
  });

  it('a session from before a reset writes no key, webhook address or pin after it commits', async () => {
    const writes = [
      [api.createApiKey, { name: 'Late till' }],
      [api.setWebhook, { url: 'http://127.0.0.1:9/late' }],
      [api.createPin, { pin: '246813' }],
      [api.resetPin, { password: PASSWORD, pin: '246813' }],
    ] as const;
    for (const [endpoint, body] of writes) {
      const u = await kit.user();
      expect((await kit.call(api.initiateReset, { body: { email: u.email } })).status).toBe(200);
      const token = linkToken((await kit.mail(u.email))[0]!.text);
      // Checked and signed in when the request began; the reset commits before its write.
      beforeNextWrite(async () => {
        const done = await kit.call(api.resetPassword, {
          body: { token, password: 'Recovered9Account' },
        });
        expect(done.status).toBe(200);
      });
      // createPin included: the reset clears the pin, and the old session must not set it.
      expect(await kit.call(endpoint, { token: u.token, body })).toEqual({
        status: 401,
        body: { type: 'unauthorized', msg: SERVER_MSG.unauthorized },
      });
      const db = kit.app.ctx.db;
      expect(
        await db.selectFrom('api_keys').select('id').where('user_id', '=', u.id).execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('webhook_endpoints')
          .select('url')
          .where('user_id', '=', u.id)
          .execute(),
      ).toEqual([]);
      const row = await db
        .selectFrom('users')
        .select('pin_hash')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(row.pin_hash).toBeNull();
    }
  });

  describe('logout (row 6)', () => {
    it('without X-Refresh-Token ends the access token and its refresh token', async () => {
      const u = await kit.user();
      const other = await kit.call(api.login, { body: { username: u.email, password: PASSWORD } });
      expect(await kit.call(api.logout, { token: u.token })).toEqual({
        status: 200,
        body: { message: SERVER_MSG.loggedOut },
      });
      expect((await kit.call(api.currentUser, { token: u.token })).status).toBe(401);
      expect((await kit.call(api.refresh, { body: { refresh_token: u.refresh } })).status).toBe(
        401,
      );
      // Only its own session: the other device stays signed in.
      expect((await kit.call(api.currentUser, { token: other.body.JWTtoken })).status).toBe(200);
      expect(
        (await kit.call(api.refresh, { body: { refresh_token: other.body.refresh_token } })).status,
      ).toBe(200);
    });

    it('with an access token that names no session ends that token too', async () => {
      const u = await kit.user();
      // Signed as before sessions were named (none are issued so any more; 15 minutes at most).
      const legacy = await kit.app.ctx.tokens.signAccess(u.id);
      expect((await kit.call(api.currentUser, { token: legacy })).status).toBe(200);
      expect((await kit.call(api.logout, { token: legacy })).status).toBe(200);
      expect((await kit.call(api.currentUser, { token: legacy })).status).toBe(401);
      // Sessions that are named are not a sessionless token's to end.
      expect((await kit.call(api.currentUser, { token: u.token })).status).toBe(200);
    });

    it('with another session’s refresh token still ends its own session', async () => {
      const u = await kit.user();
      const stranger = await kit.user();
      await kit.call(api.logout, {
        token: u.token,
        headers: { 'x-refresh-token': stranger.refresh },
      });
      expect((await kit.call(api.currentUser, { token: u.token })).status).toBe(401);
      expect((await kit.call(api.refresh, { body: { refresh_token: u.refresh } })).status).toBe(
        401,
      );
      expect(
        (await kit.call(api.refresh, { body: { refresh_token: stranger.refresh } })).status,
      ).toBe(200);
    });

    it('after a refresh ends the rotated session, old and new tokens alike', async () => {
      const u = await kit.user();
      const rotated = await kit.call(api.refresh, { body: { refresh_token: u.refresh } });
      expect(rotated.status).toBe(200);
      await kit.call(api.logout, { token: rotated.body.JWTtoken });
      expect((await kit.call(api.currentUser, { token: rotated.body.JWTtoken })).status).toBe(401);
      expect(
        (await kit.call(api.refresh, { body: { refresh_token: rotated.body.refresh_token } }))
          .status,
      ).toBe(401);
    });
  });

  describe('security mails', () => {
    const IP = '203.0.113.77';

    /** The newest mail to `email`. */
    const newest = async (email: string) => (await kit.mail(email))[0]!;

    function expectStamped(
      mail: { subject: string; text: string },
      window: [number, number],
      ip: string | null,
    ) {
      const minutes = [lagosMinute(window[0]), lagosMinute(window[1])];
      expect(minutes.some((m) => mail.text.includes(`${m} Lagos time`))).toBe(true);
      if (ip) expect(mail.text).toContain(ip);
    }

    it('each change is mailed with the Lagos time and the address, never the secret', async () => {
      const u = await kit.user({ pin: false, funds: 1_000_00 });
      const secrets: string[] = [PASSWORD, PIN];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const step = async (run: () => Promise<{ status: number; body: any }>, subject: string) => {
        const before = Date.now();
        const res = await run();
        expect(res.status).toBe(200);
        const after = Date.now();
        const mail = await newest(u.email);
        expect(mail.subject).toBe(subject);
        expectStamped(mail, [before, after], IP);
        return { mail, body: res.body };
      };

      await step(
        () => callFrom(IP, api.createPin, { token: u.token, body: { pin: '102938' } }),
        'Your secret pin was set',
      );
      await step(
        () =>
          callFrom(IP, api.resetPin, {
            token: u.token,
            body: { password: PASSWORD, pin: '564738' },
          }),
        'Your secret pin was changed',
      );
      secrets.push('102938', '564738');
      const created = await step(
        () => callFrom(IP, api.createApiKey, { token: u.token, body: { name: 'Kiosk' } }),
        'A new API key was created',
      );
      // The key by its prefix (as Settings lists it), never the name its creator typed.
      expect(created.mail.text).not.toContain('Kiosk');
      expect(created.mail.text).toContain(created.body.message.prefix);
      const { id: keyId, key, webhook_secret: webhookSecret } = created.body.message;
      secrets.push(key, key.slice(12), webhookSecret);

      const { mail: hook } = await step(
        () =>
          callFrom(IP, api.setWebhook, {
            token: u.token,
            body: { url: 'http://127.0.0.1:8443/in?token=receiver-own-secret' },
          }),
        'Your webhook address was changed',
      );
      // The origin only: a query string may carry the receiver's own secret.
      expect(hook.text).toContain('http://127.0.0.1:8443');
      expect(hook.text).not.toContain('receiver-own-secret');

      await step(
        () => callFrom(IP, api.revokeApiKey, { token: u.token, params: { id: keyId } }),
        'An API key was revoked',
      );
      const mailsBefore = (await kit.mail(u.email)).length;
      // Revoking it again changes nothing and mails nothing.
      expect(
        (await callFrom(IP, api.revokeApiKey, { token: u.token, params: { id: keyId } })).status,
      ).toBe(200);
      expect(await kit.mail(u.email)).toHaveLength(mailsBefore);

      await step(
        () =>
          callFrom(IP, api.changePassword, {
            token: u.token,
            body: { old_password: PASSWORD, new_password: 'Changed9Password' },
          }),
        'Your password was changed',
      );
      secrets.push('Changed9Password');

      await newKey(u, 'Second till');
      const before = Date.now();
      const resetToken = await resetPassword(u.email, 'Recovered9Account', '198.51.100.5');
      const reset = await newest(u.email);
      expect(reset.subject).toBe('Your password was reset');
      expectStamped(reset, [before, Date.now()], '198.51.100.5');
      expect(reset.text).toContain('1 API key was revoked');
      expect(reset.text).toContain('webhook address was removed');
      expect(reset.text).toContain('create a new secret pin');
      secrets.push('Recovered9Account', resetToken);

      // Nothing secret in any mail, text or HTML.
      const all = await kit.app.ctx.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body', 'html_body'])
        .where('to_address', '=', u.email)
        .execute();
      const security = all.filter((m) => !/Reset your password/.test(m.subject));
      expect(security.length).toBeGreaterThanOrEqual(8);
      for (const m of security) {
        for (const secret of secrets) {
          expect(`${m.subject}\n${m.text_body}\n${m.html_body}`).not.toContain(secret);
        }
      }
    });

    it('a block that revokes keys mails the owner, without the admin’s address', async () => {
      const admin = await kit.user({ admin: true });
      const u = await kit.user();
      const { key } = await newKey(u);
      const before = Date.now();
      expect(
        (
          await callFrom('192.0.2.44', api.blockUser, {
            token: admin.token,
            body: { id: u.id, reason: 'Card fraud report' },
          })
        ).status,
      ).toBe(200);
      const mail = await newest(u.email);
      expect(mail.subject).toBe('Your API keys were revoked');
      expect(mail.text).toContain('1 API key was revoked');
      expectStamped(mail, [before, Date.now()], null);
      expect(mail.text).not.toContain('192.0.2.44');
      expect(mail.text).not.toContain(key);

      // A block of a customer without keys mails nothing about keys.
      const plain = await kit.user();
      await kit.call(api.blockUser, {
        token: admin.token,
        body: { id: plain.id, reason: 'Card fraud report' },
      });
      expect(await kit.mail(plain.email)).toEqual([]);
    });

    it('a mail never carries a key name: whoever named the key writes nothing in it', async () => {
      const u = await kit.user();
      const name = 'Call +234 800 000 0000 https://evil.example';
      const { id } = await newKey(u, name);
      expect((await kit.call(api.revokeApiKey, { token: u.token, params: { id } })).status).toBe(
        200,
      );
      const rows = await kit.app.ctx.db
        .selectFrom('mail_outbox')
        .select(['text_body', 'html_body'])
        .where('to_address', '=', u.email)
        .execute();
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.text_body).not.toContain('evil.example');
        expect(row.html_body).not.toContain('evil.example');
        expect(row.text_body).toMatch(/API key starting pbk_[\w-]{8}, created 20\d\d-/);
      }
    });
  });
});
