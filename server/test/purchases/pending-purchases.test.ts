/**
 * Purchases pending past the alert age, for an admin (ADR 0041): with the
 * real VTpass adapter against a fake upstream that leaves every purchase "processing", the
 * list shows only purchases older than PENDING_ALERT_HOURS; requery now applies the
 * provider's answer; fail and refund refunds once; mark delivered stores the token or pins
 * where a delivered purchase keeps them. Each is audited, refused for a customer, and does
 * nothing a second time, whether the second comes from another admin or from the requery
 * worker settling the purchase at the same moment.
 *
 * Fail and refund and mark delivered ask the provider first and are refused, with its words,
 * when its answer contradicts them (ADR 0073); a definite answer that comes for a purchase
 * already settled the other way (an admin's requery, the requery worker, VTpass's callback) is
 * recorded once as a dispute, counted in /metrics and reported by reconcile, and moves no
 * money; only an owner resolves one, audited.
 *
 * Time: the purchase is made now, then Date alone is moved 25 hours on (vi.setSystemTime),
 * so "past the alert age" is decided by the clock we set, never by how long a test took.
 */
import {
  api,
  DELIVERED_CODE_MAX,
  DISPUTE_MSG,
  FOUR_EYES_MSG,
  PENDING_MSG,
  ROLE_MSG,
  SERVER_MSG,
} from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemBalance } from '../../src/wallet/ledger.ts';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { callbackFor, requeryAnswer } from '../../src/providers/testing/vtpass-fixtures.ts';
import { reconcile } from '../../src/admin/reconciliation.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { createKit, engines, LIVE_ENV, PASSWORD, PIN, type Kit, type TestUser } from '../helper.ts';

const HOUR = 3_600_000;
const FUNDS = 10_000_00;

const PROCESSING: FakeReply = {
  json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
};
const DELIVERED: FakeReply = {
  json: { code: '000', content: { transactions: { status: 'delivered' } } },
};
const FAILED: FakeReply = { json: { code: '016', response_description: 'TRANSACTION FAILED' } };
/** VTpass requery 015: "this RequestID was not used on our platform". */
const NO_RECORD: FakeReply = {
  json: { code: '015', response_description: 'INVALID REQUEST ID' },
};
const UNREACHABLE: FakeReply = { status: 503, text: '<html>Service Unavailable</html>' };

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
  /**
   * Requery answers in the order the requeries arrive (then `requeryReply`): the first asker
   * gets the first, even when a second asks while the first is still at the provider.
   */
  let answers: FakeReply[] = [];

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.handle(async (req) => {
      if (req.path === '/api/pay') return PROCESSING;
      if (req.path !== '/api/requery') return { status: 404, json: { status: 'error' } };
      const about = (req.body as { request_id?: unknown } | undefined)?.request_id;
      if (whileAskedFor !== undefined && about !== whileAskedFor) return requeryReply;
      const reply = answers.shift() ?? requeryReply;
      const during = whileAsked;
      whileAsked = undefined;
      await during?.();
      return reply;
    });
    kit = await createKit(engine, {
      env: {
        ...LIVE_ENV,
        VTPASS_BASE_URL: `${fake.url}/api`,
        // Reconcile lists Flutterwave's transfers: asked of the fake (which has none), not the web.
        FLUTTERWAVE_BASE_URL: fake.url,
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
    answers = [];
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

  async function disputesOf(id: string) {
    return kit.app.ctx.db
      .selectFrom('purchase_disputes')
      .selectAll()
      .where('transaction_id', '=', id)
      .execute();
  }

  /** The open-disputes gauge as a scrape of /metrics reads it. */
  async function openGauge(): Promise<number> {
    const text = await kit.app.ctx.metrics.registry.metrics();
    const line = /^paybills_purchase_disputes_open (\d+)$/m.exec(text);
    expect(line, 'the gauge paybills_purchase_disputes_open').not.toBeNull();
    return Number(line![1]);
  }

  async function requestIdOf(id: string): Promise<string> {
    const r = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('provider_request_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return r.provider_request_id!;
  }

  /** A signed-in admin of `role` (an owner's choice; read from the account on every call). */
  async function adminOf(role: 'finance' | 'support'): Promise<string> {
    return (await kit.user({ role })).token;
  }

  it('lists every purchase pending now, oldest first; past the alert age is overdue', async () => {
    const old = await pendingPurchase();
    const admin = await dayLater();
    const young = await pendingPurchase();
    const res = await kit.call(api.pendingPurchases, { token: admin, query: { limit: '100' } });
    expect(res.status).toBe(200);
    expect(res.body.alert_hours).toBe(24);
    const ids = res.body.message.map((p: { transaction_id: string }) => p.transaction_id);
    // The alert age is the alert, not a filter (ADR 0078): the young one is listed, after.
    expect(ids).toContain(old.id);
    expect(ids).toContain(young.id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(young.id));
    const item = res.body.message.find(
      (p: { transaction_id: string }) => p.transaction_id === old.id,
    );
    expect(item).toMatchObject({
      product: 'Airtime',
      destination: '08031235678',
      amount: old.paid / 100,
      goods: 'none',
      provider: 'vtpass',
      overdue: true,
    });
    expect(
      res.body.message.find((p: { transaction_id: string }) => p.transaction_id === young.id),
    ).toMatchObject({ overdue: false });
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

  it('fail and refund: never of the admin’s own purchase, even when the provider says failed', async () => {
    const me = await kit.user({ admin: true, funds: FUNDS });
    const bought = await kit.call(api.airtime, {
      token: me.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
    });
    const id = bought.body.message.transaction_id as string;
    await dayLater();
    // A day on, the admin's session goes on through its refresh token (two-factor passed).
    const session = await kit.call(api.refresh, { body: { refresh_token: me.refresh } });
    expect(session.status).toBe(200);
    requeryReply = FAILED;
    const before = await kit.balance(me.id);
    const res = await kit.call(api.failPending, { token: session.body.JWTtoken, body: { id } });
    expect(res).toMatchObject({ status: 403, body: { msg: FOUR_EYES_MSG.ownWallet } });
    expect((await row(id)).status).toBe('pending');
    expect(await kit.balance(me.id)).toBe(before);
    expect(await audit(id)).toHaveLength(0);
  });

  it('fail and refund: refunds the customer once, audited; a second click is refused', async () => {
    const { user, id, paid } = await pendingPurchase();
    const admin = await dayLater();
    const floatBefore = await float();
    requeryReply = FAILED;
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
      provider_said: 'failed',
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
      provider_said: 'processing',
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
    const { user, id } = await pendingPurchase();
    const admin = await dayLater();
    const other = (await kit.user({ admin: true })).token;
    requeryReply = FAILED;
    const [first, second] = await Promise.all([
      kit.call(api.failPending, { token: admin, body: { id } }),
      kit.call(api.failPending, { token: other, body: { id } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.msg).toBe(PENDING_MSG.notPending);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await audit(id)).toHaveLength(1);
    // Both heard "failed": nothing contradicts the refund.
    expect(await disputesOf(id)).toEqual([]);
  });

  it('settled by another admin while this requery is at the provider: disputed, money moves once', async () => {
    const { user, id } = await pendingPurchase();
    const admin = await dayLater();
    const other = (await kit.user({ admin: true })).token;
    let failed: Awaited<ReturnType<Kit['call']>> | undefined;
    whileAsked = async () => {
      failed = await kit.call(api.failPending, { token: other, body: { id } });
    };
    // This requery hears "delivered"; the other admin's, asked meanwhile, "failed".
    answers = [DELIVERED, FAILED];
    const res = await kit.call(api.requeryPending, { token: admin, body: { id } });
    expect(failed?.status).toBe(200);
    // The provider's "delivered" came after the refund: it must not make a refunded sale
    // successful again, nor be dropped: the customer may have the goods and the money.
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(PENDING_MSG.settledDisputed);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect((await audit(id)).map((e) => e.action)).toEqual(['purchase.fail']);
    expect(await disputesOf(id)).toEqual([
      expect.objectContaining({
        ours: 'refunded',
        provider_says: 'delivered',
        provider_code: '000 delivered',
        source: 'admin',
        resolved_at: null,
      }),
    ]);
  });

  it('the requery worker and an admin on the same purchase: settled once, a late answer disputed once', async () => {
    const { user, id, paid } = await pendingPurchase();
    const admin = await dayLater();
    requeryReply = DELIVERED;
    const openBefore = await openGauge();
    // The worker has claimed it and is asking the provider when the admin fails it: the
    // admin's requery hears "failed", the worker's, answered after the refund, "delivered".
    let fail: Awaited<ReturnType<Kit['call']>> | undefined;
    whileAskedFor = await requestIdOf(id);
    answers = [DELIVERED, FAILED];
    whileAsked = async () => {
      fail = await kit.call(api.failPending, { token: admin, body: { id } });
    };
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + HOUR });
    expect(fail?.status).toBe(200);
    expect((await row(id)).status).toBe('reversed');
    expect(await kit.balance(user.id)).toBe(FUNDS);
    expect(await audit(id)).toHaveLength(1);
    expect(paid).toBeGreaterThan(0);
    // The worker's late "delivered" is not dropped: a dispute, and no money moves by itself.
    const [dispute] = await disputesOf(id);
    expect(dispute).toMatchObject({
      ours: 'refunded',
      provider_says: 'delivered',
      source: 'requery',
      resolved_at: null,
    });
    expect(await openGauge()).toBe(openBefore + 1);
    const report = await reconcile(kit.app.ctx);
    expect(report.ok).toBe(false);
    expect(report.open_disputes.filter((d) => d.transaction_id === id)).toEqual([
      expect.objectContaining({ ours: 'refunded', provider_says: 'delivered', amount: paid }),
    ]);
    // Said again (VTpass's callback, then the admin's list): still one dispute, the first.
    whileAskedFor = undefined;
    requeryReply = { json: requeryAnswer(await requestIdOf(id), 'delivered') };
    const hint = await kit.call(api.vtpassWebhook, {
      body: callbackFor(await requestIdOf(id), 'delivered'),
    });
    expect(hint.status).toBe(200);
    expect(await disputesOf(id)).toEqual([dispute]);
    expect(await openGauge()).toBe(openBefore + 1);
    expect(await kit.balance(user.id)).toBe(FUNDS);
    const listed = await kit.call(api.purchaseDisputes, { token: admin, query: { limit: '100' } });
    expect(listed.status).toBe(200);
    expect(
      listed.body.message.filter((d: { transaction_id: string }) => d.transaction_id === id),
    ).toEqual([
      expect.objectContaining({
        user: user.email,
        ours: 'refunded',
        provider_says: 'delivered',
        source: 'requery',
        amount: paid / 100,
        resolved_by: null,
      }),
    ]);
    requeryReply = DELIVERED;
    // Settled first by the worker, then asked: refused, nothing moves.
    const late = await pendingPurchase();
    const lateAdmin = await dayLater();
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + HOUR });
    expect((await row(late.id)).status).toBe('successful');
    const refused = await kit.call(api.failPending, { token: lateAdmin, body: { id: late.id } });
    expect(refused.status).toBe(409);
    expect(await kit.balance(late.user.id)).toBe(FUNDS - late.paid);
  });

  /** What a refused action must leave as it was. */
  async function unchanged(bought: Bought) {
    expect((await row(bought.id)).status).toBe('pending');
    expect(await kit.balance(bought.user.id)).toBe(FUNDS - bought.paid);
    expect(await audit(bought.id)).toEqual([]);
    expect(await disputesOf(bought.id)).toEqual([]);
  }

  it('fail and refund asks the provider first: refused while it says delivered or processing, or cannot be asked', async () => {
    const bought = await pendingPurchase();
    const { id } = bought;
    const admin = await dayLater();
    const floatBefore = await float();

    requeryReply = DELIVERED;
    const delivered = await kit.call(api.failPending, { token: admin, body: { id } });
    expect(delivered.status).toBe(409);
    expect(delivered.body.msg).toBe(PENDING_MSG.failButDelivered('VTpass', '000 delivered'));
    await unchanged(bought);

    requeryReply = PROCESSING;
    const processing = await kit.call(api.failPending, { token: admin, body: { id } });
    expect(processing.status).toBe(409);
    expect(processing.body.msg).toBe(
      PENDING_MSG.failButProcessing('VTpass', '099, TRANSACTION IS PROCESSING'),
    );
    await unchanged(bought);

    requeryReply = UNREACHABLE;
    const unreachable = await kit.call(api.failPending, { token: admin, body: { id } });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.msg).toBe(PENDING_MSG.failUnreachable('VTpass'));
    await unchanged(bought);
    expect(await float()).toBe(floatBefore);

    // The provider has no record of it, a day after the purchase call ended: never made.
    requeryReply = NO_RECORD;
    const res = await kit.call(api.failPending, { token: admin, body: { id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PENDING_MSG.failedRefunded);
    expect(await kit.balance(bought.user.id)).toBe(FUNDS);
    const entries = await audit(id);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({ provider_said: 'no record' });
  });

  it('mark delivered asks the provider first: refused when it says failed or has no record', async () => {
    const bought = await pendingPurchase();
    const { id } = bought;
    const admin = await dayLater();

    requeryReply = FAILED;
    const failed = await kit.call(api.deliverPending, { token: admin, body: { id } });
    expect(failed.status).toBe(409);
    expect(failed.body.msg).toBe(PENDING_MSG.deliverButFailed('VTpass', '016, TRANSACTION FAILED'));
    await unchanged(bought);

    requeryReply = NO_RECORD;
    const unknown = await kit.call(api.deliverPending, { token: admin, body: { id } });
    expect(unknown.status).toBe(409);
    expect(unknown.body.msg).toBe(PENDING_MSG.deliverButUnknown('VTpass'));
    await unchanged(bought);

    // A provider that cannot be asked does not contradict the admin, who has the provider's
    // token or reference: their word, and the audit entry says the provider was not heard.
    requeryReply = UNREACHABLE;
    const res = await kit.call(api.deliverPending, { token: admin, body: { id, code: 'REF 77' } });
    expect(res.status).toBe(200);
    expect((await row(id)).status).toBe('successful');
    expect(await kit.balance(bought.user.id)).toBe(FUNDS - bought.paid);
    const entries = await audit(id);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({ provider_said: 'unreachable' });
  });

  it("a purchase marked delivered that the provider's callback then reports failed: disputed, not refunded", async () => {
    const bought = await pendingPurchase();
    const admin = await dayLater();
    requeryReply = PROCESSING;
    const delivered = await kit.call(api.deliverPending, {
      token: admin,
      body: { id: bought.id, code: 'REF 88' },
    });
    expect(delivered.status).toBe(200);
    const requestId = await requestIdOf(bought.id);
    requeryReply = { json: requeryAnswer(requestId, 'failed', '016') };
    const hint = await kit.call(api.vtpassWebhook, { body: callbackFor(requestId, 'reversed') });
    expect(hint.status).toBe(200);
    // The admin's word against the provider's: an owner decides, no money moves by itself.
    expect((await row(bought.id)).status).toBe('successful');
    expect(await kit.balance(bought.user.id)).toBe(FUNDS - bought.paid);
    expect(await disputesOf(bought.id)).toEqual([
      expect.objectContaining({
        ours: 'delivered',
        provider_says: 'failed',
        provider_code: '016 failed',
        source: 'callback',
      }),
    ]);
  });

  it('only an owner resolves a dispute, once, audited; an adjustment resolution needs the adjustment', async () => {
    const bought = await pendingPurchase();
    const { id } = bought;
    const owner = await dayLater();
    const finance = await adminOf('finance');
    const support = await adminOf('support');
    const other = (await kit.user({ admin: true })).token;
    // Refunded on the provider's "failed"; the worker's requery then hears "delivered".
    whileAskedFor = await requestIdOf(id);
    answers = [DELIVERED, FAILED];
    whileAsked = async () => {
      expect((await kit.call(api.failPending, { token: owner, body: { id } })).status).toBe(200);
    };
    await runRequeryOnce(kit.app.ctx, { now: Date.now() + HOUR });
    expect(await disputesOf(id)).toHaveLength(1);
    const openBefore = await openGauge();

    // Finance reads the list (payments) but may not resolve; support may do neither.
    const read = await kit.call(api.purchaseDisputes, { token: finance, query: { limit: '100' } });
    expect(read.status).toBe(200);
    expect(read.body.message.map((d: { transaction_id: string }) => d.transaction_id)).toContain(
      id,
    );
    expect((await kit.call(api.purchaseDisputes, { token: support })).status).toBe(403);
    const body = { id, resolution: 'kept', note: 'VTpass confirmed by mail: not delivered.' };
    const refused = await kit.call(api.resolveDispute, { token: finance, body });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(ROLE_MSG.notAllowed('finance'));
    const customer = await kit.call(api.resolveDispute, { token: bought.user.token, body });
    expect(customer.status).toBe(403);

    // Refusals write nothing: a note is needed; an adjustment must exist, approved, for them.
    const noNote = await kit.call(api.resolveDispute, {
      token: owner,
      body: { ...body, note: '  ' },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.body.msg).toBe(DISPUTE_MSG.noteRequired);
    const noAdjustment = await kit.call(api.resolveDispute, {
      token: owner,
      body: { ...body, resolution: 'adjusted' },
    });
    expect(noAdjustment.status).toBe(400);
    expect(noAdjustment.body.msg).toBe(DISPUTE_MSG.adjustmentRequired);
    const made = await kit.call(api.createAdjustment, {
      token: other,
      body: {
        email: bought.user.email,
        direction: 'debit',
        amount: bought.paid / 100,
        reason: 'Refund taken back: the provider delivered the purchase.',
        reference: `DISPUTE-${id.slice(0, 8)}`,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const unknownAdjustment = await kit.call(api.resolveDispute, {
      token: owner,
      body: { ...body, resolution: 'adjusted', adjustment: 'NO-SUCH-REF' },
    });
    expect(unknownAdjustment.status).toBe(409);
    expect(unknownAdjustment.body.msg).toBe(DISPUTE_MSG.adjustmentNotFound);
    expect(await audit(id)).toHaveLength(1);
    expect((await disputesOf(id))[0]!.resolved_at).toBeNull();

    const res = await kit.call(api.resolveDispute, {
      token: owner,
      body: { ...body, resolution: 'adjusted', adjustment: `DISPUTE-${id.slice(0, 8)}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(DISPUTE_MSG.resolved);
    const [resolved] = await disputesOf(id);
    expect(resolved).toMatchObject({ resolution: 'adjusted', note: body.note });
    expect(Number(resolved!.resolved_at)).toBeGreaterThan(0);
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(['purchase.fail', 'purchase.dispute']);
    const entry = entries[1]!;
    expect(JSON.parse(entry.before_json!)).toEqual({
      ours: 'refunded',
      provider_says: 'delivered',
      resolution: null,
    });
    expect(JSON.parse(entry.after_json!)).toEqual({
      resolution: 'adjusted',
      adjustment: `DISPUTE-${id.slice(0, 8)}`,
      note: body.note,
    });
    expect(await openGauge()).toBe(openBefore - 1);

    const again = await kit.call(api.resolveDispute, { token: owner, body });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(DISPUTE_MSG.alreadyResolved);
    const missing = await kit.call(api.resolveDispute, {
      token: owner,
      body: { ...body, id: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(DISPUTE_MSG.notFound);

    const open = await kit.call(api.purchaseDisputes, { token: owner, query: { limit: '100' } });
    expect(
      open.body.message.map((d: { transaction_id: string }) => d.transaction_id),
    ).not.toContain(id);
    const done = await kit.call(api.purchaseDisputes, {
      token: owner,
      query: { limit: '100', status: 'resolved' },
    });
    const mine = done.body.message.find((d: { transaction_id: string }) => d.transaction_id === id);
    expect(mine).toMatchObject({ resolution: 'adjusted', note: body.note });
    expect(mine.resolved_by).toMatch(/@example\.com$/);
    expect((await reconcile(kit.app.ctx)).open_disputes.map((d) => d.transaction_id)).not.toContain(
      id,
    );
  });

  it('is for admins only; an unknown purchase is a 404', async () => {
    const { id } = await pendingPurchase();
    const admin = await dayLater();
    const user = await kit.user();
    for (const endpoint of [
      api.requeryPending,
      api.failPending,
      api.deliverPending,
      api.resolveDispute,
    ]) {
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
