/**
 * Bearer secrets are not staff data (ADR 0071):
 * - no admin answer, whatever the role, carries a customer's coupon code, electricity token or
 *   exam pin in clear: each is masked (`••••1234`) and listed for the reveal;
 * - the reveal needs its permission (owners; a support admin an owner granted it to, audited),
 *   a reason, names one item, and is audited without the value; its retry is not answered
 *   with the value;
 * - the database holds no coupon code that could be redeemed: the lookup is a keyed hash, the
 *   codes are sealed, retry records keep none;
 * - what the customer sees of their own codes does not change.
 */
import {
  allEndpoints,
  api,
  maskBearer,
  REVEAL_MSG,
  REVEAL_REASON_MAX,
  ROLE_MSG,
  type AdminRole,
} from '@contract';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealedCodes } from '../../src/platform/db/sealed-codes.ts';
import { runWebhooksOnce } from '../../src/reseller/webhooks.ts';
import {
  adminLogin,
  createKit,
  engines,
  PASSWORD,
  PIN,
  type Kit,
  type TestUser,
} from '../helper.ts';

const REASON = 'Customer 0803 says the token did not load on the meter.';
/** Ikeja prepaid ₦500: the answer carries a token. */
const meter = {
  pin: PIN,
  service_id: 'ikeja-electric',
  variation_code: 'prepaid',
  meter_number: '45123455678',
  amount: 500,
};
/** WAEC result checker ×2: the answer carries two serials and pins. */
const waec = {
  pin: PIN,
  service_id: 'waec',
  plan_id: 'waecdirect',
  quantity: 2,
  profile_id: '88123455678',
};
const airtimeCoupon = { pin: PIN, product: 'AIRTIME', amount: 500, unit: 4, network_id: 'mtn' };

/** Every string worth stealing in a purchase or coupon: a code, a token, a pin (and its digits). */
function secretsOf(values: string[]): string[] {
  const out = new Set<string>();
  for (const value of values) {
    for (const item of value
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)) {
      out.add(item);
      // A pin or token without its label and spaces, and a coupon code's random part.
      const pin = /Pin:\s*([A-Za-z0-9]+)/.exec(item)?.[1];
      if (pin) out.add(pin);
      const digits = item.replace(/^[A-Za-z ]+:\s*/, '').replace(/[\s-]/g, '');
      if (digits.length >= 8) out.add(digits);
      const coupon = /^([A-Z0-9]{7}-[A-Z0-9]{7})-/.exec(item)?.[1];
      if (coupon) out.add(coupon);
    }
  }
  return [...out];
}

/** A reseller's webhook address on this machine, keeping what it receives. */
async function receiver() {
  const received: { body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)('bearer secrets on %s', (engine) => {
  let kit: Kit;
  let owner: string;
  const admins = {} as Record<AdminRole, TestUser>;
  let customer: TestUser;
  let redeemer: TestUser;
  /** The customer's purchases, as the customer was answered. */
  let couponBuy: { id: string; codes: string[] };
  let token: { id: string; value: string };
  let pins: { id: string; value: string };
  let redeemed: { id: string; code: string };
  let refunded: { id: string; code: string };
  let hook: Awaited<ReturnType<typeof receiver>>;
  let apiKey: string;

  beforeAll(async () => {
    kit = await createKit(engine);
    owner = await adminLogin(kit);
    for (const role of ['finance', 'support', 'pricing'] as const) {
      admins[role] = await kit.user();
      const made = await kit.call(api.setAdminRole, {
        token: owner,
        body: { email: admins[role].email, role },
      });
      expect(made.status).toBe(200);
      // A role change ends the sessions (ADR 0072): sign in again as the admin.
      const login = await kit.call(api.login, {
        body: { username: admins[role].email, password: PASSWORD },
      });
      admins[role].token = login.body.JWTtoken;
    }
    customer = await kit.user({ funds: 100_000_00 });
    redeemer = await kit.user({ funds: 10_000_00 });

    const bought = await kit.call(api.buyCoupon, { token: customer.token, body: airtimeCoupon });
    expect(bought.status).toBe(200);
    const codes = bought.body.message.map((c: { coupon_code: string }) => c.coupon_code);
    const history = await kit.call(api.myTransactions, {
      token: customer.token,
      query: { limit: '100' },
    });
    const couponRow = history.body.message.find((t: { product: string }) => t.product === 'Coupon');
    couponBuy = { id: couponRow.transaction_id, codes };

    const power = await kit.call(api.electricity, { token: customer.token, body: meter });
    expect(power.body.message.token).toBeTruthy();
    token = { id: power.body.message.transaction_id, value: power.body.message.token };
    const exam = await kit.call(api.education, { token: customer.token, body: waec });
    expect(exam.body.message.purchased_code).toMatch(/Pin/);
    pins = { id: exam.body.message.transaction_id, value: exam.body.message.purchased_code };

    // The redeemer uses the first code; the second one on a number the provider fails (0000):
    // reversed, that code can be redeemed again.
    const used = await kit.call(api.airtime, {
      token: redeemer.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 500, coupon_code: codes[0] },
    });
    expect(used.body).toMatchObject({ message: { status: 'successful' } });
    redeemed = { id: used.body.message.transaction_id, code: codes[0] };
    const failed = await kit.call(api.airtime, {
      token: redeemer.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 500, coupon_code: codes[1] },
      requestId: 'redeem-fails',
    });
    expect(failed.body).toMatchObject({ message: { status: 'reversed' } });
    refunded = { id: failed.body.message.transaction_id, code: codes[1] };

    // A reseller redeems the fourth through an API key, to a number the provider fails: its
    // webhooks (failed, reversed) name a code that is good again.
    hook = await receiver();
    const key = await kit.call(api.createApiKey, {
      token: redeemer.token,
      body: { name: 'Gift desk' },
    });
    apiKey = key.body.message.key;
    await kit.call(api.setWebhook, { token: redeemer.token, body: { url: hook.url } });
    const keyed = await kit.call(api.airtime, {
      headers: { 'x-api-key': apiKey, 'x-request-id': 'gift-1' },
      body: { pin: PIN, phone_number: '08031230000', amount: 500, coupon_code: codes[3] },
    });
    expect(keyed.body).toMatchObject({ message: { status: 'reversed', coupon_code: codes[3] } });
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await hook.close();
    await kit.close();
  });

  const allSecrets = () =>
    secretsOf([...couponBuy.codes, token.value, pins.value, redeemed.code, refunded.code]);
  const tokenOf = (who: AdminRole | 'owner') => (who === 'owner' ? owner : admins[who].token);
  const reveal = (
    who: AdminRole | 'owner',
    id: string,
    body: Record<string, unknown>,
    requestId?: string,
  ) => kit.call(api.revealSecret, { token: tokenOf(who), params: { id }, body, requestId });
  const auditCount = async () =>
    Number(
      (
        await kit.app.ctx.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(['support', 'finance', 'pricing', 'owner'] as const)(
    'no admin answer a %s admin reads carries a code, token or pin in clear',
    async (who) => {
      const gets = allEndpoints.filter(
        (e) => e.access === 'admin' && e.method === 'GET' && !e.path.includes(':'),
      );
      let read = 0;
      for (const e of gets) {
        const res = await kit.call(e, { token: tokenOf(who), query: { limit: '100' } });
        if (res.status !== 200) continue;
        read++;
        const text = JSON.stringify(res.body);
        for (const secret of allSecrets()) {
          expect(text.includes(secret), `${e.name} shows ${secret}`).toBe(false);
        }
      }
      expect(read).toBeGreaterThan(3);
    },
  );

  it("the admin list masks each item and lists it for the reveal; the customer's list does not", async () => {
    const list = await kit.call(api.transactions, {
      token: admins.support.token,
      query: { q: customer.email, limit: '100' },
    });
    const byId = (id: string) =>
      list.body.message.find((t: { transaction_id: string }) => t.transaction_id === id);
    const coupons = byId(couponBuy.id);
    expect(coupons.purchased_code).toBe(couponBuy.codes.map(maskBearer).join('; '));
    expect(coupons.purchased_code).toMatch(/^••••[A-Z0-9]{4}-AIRTIME; /);
    expect(coupons.secrets).toEqual(
      couponBuy.codes.map((code, item) => ({
        field: 'purchased_code',
        item,
        masked: maskBearer(code),
      })),
    );
    expect(byId(token.id).token).toBe(`••••${token.value.replace(/\D/g, '').slice(-4)}`);
    expect(byId(token.id).secrets).toEqual([
      { field: 'token', item: 0, masked: byId(token.id).token },
    ]);
    expect(byId(pins.id).secrets.map((s: { item: number }) => s.item)).toEqual([0, 1]);
    const used = await kit.call(api.transactions, {
      token: admins.support.token,
      query: { id: redeemed.id },
    });
    expect(used.body.message[0].coupon_code).toBe(maskBearer(redeemed.code));

    const mine = await kit.call(api.myTransactions, {
      token: customer.token,
      query: { limit: '100' },
    });
    const own = mine.body.message.find(
      (t: { transaction_id: string }) => t.transaction_id === couponBuy.id,
    );
    expect(own.purchased_code).toBe(couponBuy.codes.join('; '));
  });

  it('the reveal is refused without its permission, and a refusal writes nothing', async () => {
    const before = await auditCount();
    for (const who of ['support', 'finance', 'pricing'] as const) {
      const res = await reveal(who, token.id, { field: 'token', reason: REASON });
      expect(res).toEqual({
        status: 403,
        body: { type: 'forbidden', msg: ROLE_MSG.notAllowed(who) },
      });
    }
    const customerTry = await kit.call(api.revealSecret, {
      token: customer.token,
      params: { id: token.id },
      body: { field: 'token', reason: REASON },
    });
    expect(customerTry.status).toBe(403);
    expect(JSON.stringify(customerTry.body)).not.toContain(token.value);
    expect(await auditCount()).toBe(before);
  });

  it('an owner reveals one item with a reason: audited with who, which and why, never the value', async () => {
    const res = await reveal('owner', couponBuy.id, {
      field: 'purchased_code',
      item: 2,
      reason: REASON,
    });
    expect(res).toEqual({
      status: 200,
      body: { message: { field: 'purchased_code', item: 2, value: couponBuy.codes[2] } },
    });
    const audit = await kit.call(api.auditLog, {
      token: owner,
      query: { action: 'secret.reveal', target: couponBuy.id },
    });
    expect(audit.body.message).toHaveLength(1);
    expect(audit.body.message[0]).toMatchObject({
      action: 'secret.reveal',
      admin: kit.config.adminEmail,
      target_type: 'transaction',
      target_id: couponBuy.id,
      target_label: customer.email,
      after: {
        field: 'purchased_code',
        item: 2,
        masked: maskBearer(couponBuy.codes[2]!),
        reason: REASON,
      },
    });
    expect(JSON.stringify(audit.body)).not.toContain(couponBuy.codes[2]);
    // The token and the redeemer's coupon, one each.
    const t = await reveal('owner', token.id, { field: 'token', reason: REASON });
    expect(t.body.message.value).toBe(token.value);
    const c = await reveal('owner', refunded.id, { field: 'coupon_code', reason: REASON });
    expect(c.body.message.value).toBe(refunded.code);
  });

  it('the reason is required, long enough and not too long; an item must exist', async () => {
    const before = await auditCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ field: 'token' }, 400, REVEAL_MSG.reasonRequired],
      [{ field: 'token', reason: '   ' }, 400, REVEAL_MSG.reasonRequired],
      [{ field: 'token', reason: 'because' }, 400, REVEAL_MSG.reasonTooShort],
      [
        { field: 'token', reason: 'x'.repeat(REVEAL_REASON_MAX + 1) },
        400,
        REVEAL_MSG.reasonTooLong,
      ],
      [{ field: 'pin', reason: REASON }, 400, REVEAL_MSG.fieldInvalid],
      [{ field: 'token', item: -1, reason: REASON }, 400, REVEAL_MSG.fieldInvalid],
      [{ field: 'token', item: 1, reason: REASON }, 404, REVEAL_MSG.notFound],
      [{ field: 'purchased_code', reason: REASON }, 404, REVEAL_MSG.notFound],
    ];
    for (const [body, status, msg] of cases) {
      const res = await reveal('owner', token.id, body);
      expect([body, res.status, res.body.msg]).toEqual([body, status, msg]);
    }
    const unknown = await reveal('owner', 'no-such-id', { field: 'token', reason: REASON });
    expect(unknown.status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('a retry of a reveal is told to reveal again; the retry record holds no value', async () => {
    const body = { field: 'token', reason: REASON };
    const first = await reveal('owner', token.id, body, 'reveal-once');
    expect(first.body.message.value).toBe(token.value);
    const retry = await reveal('owner', token.id, body, 'reveal-once');
    expect(retry).toEqual({ status: 409, body: { type: 'conflict', msg: REVEAL_MSG.shownOnce } });
    const rows = await kit.app.ctx.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('request_id', '=', 'reveal-once')
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token.value);
  });

  it('an owner grants the reveal to a support admin and takes it back, both audited', async () => {
    const support = admins.support;
    const grant = (user: TestUser, granted: boolean) =>
      kit.call(api.setAdminGrant, {
        token: owner,
        body: { user_id: user.id, permission: 'secrets.reveal', granted },
      });
    // Only support may be given it; finance and pricing may not, an owner has it.
    for (const who of ['finance', 'pricing'] as const) {
      expect((await grant(admins[who], true)).body).toEqual({
        type: 'conflict',
        msg: REVEAL_MSG.notGrantable,
      });
    }
    // Nor may a support admin grant it to themselves.
    const self = await kit.call(api.setAdminGrant, {
      token: support.token,
      body: { user_id: support.id, permission: 'secrets.reveal', granted: true },
    });
    expect(self.status).toBe(403);

    expect(await grant(support, true)).toEqual({
      status: 200,
      body: { message: REVEAL_MSG.granted },
    });
    expect((await grant(support, true)).body.msg).toBe(REVEAL_MSG.unchanged);
    const me = await kit.call(api.adminSelf, { token: support.token });
    expect(me.body.message).toMatchObject({ role: 'support', grants: ['secrets.reveal'] });
    const listed = await kit.call(api.admins, { token: owner });
    expect(listed.body.message.find((a: { id: string }) => a.id === support.id).grants).toEqual([
      'secrets.reveal',
    ]);

    const seen = await reveal('support', pins.id, {
      field: 'purchased_code',
      item: 1,
      reason: REASON,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.message.value).toBe(pins.value.split(';')[1]!.trim());

    expect(await grant(support, false)).toEqual({
      status: 200,
      body: { message: REVEAL_MSG.revoked },
    });
    const refused = await reveal('support', pins.id, { field: 'purchased_code', reason: REASON });
    expect(refused.status).toBe(403);

    const audit = await kit.call(api.auditLog, {
      token: owner,
      query: { action: 'admin.grant', target: support.id },
    });
    expect(audit.body.message.map((a: { after: object }) => a.after)).toEqual([
      { 'secrets.reveal': false },
      { 'secrets.reveal': true },
    ]);
  });

  it('a grant ends with a change of role', async () => {
    const helper = await kit.user();
    await kit.call(api.setAdminRole, {
      token: owner,
      body: { email: helper.email, role: 'support' },
    });
    await kit.call(api.setAdminGrant, {
      token: owner,
      body: { user_id: helper.id, permission: 'secrets.reveal', granted: true },
    });
    const grantsOf = async () =>
      (await kit.call(api.admins, { token: owner })).body.message.find(
        (a: { id: string }) => a.id === helper.id,
      ).grants;
    expect(await grantsOf()).toEqual(['secrets.reveal']);
    await kit.call(api.setAdminRole, {
      token: owner,
      body: { email: helper.email, role: 'finance' },
    });
    await kit.call(api.setAdminRole, {
      token: owner,
      body: { email: helper.email, role: 'support' },
    });
    expect(await grantsOf()).toEqual([]);
  });

  it('the database keeps no coupon code that could be redeemed: a keyed hash, the codes sealed', async () => {
    const live = couponBuy.codes.filter((c) => c !== redeemed.code);
    // A reader of the database, not the app: a handle without the codes key reads raw rows.
    const tables =
      engine === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table'`.execute(kit.app.ctx.db)
          ).rows.map((r) => r.name)
        : (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
              kit.app.ctx.db,
            )
          ).rows.map((r) => r.name);
    // The outbox (the mail saying the code can be used again) and the webhooks included.
    const raw: string[] = [];
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        kit.app.ctx.db.withoutPlugins(),
      );
      raw.push(JSON.stringify(rows.rows));
    }
    const everything = raw.join('\n');
    for (const code of live) {
      expect(everything.includes(code), `the database holds ${code}`).toBe(false);
    }
    const codes = sealedCodes(kit.app.ctx.db);
    const row = await kit.app.ctx.db
      .withoutPlugins()
      .selectFrom('coupons')
      .selectAll()
      .where('code', '=', codes.hash(live[0]!))
      .executeTakeFirstOrThrow();
    expect(row.sealed_code).not.toContain(live[0]);
    expect(codes.open(row.sealed_code)).toBe(live[0]);
  });

  it('what the customer sees of their own codes is as before: list, purchase, history, retry, redemption', async () => {
    const u = await kit.user({ funds: 20_000_00 });
    const body = { ...airtimeCoupon, unit: 2 };
    const bought = await kit.call(api.buyCoupon, { token: u.token, body, requestId: 'buy-2' });
    const codes: string[] = bought.body.message.map((c: { coupon_code: string }) => c.coupon_code);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{7}-[A-HJKMNP-Z2-9]{7}-AIRTIME$/);
    // A retry of the same request answers the same codes, and its record keeps none.
    const retry = await kit.call(api.buyCoupon, { token: u.token, body, requestId: 'buy-2' });
    expect(retry.body.message.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual(
      [...codes].sort(),
    );
    const kept = await kit.app.ctx.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('request_id', '=', 'buy-2')
      .executeTakeFirstOrThrow();
    for (const code of codes) expect(kept.response ?? '').not.toContain(code);

    const list = await kit.call(api.myCoupons, { token: u.token });
    expect(list.body.message.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual(
      [...codes].sort(),
    );
    const current = await kit.call(api.currentUser, { token: u.token });
    expect(
      current.body.message.coupons.map((c: { coupon_code: string }) => c.coupon_code).sort(),
    ).toEqual([...codes].sort());
    const line = current.body.message.transactions.find(
      (t: { product: string }) => t.product === 'Coupon',
    );
    expect(line.purchased_code.split('; ').sort()).toEqual([...codes].sort());

    const loaded = await kit.call(api.verifyCoupon, { body: { coupon_code: codes[0] } });
    expect(loaded.body.message.coupon_code).toBe(codes[0]);
    const used = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 500, coupon_code: codes[0] },
    });
    expect(used.body.message).toMatchObject({ status: 'successful', coupon_code: codes[0] });
    const mails = await kit.mail(u.email);
    expect(mails.some((m) => m.text.includes(`Paid with coupon ${codes[0]}.`))).toBe(true);
    // The redeemer's failed redemption told them the code is good again, and it is.
    const refundMails = await kit.mail(redeemer.email);
    expect(
      refundMails.some((m) => m.text.includes(`coupon ${refunded.code} can be used again`)),
    ).toBe(true);
    const again = await kit.call(api.verifyCoupon, { body: { coupon_code: refunded.code } });
    expect(again.body.message.isValid).toBe(true);
    // The failed redemption's retry answers it as it stands, with its code.
    const replay = await kit.call(api.airtime, {
      token: redeemer.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 500, coupon_code: refunded.code },
      requestId: 'redeem-fails',
    });
    expect(replay.body.message).toMatchObject({
      transaction_id: refunded.id,
      status: 'reversed',
      coupon_code: refunded.code,
    });
    // The reseller's webhooks name their code, as they did.
    expect(await runWebhooksOnce(kit.app.ctx)).toBeGreaterThanOrEqual(2);
    const events = hook.received.map(
      (r) => JSON.parse(r.body) as { data: { coupon_code?: string } },
    );
    expect(events.map((e) => e.data.coupon_code)).toEqual([couponBuy.codes[3], couponBuy.codes[3]]);
  });
});
