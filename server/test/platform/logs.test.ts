/** No secret reaches the logs: passwords, pins, access and refresh tokens (decisions §7). */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import { logFormat, prettyLine, prettyStream } from '../../src/platform/logging.ts';
import { adminLogin, createKit, engines, PASSWORD, PIN, type Kit } from '../helper.ts';

describe.each(engines)('logs on %s', (engine) => {
  let kit: Kit;
  const lines: string[] = [];
  beforeAll(async () => {
    const options = {
      ...loggerOptions({ write: (line: string) => void lines.push(line) }),
      level: 'trace',
    };
    kit = await createKit(engine, { logger: options });
  });
  afterAll(async () => kit.close());

  it('keeps passwords, pins and tokens out of a login + pin + share run', async () => {
    const a = await kit.user({ funds: 100_00, pin: false });
    const b = await kit.user();
    expect(
      (await kit.call(api.createPin, { token: a.token, body: { pin: '918273' } })).status,
    ).toBe(200);
    expect(
      (
        await kit.call(api.share, {
          token: a.token,
          body: { amount: 5, email: b.email, pin: '918273' },
          requestId: 'log-1',
        })
      ).status,
    ).toBe(200);
    expect(
      (await kit.call(api.share, { token: a.token, body: { amount: 5, email: b.email, pin: PIN } }))
        .status,
    ).toBe(422);
    const refreshed = await kit.call(api.refresh, { body: { refresh_token: a.refresh } });
    await kit.call(api.logout, {
      token: a.token,
      headers: { 'x-refresh-token': refreshed.body.refresh_token },
    });
    await kit.call(api.changePassword, {
      token: a.token,
      body: { old_password: PASSWORD, new_password: 'Zebra9Crossing' },
    });
    const output = lines.join('');
    expect(output).toContain('/api/transactions/share');
    for (const secret of [
      PASSWORD,
      'Zebra9Crossing',
      '918273',
      PIN,
      a.token,
      a.refresh,
      refreshed.body.JWTtoken,
      refreshed.body.refresh_token,
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it('keeps coupon codes, tokens and pins out of a buy, redeem and reveal run (ADR 0071)', async () => {
    const a = await kit.user({ funds: 10_000_00 });
    const bought = await kit.call(api.buyCoupon, {
      token: a.token,
      body: { pin: PIN, product: 'AIRTIME', amount: 500, unit: 2, network_id: 'mtn' },
      requestId: 'log-coupons',
    });
    const codes: string[] = bought.body.message.map((c: { coupon_code: string }) => c.coupon_code);
    const used = await kit.call(api.airtime, {
      token: a.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 500, coupon_code: codes[0] },
    });
    const power = await kit.call(api.electricity, {
      token: a.token,
      body: {
        pin: PIN,
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: '45123455678',
        amount: 500,
      },
    });
    const owner = await adminLogin(kit);
    const reason = 'The customer cannot find the token in the mail.';
    const revealed = await kit.call(api.revealSecret, {
      token: owner,
      params: { id: power.body.message.transaction_id },
      body: { field: 'token', reason },
      requestId: 'log-reveal',
    });
    expect(revealed.body.message.value).toBe(power.body.message.token);
    const output = lines.join('');
    expect(output).toContain('admin revealed a bearer secret');
    for (const secret of [...codes, used.body.message.coupon_code, power.body.message.token]) {
      expect(output).not.toContain(secret);
    }
  });

  it('keeps API keys and webhook secrets out of a reseller run', async () => {
    const u = await kit.user({ funds: 5_000_00 });
    const created = await kit.call(api.createApiKey, { token: u.token, body: { name: 'k' } });
    const { key, webhook_secret: secret } = created.body.message;
    const headers = { 'x-api-key': key, 'x-request-id': 'log-key-1' };
    await kit.call(api.airtime, {
      headers,
      body: { pin: PIN, phone_number: '08031230000', amount: 100 },
    });
    await kit.call(api.apiKeys, { headers }); // refused: logged as a 401
    await kit.call(api.airtime, {
      headers: { ...headers, 'x-api-key': `${key}x` },
      body: { pin: PIN, phone_number: '08031235678', amount: 100 },
    });
    const output = lines.join('');
    expect(output).toContain('/api/transactions/airtime');
    for (const value of [key, key.slice(12), secret, PIN]) expect(output).not.toContain(value);
  });

  it('keeps e-mailed link tokens out of the access log (row 9)', async () => {
    lines.length = 0;
    const email = `logs-${Date.now()}@example.com`;
    const registered = await kit.call(api.register, {
      body: { name: 'Chiamaka Obi', email, phone: '08031234567', password: PASSWORD },
    });
    expect(registered.status).toBe(200);
    await kit.call(api.initiateReset, { body: { email } });
    const tokens = (await kit.mail(email)).map((m) => /\/auth\/\w+\/([\w-]+)/.exec(m.text)![1]!);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      // What a browser asks for when the customer opens the link (the app's own page).
      await kit.app.inject({ url: `/auth/verifyemail/${token}` });
      await kit.app.inject({ url: `/auth/resetpassword/${token}?from=mail` });
      await kit.app.inject({ url: `/api/dev/mail?to=${email}&token=${token}` });
    }
    const output = lines.join('');
    expect(output).toContain('/auth/verifyemail/');
    expect(output).toContain('/auth/resetpassword/');
    for (const token of tokens) expect(output).not.toContain(token);
  });

  it('keeps the BVN out of the logs (bank-transfer account)', async () => {
    const u = await kit.user();
    const bvn = '22298765432';
    const res = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn, consent: true },
    });
    expect(res.status).toBe(200);
    const output = lines.join('');
    expect(output).toContain('/api/payment/virtual-account');
    expect(output).not.toContain(bvn);
  });
});

describe('readable logs', () => {
  it('JSON unless a terminal, LOG_FORMAT wins either way', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });

  it('turns an API call into one short line and other entries into level + message', () => {
    const time = Date.UTC(2026, 10, 23, 12, 3, 4);
    expect(
      prettyLine(
        JSON.stringify({
          level: 30,
          time,
          pid: 1,
          reqId: 'r1',
          method: 'POST',
          url: '/api/x',
          status: 200,
          ms: 35.2,
        }),
      ),
    ).toBe('12:03:04  POST /api/x  200  35 ms\n');
    expect(
      prettyLine(JSON.stringify({ level: 40, time, msg: 'requery flagged', transaction_id: 't1' })),
    ).toBe('12:03:04  WARN  requery flagged  {"transaction_id":"t1"}\n');
    expect(prettyLine('not json')).toBe('not json\n');
  });

  describe.each(engines)('on %s at the default level', (engine) => {
    let kit: Kit;
    const lines: string[] = [];
    beforeAll(async () => {
      const options = {
        ...loggerOptions(prettyStream({ write: (line: string) => void lines.push(line) })),
        level: 'info',
      };
      kit = await createKit(engine, { logger: options });
    });
    afterAll(async () => kit.close());

    it('prints one line per API call and nothing for pages and static files', async () => {
      const a = await kit.user();
      lines.length = 0;
      expect((await kit.call(api.currentUser, { token: a.token })).status).toBe(200);
      await kit.app.inject({ url: '/assets/index-abc123.js' });
      await kit.app.inject({ url: '/favicon.ico' });
      await kit.app.inject({ url: '/auth/verifyemail/secret-token-123' });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}GET \/api\/user {2}200 {2}\d+ ms\n$/);
      expect(lines.join('')).not.toContain(a.token);
    });
  });
});
