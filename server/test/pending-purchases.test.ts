/**
 * Purchases pending past the alert age, for an admin (issue 23 item 4; ADR 0041): with the
 * real VTpass adapter against a fake upstream that leaves every purchase "processing", the
 * list shows only purchases older than PENDING_ALERT_HOURS; requery now applies the
 * provider's answer; fail and refund refunds once; mark delivered stores the token or pins
 * where a delivered purchase keeps them. Each is audited, refused for a customer, and does
 * nothing a second time, whether the second comes from another admin or from the requery
 * worker settling the purchase at the same moment.
 *
 * Time: the purchase is made now, then Date alone is moved 25 hours on (vi.setSystemTime),
 * so "past the alert age" is decided by the clock we set, never by how long a test took.
 */
import { api, PENDING_MSG, SERVER_MSG, DELIVERED_CODE_MAX } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemBalance } from '../src/domain/ledger.ts';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../src/providers/testing/fake-http.ts';
import { runRequeryOnce } from '../src/services/requery.ts';
import { createKit, engines, LIVE_ENV, PASSWORD, PIN, type Kit, type TestUser } from './helper.ts';

const HOUR = 3_600_000;
const FUNDS = 10_000_00;

const PROCESSING: FakeReply = {
  json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
};
const DELIVERED: FakeReply = {
  json: { code: '000', content: { transactions: { status: 'delivered' } } },
};
const FAILED: FakeReply = { json: { code: '016', response_description: 'TRANSACTION FAILED' } };

describe.each(engines)('pending purchases on %s', (engine) => {
  let kit: Kit;
  let fake: FakeServer;
  let requeryReply: FakeReply = PROCESSING;
  /** Runs while a requery is at the provider, before it answers (a race made deterministic). */
  let whileAsked: (() => Promise<void>) | undefined;
  /**
   * When set, only a requery about this provider request id runs `whileAsked`: the worker asks
   * every purchase it claimed at once (ADR 0060), and other tests' purchases may be among them.
   */
  let whileAskedFor: string | undefined;

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.handle(async (req) => {
      if (req.path === '/api/pay') return PROCESSING;
      const about = (req.body as { request_id?: unknown } | undefined)?.request_id;
      if (whileAskedFor !== undefined && about !== whileAskedFor) return requeryReply;
      const during = whileAsked;
      whileAsked = undefined;
      await during?.();
      return requeryReply;
    });
    kit = await createKit(engine, {
      env: {
        ...LIVE_ENV,
        VTPASS_BASE_URL: `${fake.url}/api`,
        PROVIDER_TIMEOUT_MS: '2000',
        PENDING_ALERT_HOURS: '24',
      },
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    requeryReply = PROCESSING;
    whileAsked = undefined;
    whileAskedFor = undefined;
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
    await fake.close();
  });

  type Bought = { user: TestUser; id: string; paid: number };

  /** An airtime purchase (₦1,000 for ₦980) or a WAEC pin, left pending by the provider. */
  async function pendingPurchase(product: 'airtime' | 'education' = 'airtime'): Promise<Bought> {
    const user = await kit.user({ funds: FUNDS });
    const res =
      product === 'airtime'
        ? await kit.call(api.airtime, {
            token: user.token,
            body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
          })
        : await kit.call(api.education, {
            token: user.token,
            body: { pin: PIN, service_id: 'waec', plan_id: 'waecdirect', quantity: 1 },
          });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.status).toBe('pending');
    const paid = FUNDS - (await kit.balance(user.id));
    expect(paid).toBeGreaterThan(0);
    return { user, id: res.body.message.transaction_id as string, paid };
  }

  /** Moves Date (only) past the alert age, then signs an admin in on that clock. */
  async function dayLater(): Promise<string> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * HOUR);
    return (await kit.user({ admin: true })).token;
  }

  async function row(id: string) {
    return kit.app.ctx.db
      .selectFrom('transactions')
      .select(['status', 'token', 'purchased_code', 'next_requery_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function audit(id: string) {
    return kit.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'admin_id', 'before_json', 'after_json'])
      .where('target_id', '=', id)
      .execute();
  }

  const float = () => systemBalance(kit.app.ctx.db, 'provider_float');

  it('lists only purchases pending past the alert age, oldest first', async () => {
    const old = await pendingPurchase();
    const admin = await dayLater();
    const young = await pendingPurchase();
    const res = await kit.call(api.pendingPurchases, { token: admin, query: { limit: '100' } });
    expect(res.status).toBe(200);
    expect(res.body.alert_hours).toBe(24);
    const ids = res.body.message.map((p: { transaction_id: string }) => p.transaction_id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(young.id);
    const item = res.body.message.find(
      (p: { transaction_id: string }) => p.transaction_id === old.id,
    );
    expect(item).toMatchObject({
      product: 'Airtime',
      destination: '08031235678',
      amount: old.paid / 100,
      goods: 'none',
      provider: 'vtpass',
    });
    // A purchase still the worker's is refused, whatever the action.
    const early = await kit.call(api.failPending, { token: admin, body: { id: young.id } });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(PENDING_MSG.tooRecent);
    expect((await row(young.id)).status).toBe('pending');
  });

  it('requery now: still pending changes nothing; delivered settles it, audited', async () => {
    const { user, id, paid } = await pendingPurchase();
    const admin = await dayLater();
    const still = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(still.status).toBe(200);
    expect(still.body.message).toBe(PENDING_MSG.stillPending);
    expect((await row(id)).status).toBe('pending');
    expect(await audit(id)).toEqual([]);

    requeryReply = DELIVERED;
    const res = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(res.body.message).toBe(PENDING_MSG.requeryDelivered);
    expect((await row(id)).status).toBe('successful');
    expect(await kit.balance(user.id)).toBe(FUNDS - paid);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(['purchase.requery']);
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ status: 'successful' });

    const again = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(PENDING_MSG.notPending);
  });

  it('requery now: a failed answer fails and refunds it once', async () => {
    const { user, id } = await pendingPurchase();
    const admin = await dayLater();
    const floatBefore = await float();
    requeryReply = FAILED;
    const res = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(res.body.message).toBe(PENDING_MSG.requeryFailed);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await float()).toBeLessThan(floatBefore);
    // The worker, passing afterwards, finds nothing left to do.
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + HOUR });
    expect(await kit.balance(user.id)).toBe(FUNDS);
  });

  it('requery now: a provider that cannot be asked is a 502 and changes nothing', async () => {
    const { id } = await pendingPurchase();
    const admin = await dayLater();
    requeryReply = { status: 503, text: '<html>Service Unavailable</html>' };
    const res = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(res.status).toBe(502);
    expect(res.body.msg).toBe(SERVER_MSG.providerUnavailable);
    expect((await row(id)).status).toBe('pending');
  });

  it('fail and refund: refunds the customer once, audited; a second click is refused', async () => {
    const { user, id, paid } = await pendingPurchase();
    const admin = await dayLater();
    const floatBefore = await float();
    const res = await kit.call(api.failPending, { token: admin, body: { id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PENDING_MSG.failedRefunded);
    expect(await row(id)).toMatchObject({ status: 'reversed', next_requery_at: null });
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await float()).toBe(floatBefore - paid);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(['purchase.fail']);
    expect(JSON.parse(entries[0]!.before_json!)).toEqual({ status: 'pending' });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({
      status: 'reversed',
      refunded_kobo: paid,
    });

    const again = await kit.call(api.failPending, { token: admin, body: { id } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(PENDING_MSG.notPending);
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await audit(id)).toHaveLength(1);
  });

  it('mark delivered: stores the pins, audits that a code was given (never the code)', async () => {
    const { user, id, paid } = await pendingPurchase('education');
    const admin = await dayLater();
    const listed = await kit.call(api.pendingPurchases, { token: admin, query: { limit: '100' } });
    const item = listed.body.message.find(
      (p: { transaction_id: string }) => p.transaction_id === id,
    );
    expect(item.goods).toBe('pins');

    const missing = await kit.call(api.deliverPending, { token: admin, body: { id } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(PENDING_MSG.codeRequired);
    const tooLong = await kit.call(api.deliverPending, {
      token: admin,
      body: { id, code: '1'.repeat(DELIVERED_CODE_MAX + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe(PENDING_MSG.codeTooLong);
    const odd = await kit.call(api.deliverPending, {
      token: admin,
      body: { id, code: '<script>' },
    });
    expect(odd.status).toBe(400);
    expect(odd.body.msg).toBe(PENDING_MSG.codeInvalid);
    expect((await row(id)).status).toBe('pending');

    const pins = 'Serial: WRN123456789, Pin: 123456789012';
    const res = await kit.call(api.deliverPending, { token: admin, body: { id, code: pins } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PENDING_MSG.markedDelivered);
    expect(await row(id)).toMatchObject({ status: 'successful', purchased_code: pins });
    expect(await kit.balance(user.id)).toBe(FUNDS - paid);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(['purchase.deliver']);
    expect(entries[0]!.after_json).not.toContain('123456789012');
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({
      status: 'successful',
      code_given: true,
    });
    // The customer sees the pins in their history (signed in again: a day has passed).
    const login = await kit.call(api.login, { body: { username: user.email, password: PASSWORD } });
    const history = await kit.call(api.currentUser, { token: login.body.JWTtoken });
    const mine = history.body.message.transactions.find(
      (t: { transaction_id: string }) => t.transaction_id === id,
    );
    expect(mine?.purchased_code).toBe(pins);
  });

  it('two admins acting at once: one action wins, money moves once', async () => {
    const { user, id, paid } = await pendingPurchase();
    const admin = await dayLater();
    const other = (await kit.user({ admin: true })).token;
    const [fail, deliver] = await Promise.all([
      kit.call(api.failPending, { token: admin, body: { id } }),
      kit.call(api.deliverPending, { token: other, body: { id } }),
    ]);
    expect([fail.status, deliver.status].sort()).toEqual([200, 409]);
    const loser = fail.status === 409 ? fail : deliver;
    expect(loser.body.msg).toBe(PENDING_MSG.notPending);
    const status = (await row(id)).status;
    expect(status).toBe(fail.status === 200 ? 'reversed' : 'successful');
    expect(await kit.balance(user.id)).toBe(status === 'reversed' ? FUNDS : FUNDS - paid);
    expect(await audit(id)).toHaveLength(1);
  });

  it('settled by another admin while this requery is at the provider: refused, money moves once', async () => {
    const { user, id } = await pendingPurchase();
    const admin = await dayLater();
    const other = (await kit.user({ admin: true })).token;
    let failed: Awaited<ReturnType<Kit['call']>> | undefined;
    whileAsked = async () => {
      failed = await kit.call(api.failPending, { token: other, body: { id } });
    };
    requeryReply = DELIVERED;
    const res = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(failed?.status).toBe(200);
    // The provider's "delivered" came after the refund: it must not make a refunded sale
    // successful again (the customer would have the goods and the money).
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(PENDING_MSG.notPending);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect((await audit(id)).map((e) => e.action)).toEqual(['purchase.fail']);
  });

  it('the requery worker and an admin on the same purchase: settled once', async () => {
    const { user, id, paid } = await pendingPurchase();
    const admin = await dayLater();
    requeryReply = DELIVERED;
    // The worker has claimed it and is asking the provider when the admin fails it.
    let fail: Awaited<ReturnType<Kit['call']>> | undefined;
    whileAskedFor = (
      await kit.app.ctx.db
        .selectFrom('transactions')
        .select('provider_request_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).provider_request_id!;
    whileAsked = async () => {
      fail = await kit.call(api.failPending, { token: admin, body: { id } });
    };
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + HOUR });
    expect(fail?.status).toBe(200);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await audit(id)).toHaveLength(1);
    expect(paid).toBeGreaterThan(0);
    // Settled first by the worker, then asked: refused, nothing moves.
    const late = await pendingPurchase();
    const lateAdmin = await dayLater();
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + HOUR });
    expect((await row(late.id)).status).toBe('successful');
    const refused = await kit.call(api.failPending, { token: lateAdmin, body: { id: late.id } });
    expect(refused.status).toBe(409);
    expect(await kit.balance(late.user.id)).toBe(FUNDS - late.paid);
  });

  it('is for admins only; an unknown purchase is a 404', async () => {
    const { id } = await pendingPurchase();
    const admin = await dayLater();
    const user = await kit.user();
    for (const endpoint of [api.requeryPending, api.failPending, api.deliverPending]) {
      const res = await kit.call(endpoint, { token: user.token, body: { id } });
      expect(res.status, endpoint.name).toBe(403);
      expect(res.body.msg).toBe(SERVER_MSG.forbidden);
    }
    expect((await kit.call(api.pendingPurchases, { token: user.token })).status).toBe(403);
    expect((await kit.call(api.pendingPurchases)).status).toBe(401);
    expect((await row(id)).status).toBe('pending');
    const unknown = await kit.call(api.failPending, { token: admin, body: { id: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(SERVER_MSG.transactionNotFound);
  });
});
