import { api, MSG, SERVER_MSG } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_FLUTTERWAVE_FLOAT } from '../../src/providers/simulators/flutterwave-bills.ts';
import { VTPASS_SIMULATOR_FLOAT } from '../../src/providers/simulators/vtpass.ts';
import { DEMO_EMAIL } from '../../src/config.ts';
import { adminLogin, createKit, engines, LIVE_ENV, PASSWORD, PIN, type Kit } from '../helper.ts';

describe.each(engines)('admin routes on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it('seeds an admin and a funded demo customer through the ledger', async () => {
    const list = await kit.call(api.users, { token: admin, query: { q: DEMO_EMAIL } });
    expect(list.body).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(list.body.message[0]).toMatchObject({
      email: DEMO_EMAIL,
      wallet_balance: 50000,
      isAdmin: false,
      email_verified: true,
      has_created_secret_pin: true,
    });
  });

  it('lists users paged', async () => {
    for (let i = 0; i < 4; i++) await kit.user();
    const page1 = await kit.call(api.users, { token: admin, query: { page: '1', limit: '5' } });
    expect(page1.status).toBe(200);
    expect(page1.body.message).toHaveLength(5);
    expect(page1.body.total).toBeGreaterThanOrEqual(6);
    expect(page1.body.pages).toBe(Math.ceil(page1.body.total / 5));
    const far = await kit.call(api.users, { token: admin, query: { page: '99' } });
    expect(far.body.message).toEqual([]);
    expect((await kit.call(api.users, { token: admin, query: { page: '0' } })).status).toBe(400);
  });

  it('searches users by the start of a name word, an e-mail or a phone, paged', async () => {
    const ada = await kit.user({
      name: 'Adaeze Okonkwo-Bello',
      email: 'ada.okonkwo@mailbox.ng',
      phone: '09061234321',
    });
    await kit.user({ name: 'Adamu Garba', email: 'agarba@example.com', phone: '07011112222' });
    const search = async (q: string, page = '1') =>
      (await kit.call(api.users, { token: admin, query: { q, page, limit: '5' } })).body;
    const emails = async (q: string) =>
      (await search(q)).message.map((u: { email: string }) => u.email).sort();

    expect(await emails('okonkwo')).toEqual([ada.email]); // a surname
    expect(await emails('BELLO')).toEqual([ada.email]); // any case, a hyphenated part
    expect(await emails('Adaeze Okon')).toEqual([ada.email]); // the whole name, partly
    expect(await emails('ada')).toEqual(['agarba@example.com', ada.email].sort()); // Adaeze, Adamu
    expect(await emails('ada.okon')).toEqual([ada.email]); // the e-mail
    expect(await emails('mailbox.ng')).toEqual([ada.email]); // its domain
    expect(await emails('0906123')).toEqual([ada.email]); // a phone as written
    expect(await emails('+234 906 123')).toEqual([ada.email]); // or international
    expect(await emails('906123')).toEqual([ada.email]); // or without the 0
    expect(await emails('kwo')).toEqual([]); // the middle of a word is not a start
    expect(await emails('demo@paybills')).toEqual([DEMO_EMAIL]);

    // Paged: everyone called "Test Person" (kit.user's default name).
    for (let i = 0; i < 6; i++) await kit.user();
    const first = await search('test');
    expect(first.message).toHaveLength(5);
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.pages).toBe(Math.ceil(first.total / 5));
    const second = await search('test', '2');
    expect(second.message.length).toBeGreaterThan(0);
    expect(second.message[0].email).not.toBe(first.message[0].email);
  });

  it('refuses non-admins (403 forbidden) and the unauthenticated (401) on every admin route', async () => {
    const u = await kit.user();
    for (const ep of [api.users, api.atgBalance, api.vtBalance]) {
      expect(await kit.call(ep, { token: u.token })).toEqual({
        status: 403,
        body: { type: 'forbidden', msg: SERVER_MSG.forbidden },
      });
      expect((await kit.call(ep)).status).toBe(401);
    }
    for (const ep of [api.blockUser, api.unblockUser]) {
      expect(await kit.call(ep, { token: u.token, body: { id: u.id } })).toEqual({
        status: 403,
        body: { type: 'forbidden', msg: SERVER_MSG.forbidden },
      });
      expect((await kit.call(ep, { body: { id: u.id } })).status).toBe(401);
    }
  });

  it('answers both provider balances in naira', async () => {
    expect(await kit.call(api.atgBalance, { token: admin })).toEqual({
      status: 200,
      body: { message: SIMULATOR_FLUTTERWAVE_FLOAT / 100 },
    });
    expect(await kit.call(api.vtBalance, { token: admin })).toEqual({
      status: 200,
      body: { message: VTPASS_SIMULATOR_FLOAT / 100 },
    });
  });

  it('blocks and unblocks: a blocked user can neither sign in nor move money', async () => {
    const u = await kit.user({ funds: 10_00 });
    const other = await kit.user();
    expect(
      await kit.call(api.blockUser, {
        token: admin,
        body: { id: u.id, reason: 'Card fraud report' },
      }),
    ).toEqual({
      status: 200,
      body: { message: SERVER_MSG.userBlocked },
    });
    expect(
      await kit.call(api.blockUser, {
        token: admin,
        body: { id: u.id, reason: 'Card fraud report' },
      }),
    ).toEqual({
      status: 409,
      body: { type: 'conflict', msg: SERVER_MSG.alreadyBlocked },
    });
    expect(
      (await kit.call(api.login, { body: { username: u.email, password: PASSWORD } })).body,
    ).toEqual({ type: 'blocked', msg: SERVER_MSG.accountBlocked });
    expect(
      (
        await kit.call(api.share, {
          token: u.token,
          body: { amount: 1, email: other.email, pin: PIN },
        })
      ).status,
    ).toBe(423);
    expect((await kit.call(api.refresh, { body: { refresh_token: u.refresh } })).status).toBe(401);
    expect(
      (await kit.call(api.users, { token: admin, query: { q: u.email } })).body.message[0]
        .isBlocked,
    ).toBe(true);
    expect(await kit.call(api.unblockUser, { token: admin, body: { id: u.id } })).toEqual({
      status: 200,
      body: { message: SERVER_MSG.userUnblocked },
    });
    expect(await kit.call(api.unblockUser, { token: admin, body: { id: u.id } })).toEqual({
      status: 409,
      body: { type: 'conflict', msg: SERVER_MSG.notBlocked },
    });
    expect(
      (await kit.call(api.login, { body: { username: u.email, password: PASSWORD } })).status,
    ).toBe(200);
    expect(
      await kit.call(api.blockUser, {
        token: admin,
        body: { id: 'nobody', reason: 'Card fraud report' },
      }),
    ).toEqual({
      status: 404,
      body: { type: 'not_found', msg: SERVER_MSG.userNotFound },
    });
    expect((await kit.call(api.blockUser, { token: admin, body: {} })).status).toBe(400);
    const me = (await kit.call(api.currentUser, { token: admin })).body.message;
    expect(
      await kit.call(api.blockUser, {
        token: admin,
        body: { id: me.id, reason: 'Card fraud report' },
      }),
    ).toEqual({
      status: 403,
      body: { type: 'forbidden', msg: SERVER_MSG.forbidden },
    });
    expect(await kit.balance(u.id)).toBe(10_00);
  });
});

describe.each(engines)('public catalogue, dev mailbox and the HTTP edges on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => kit.close());

  it('serves the catalogue from the database in naira', async () => {
    const networks = await kit.call(api.networks);
    expect(networks.body.message.map((n: { name: string }) => n.name)).toEqual([
      'MTN',
      'GLO',
      'AIRTEL',
      '9MOBILE',
    ]);
    const data = await kit.call(api.dataProducts);
    expect(api.dataProducts.response.safeParse(data.body).success).toBe(true);
    expect(data.body.message.length).toBeGreaterThan(4);
    for (const ep of [api.cableProducts, api.educationProducts, api.electricityProducts]) {
      const res = await kit.call(ep);
      expect(res.status).toBe(200);
      expect(ep.response.safeParse(res.body).success).toBe(true);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
  });

  it('keeps mail in the dev mailbox, newest first, and shows it on a page', async () => {
    await kit.call(api.register, {
      body: {
        name: 'Chinwe Obi',
        email: 'chinwe@example.com',
        phone: '09031234567',
        password: 'Lagos9Rain2026',
      },
    });
    await kit.call(api.resendVerification, { body: { email: 'chinwe@example.com' } });
    const res = await kit.call(api.devMail, { query: { to: 'chinwe@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toHaveLength(2);
    expect(res.body.message[0].sent_at).toBeGreaterThanOrEqual(res.body.message[1].sent_at);
    expect(res.body.message[0]).toMatchObject({
      to: 'chinwe@example.com',
      subject: expect.any(String),
      html: expect.stringContaining('<a href='),
    });
    expect((await kit.call(api.devMail)).status).toBe(400);
    const page = await kit.app.inject({ url: '/dev/mailbox?to=chinwe@example.com' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Verify your e-mail address');
  });

  it('answers unknown /api paths, bad JSON and oversize bodies with {type,msg}', async () => {
    const missing = await kit.app.inject({ url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ type: 'not_found', msg: SERVER_MSG.notFound });
    const bad = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ type: 'validation_error', msg: MSG.inputsInvalid });
    const big = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(200_000) }),
    });
    expect(big.statusCode).toBe(400);
    const text = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().type).toBe('validation_error');
    const csp = await kit.app.inject({ url: '/api/public/product/network/all' });
    expect(String(csp.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe.each(engines)('production mode on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    // NODE_ENV=production is live mode: it starts only with everything live mode asks for.
    kit = await createKit(engine, { env: { ...LIVE_ENV, NODE_ENV: 'production' } });
  });
  afterAll(async () => kit.close());

  it('has no dev mailbox', async () => {
    expect((await kit.call(api.devMail, { query: { to: 'a@b.co' } })).status).toBe(404);
    expect((await kit.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
