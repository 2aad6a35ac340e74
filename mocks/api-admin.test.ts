import { api, MSG, NAIRA, ROLE_MSG, SERVER_MSG } from '@contract';
import { describe, expect, it, vi } from 'vitest';
import { DAY, freezeClock, HOUR, SEED_NOW } from './clock';
import { errorHandler, MOCK_WEBHOOK_HASH } from './contract-handler';
import { db } from './db';
import {
  BLOCKED_CUSTOMER,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  FRIEND_CUSTOMER,
  SEED_PIN,
} from './fixtures/users';
import { server } from './node';
import { BASE, call, ok, refusal } from './test-client';
import { balanceOf, loginAdmin, loginAs, setupMockServer } from './test-setup';
import { signAccessToken } from './tokens';
import { variants } from './variants';

setupMockServer();

describe('admin access', () => {
  it('refuses a customer with 403 and no token with 401', async () => {
    const customer = await loginAs();
    const forbidden = await call(api.users, { token: customer });
    expect(forbidden.status).toBe(403);
    expect(refusal(forbidden.json)).toEqual({ type: 'forbidden', msg: SERVER_MSG.forbidden });
    const anonymous = await call(api.users);
    expect(anonymous.status).toBe(401);
  });

  it('refuses a blocked user holding a valid token', async () => {
    const res = await call(api.currentUser, { token: signAccessToken(BLOCKED_CUSTOMER.id) });
    expect(res.status).toBe(423);
    expect(refusal(res.json).type).toBe('blocked');
  });
});

describe('paging', () => {
  it('page=2&limit=5 gives items 6–10 with the right pages and total', async () => {
    const token = await loginAdmin();
    const all = await ok(api.users, { token, query: { page: 1, limit: 100 } });
    const page2 = await ok(api.users, { token, query: { page: 2, limit: 5 } });
    expect(page2.total).toBe(db.users.length);
    expect(page2.pages).toBe(Math.ceil(db.users.length / 5));
    expect(page2.page).toBe(2);
    expect(page2.message.map((u) => u.id)).toEqual(all.message.slice(5, 10).map((u) => u.id));
  });

  it('searches users by the start of a name word, an e-mail or a phone, as the server', async () => {
    const token = await loginAdmin();
    const one = await ok(api.users, { token, query: { q: 'CHIAMAKA@example.com' } });
    expect(one.message.map((u) => u.email)).toEqual([DEMO_CUSTOMER.email]);
    const partial = await ok(api.users, { token, query: { q: 'chiam' } });
    expect(partial.message.map((u) => u.email)).toEqual([DEMO_CUSTOMER.email]);
    const phone = db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.phone;
    const byPhone = await ok(api.users, { token, query: { q: phone.slice(0, 7) } });
    expect(byPhone.message.map((u) => u.email)).toContain(DEMO_CUSTOMER.email);
    const none = await ok(api.users, { token, query: { q: 'iamaka' } });
    expect(none.total).toBe(0);
    expect(none.pages).toBe(1);
  });

  it('searches transactions by user e-mail and by id, newest first', async () => {
    const token = await loginAdmin();
    const mine = await ok(api.transactions, {
      token,
      query: { q: DEMO_CUSTOMER.email, limit: 100 },
    });
    expect(mine.message.every((t) => t.user === DEMO_CUSTOMER.email)).toBe(true);
    const dates = mine.message.map((t) => t.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const id = mine.message[3]?.transaction_id ?? '';
    const byId = await ok(api.transactions, { token, query: { id } });
    expect(byId.message.map((t) => t.transaction_id)).toEqual([id]);
  });

  it('lists payments to an admin only: everyone’s, searchable by reference', async () => {
    const customer = await call(api.payments, { token: await loginAs(), query: { limit: 100 } });
    expect(customer.status).toBe(403);
    const token = await loginAdmin();
    const everyone = await ok(api.payments, { token, query: { limit: 100 } });
    expect(everyone.total).toBe(db.payments.length);
    const ref = everyone.message[2]?.t_id ?? '';
    const found = await ok(api.payments, { token, query: { reference: ref } });
    expect(found.message.map((p) => p.t_id)).toEqual([ref]);
  });

  it('rejects a bad page with 400', async () => {
    const token = await loginAdmin();
    const res = await call(api.users, { token, query: { page: 0 } });
    expect(res.status).toBe(400);
    expect(refusal(res.json).type).toBe('validation_error');
  });
});

describe('admin actions', () => {
  it('blocks and unblocks a user', async () => {
    const token = await loginAdmin();
    await ok(api.blockUser, { token, body: { id: DEMO_CUSTOMER.id, reason: 'Card fraud report' } });
    const blocked = await call(api.login, {
      body: { username: DEMO_CUSTOMER.email, password: 'Password123' },
    });
    expect(blocked.status).toBe(423);
    const twice = await call(api.blockUser, {
      token,
      body: { id: DEMO_CUSTOMER.id, reason: 'Card fraud report' },
    });
    expect(refusal(twice.json).msg).toBe(SERVER_MSG.alreadyBlocked);
    await ok(api.unblockUser, { token, body: { id: DEMO_CUSTOMER.id } });
    await loginAs();
  });

  it('blocks or unblocks an admin only with the admins permission (ADR 0072)', async () => {
    const owner = await loginAdmin();
    const support = db.users.find((u) => u.id === FRIEND_CUSTOMER.id)!;
    support.isAdmin = true;
    support.admin_role = 'support';
    const supportToken = await loginAs(FRIEND_CUSTOMER.email);
    const refused = await call(api.blockUser, {
      token: supportToken,
      body: { id: DEMO_ADMIN.id, reason: 'Card fraud report' },
    });
    expect([refused.status, refusal(refused.json).msg]).toEqual([403, ROLE_MSG.adminsOnly]);
    expect(db.users.find((u) => u.id === DEMO_ADMIN.id)!.isBlocked).toBe(false);
    // Support still blocks and unblocks customers.
    await ok(api.blockUser, {
      token: supportToken,
      body: { id: DEMO_CUSTOMER.id, reason: 'Card fraud report' },
    });
    await ok(api.unblockUser, { token: supportToken, body: { id: DEMO_CUSTOMER.id } });
    // The owner blocks and unblocks an admin; the only owner cannot block themselves.
    await ok(api.blockUser, {
      token: owner,
      body: { id: support.id, reason: 'Card fraud report' },
    });
    expect(support.isBlocked).toBe(true);
    await ok(api.unblockUser, { token: owner, body: { id: support.id } });
    const self = await call(api.blockUser, {
      token: owner,
      body: { id: DEMO_ADMIN.id, reason: 'Card fraud report' },
    });
    expect(self.status).toBe(403);
  });

  it('edits a plan price for later purchases, and takes a plan off sale', async () => {
    const token = await loginAdmin();
    await ok(api.editProduct, {
      token,
      body: { name: 'MTN', plan_id: 'mtn-data-1-5gb-30d', price: 1_100, plan: '1GB Monthly' },
    });
    const listed = await ok(api.dataProducts);
    const plan = listed.message
      .find((v) => v.service_id === 'mtn-data')
      ?.plans.find((p) => p.id === 'mtn-data-1-5gb-30d');
    // Customers read the edited name cleaned (ADR 0077); the admin's catalogue keeps it.
    expect(plan).toMatchObject({ name: '1 GB · 1 month', wallet_price: 1_100 * NAIRA });

    const customer = await loginAs();
    const body = {
      service_id: 'mtn-data',
      plan_id: 'mtn-data-1-5gb-30d',
      phone_number: '08031234567',
      pin: SEED_PIN,
    };
    const bought = await ok(api.data, { token: customer, body });
    expect(bought.message.amountCharged).toBe(1_100 * NAIRA);

    await ok(api.editProduct, {
      token,
      body: { name: 'MTN', plan_id: 'mtn-data-1-5gb-30d', on_sale: false },
    });
    const after = await ok(api.dataProducts);
    expect(
      after.message
        .find((v) => v.service_id === 'mtn-data')
        ?.plans.some((p) => p.id === 'mtn-data-1-5gb-30d'),
    ).toBe(false);
    expect((await call(api.data, { token: customer, body })).status).toBe(404);
    const admin = await ok(api.products, { token });
    expect(admin.message.data[0]?.plans.some((p) => p.id === 'mtn-data-1-5gb-30d')).toBe(true);

    const cable = await ok(api.editProduct, {
      token,
      body: { name: 'DStv', plan_id: 'dstv-padi', price: 4_600 },
    });
    expect(cable.message).toBe(SERVER_MSG.productUpdated);
  });

  it('answers the overview: figures and 30 days', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAdmin();
    const { message } = await ok(api.adminOverview, { token });
    expect(message.total_users).toBe(db.users.length);
    expect(message.payments_count).toBe(db.payments.filter((p) => p.status === 'completed').length);
    expect(message.recent_users).toBeGreaterThan(1);
    expect(message.daily).toHaveLength(30);
    expect(message.daily.at(-1)?.day).toBe('2026-11-01');
    expect(message.daily.some((d) => d.value > 0)).toBe(true);
    const atg = await ok(api.atgBalance, { token });
    expect(atg.message).toBe(1_254_300_50);
  });

  it("answers the withdrawals' fee income, settled ones and those waiting (ADR 0094)", async () => {
    freezeClock(SEED_NOW);
    const token = await loginAdmin();
    // The seed's four, placed here: ₦250,000 awaiting review since yesterday evening, ₦8,000
    // processing since 07:10 today, ₦3,000 failed two days ago, ₦15,000 settled 5 days ago.
    const at = (id: string, ms: number) =>
      Object.assign(
        db.withdrawals.withdrawals.find((w) => w.id === id)!,
        {
          created_at: ms,
          updated_at: ms,
        },
      );
    at('wd_seed_4', SEED_NOW - 15 * HOUR);
    at('wd_seed_3', SEED_NOW - 2 * HOUR);
    at('wd_seed_2', SEED_NOW - 2 * DAY);
    at('wd_seed_1', SEED_NOW - 5 * DAY);
    const { message } = await ok(api.adminOverview, { token });
    // Fees booked today: the ₦8,000's ₦26.88; the failed one gave its ₦10.75 back the day it
    // was made.
    expect(message.withdrawals).toEqual({
      today: { fee_income: 26_88, settled_count: 0, settled_amount: 0 },
      last_30_days: {
        fee_income: 53_75 + 26_88 + 26_88,
        settled_count: 1,
        settled_amount: 15_000_00,
      },
      pending: 1,
      awaiting_review: 1,
    });
    // The ₦8,000 fails an hour ago: its fee is taken back today; the settled one is 40 days old.
    at('wd_seed_1', SEED_NOW - 40 * DAY);
    Object.assign(
      db.withdrawals.withdrawals.find((w) => w.id === 'wd_seed_3')!,
      {
        status: 'failed',
        updated_at: SEED_NOW - HOUR,
      },
    );
    const later = await ok(api.adminOverview, { token });
    expect(later.message.withdrawals).toEqual({
      today: { fee_income: 0, settled_count: 0, settled_amount: 0 },
      last_30_days: { fee_income: 53_75, settled_count: 0, settled_amount: 0 },
      pending: 0,
      awaiting_review: 1,
    });
  });

  it('answers the reconciliation: pending purchases over 24 hours are listed', async () => {
    const token = await loginAdmin();
    freezeClock(SEED_NOW);
    const fresh = await ok(api.reconciliation, { token });
    expect(fresh.message).toMatchObject({
      ledger: [],
      payment_mismatches: [],
      pending_alert_hours: 24,
    });
    const pending = db.transactions.filter((t) => t.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    // Two days on (the admin signs in again), the seed's pending purchases have waited too long.
    freezeClock(SEED_NOW + 2 * 86_400_000);
    const tokenLater = await loginAdmin();
    const later = await ok(api.reconciliation, { token: tokenLater });
    expect(later.message.ok).toBe(false);
    expect(later.message.stale_purchases.map((t) => t.transaction_id).sort()).toEqual(
      pending.map((t) => t.transaction_id).sort(),
    );
    server.use(variants.reconciliation.empty);
    expect((await ok(api.reconciliation, { token: tokenLater })).message).toMatchObject({
      ok: true,
      stale_purchases: [],
    });
  });
});

describe('card funding', () => {
  it('initiates with a same-origin return link and credits amount − stamp duty once', async () => {
    const token = await loginAs();
    const { message: link } = await ok(api.initiatePayment, { token, body: { amount: 20_000 } });
    const url = new URL(link);
    expect(url.origin).toBe(BASE);
    expect(url.pathname).toBe('/payment/verification');
    expect(url.searchParams.get('status')).toBe('successful');
    const body = {
      status: url.searchParams.get('status') ?? '',
      tx_ref: url.searchParams.get('tx_ref') ?? '',
      transaction_id: url.searchParams.get('transaction_id') ?? '',
    };
    const verified = await ok(api.verifyPayment, { token, body });
    expect(verified.message).toMatchObject({ status: 'completed', credited: 19_950 * NAIRA });
    await ok(api.verifyPayment, { token, body });
    const webhook = await call(api.paymentWebhook, {
      headers: { 'verif-hash': MOCK_WEBHOOK_HASH },
      body: { event: 'charge.completed', data: { tx_ref: body.tx_ref, status: 'successful' } },
    });
    expect(webhook.status).toBe(200);
    expect(balanceOf(DEMO_CUSTOMER.id)).toBe(25_000 * NAIRA + 19_950 * NAIRA);
  });

  it('credits a small payment in full, and records a cancelled checkout', async () => {
    const token = await loginAs();
    const small = new URL(
      (await ok(api.initiatePayment, { token, body: { amount: 5_000 } })).message,
    );
    const txRef = small.searchParams.get('tx_ref') ?? '';
    const done = await ok(api.verifyPayment, {
      token,
      body: { status: 'successful', tx_ref: txRef },
    });
    expect(done.message.credited).toBe(5_000 * NAIRA);
    const other = new URL(
      (await ok(api.initiatePayment, { token, body: { amount: 3_000 } })).message,
    );
    const cancelled = await ok(api.verifyPayment, {
      token,
      body: { status: 'cancelled', tx_ref: other.searchParams.get('tx_ref') ?? '' },
    });
    expect(cancelled.message).toMatchObject({ status: 'cancelled', credited: 0 });
  });

  it('refuses a webhook without the shared secret', async () => {
    const res = await call(api.paymentWebhook, { body: { event: 'charge.completed' } });
    expect(res.status).toBe(401);
  });

  it('answers the spec message for a bad amount', async () => {
    const token = await loginAs();
    const res = await call(api.initiatePayment, { token, body: { amount: 10.5 } });
    expect(refusal(res.json)).toEqual({ type: 'validation_error', msg: MSG.fundAmount });
  });
});

describe('variants for stories', () => {
  it('error answers 500 server_error', async () => {
    server.use(variants.currentUser.error);
    const res = await call(api.currentUser, { token: await loginAs() });
    expect(res.status).toBe(500);
    expect(refusal(res.json)).toEqual({ type: 'server_error', msg: SERVER_MSG.serverError });
  });

  it('empty answers empty lists and zero figures', async () => {
    server.use(
      variants.currentUser.empty,
      variants.transactions.empty,
      variants.adminOverview.empty,
    );
    const user = await ok(api.currentUser, { token: await loginAs() });
    expect(user.message).toMatchObject({ transactions: [], coupons: [], wallet_balance: 0 });
    const admin = await loginAdmin();
    const list = await ok(api.transactions, { token: admin });
    expect(list).toEqual({ message: [], page: 1, pages: 1, total: 0 });
    const overview = await ok(api.adminOverview, { token: admin });
    expect(overview.message.total_users).toBe(0);
  });

  it('slow never answers', async () => {
    server.use(variants.networks.slow);
    const outcome = await Promise.race([
      fetch(`${BASE}/api/public/product/network/all`).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('still loading'), 100)),
    ]);
    expect(outcome).toBe('still loading');
  });

  it('errorHandler makes a one-off refusal', async () => {
    server.use(errorHandler(api.login, 429, 'rate_limited', SERVER_MSG.tooManyAttempts(15)));
    const res = await call(api.login, {
      body: { username: DEMO_CUSTOMER.email, password: 'Password123' },
    });
    expect(res.status).toBe(429);
    expect(refusal(res.json).msg).toBe(SERVER_MSG.tooManyAttempts(15));
  });

  it('answers 500 when a resolver returns something the contract does not allow', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    db.providerBalances.vt = 0.5; // not integer kobo: z.encode refuses it
    const res = await call(api.vtBalance, { token: await loginAdmin() });
    expect(res.status).toBe(500);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
