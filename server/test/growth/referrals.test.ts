/**
 * Referral commissions (ADR 0056) on both engines: a referred friend's successful
 * purchase pays the referrer once (20 in parallel; a requery and a callback racing on a pending
 * one), from the referral expense account, with the referrer's mail and a statement line; a
 * failed purchase pays nothing; a reversal takes it back once (never below zero); the daily cap
 * holds under parallel purchases; one's own code is refused at signup and pays nothing if an
 * account shares a phone or e-mail; the first-funding bonus is off by default and, once an
 * admin sets it, paid once however many card payments and bank transfers arrive at once, only
 * on the friend's first funding ever (not a later one because the bonus was off at the first,
 * nor after a first one under ₦1,000; an adjustment or a share in is not a funding), for a
 * first funding a limit held only once it is released, and never to an account sharing the
 * referrer's phone or e-mail; the admin's settings are
 * validated and audited; the ledger balances after all of it.
 */
import {
  api,
  DEFAULT_REFERRAL_DAILY_CAP,
  providerCost,
  MSG,
  REFERRAL_MSG,
  commissionOf,
  type ReferralSettingsInput,
} from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMovement, systemAccountId, walletAccountId } from '../../src/wallet/ledger.ts';
import { failDelivered } from '../../src/purchases/reversal.ts';
import { releaseHeldForNewDay } from '../../src/accounts/verification.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import {
  adminLogin,
  bankTransfer,
  chooseAtCheckout,
  createKit,
  engines,
  loseWebhooks,
  PASSWORD,
  PIN,
  WEBHOOK_HASH,
  type Kit,
  type TestUser,
} from '../helper.ts';

const LATER = () => Date.now() + 24 * 3_600_000;

/** ₦1,000 of MTN airtime: ₦980 paid (2 % off), cost ₦940 (6 % commission), margin ₦40 → ₦4. */
const AIRTIME_COMMISSION = commissionOf(
  { basis: 'margin', percent: 1_000 },
  98_000,
  providerCost('airtime', 100_000),
);

const defaults = (): ReferralSettingsInput => ({
  rates: {
    airtime: { basis: 'margin', percent: 10 },
    data: { basis: 'margin', percent: 10 },
    cabletv: { basis: 'margin', percent: 10 },
    electricity: { basis: 'margin', percent: 10 },
    education: { basis: 'margin', percent: 10 },
  },
  first_funding_bonus: 0,
  daily_cap: DEFAULT_REFERRAL_DAILY_CAP / 100,
});

describe.each(engines)('referral commissions on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  let phones = 0;

  /** A fresh phone number per customer: a shared one would look like the same person. */
  const phone = () => `0803${String(5_000_000 + ++phones).padStart(7, '0')}`;

  /** A referrer and a friend whose `referred_by` names them (as a signup with the code does). */
  async function pair(friendFunds = 100_000_00): Promise<{ referrer: TestUser; friend: TestUser }> {
    const referrer = await kit.user({ phone: phone(), name: 'Ngozi Okafor' });
    const friend = await kit.user({ phone: phone(), name: 'Emeka Obi', funds: friendFunds });
    await kit.app.ctx.db
      .updateTable('users')
      .set({ referred_by: referrer.id })
      .where('id', '=', friend.id)
      .execute();
    return { referrer, friend };
  }

  const airtime = (u: TestUser, phoneNumber = '08031234567', amount = 1000) =>
    kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: phoneNumber, amount },
    });

  const commissions = (referrerId: string) =>
    kit.app.ctx.db
      .selectFrom('referral_commissions')
      .selectAll()
      .where('referrer_id', '=', referrerId)
      .execute();

  /** The mails queued to `u` (the outbox: queued in the transaction that moved the money). */
  const subjects = async (u: TestUser) =>
    (
      await kit.app.ctx.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', u.email)
        .orderBy('id')
        .execute()
    ).map((m) => m.subject);

  const saveSettings = (body: ReferralSettingsInput, token = admin) =>
    kit.call(api.setReferralSettings, { token, body });

  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it('20 parallel successful purchases by the friend pay the referrer 20 commissions, once each', async () => {
    const { referrer, friend } = await pair();
    const buys = await Promise.all(Array.from({ length: 20 }, () => airtime(friend)));
    expect(buys.map((b) => b.body.message.status)).toEqual(Array(20).fill('successful'));
    expect(AIRTIME_COMMISSION).toBe(400);

    const rows = await commissions(referrer.id);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.source_id))).toEqual(
      new Set(buys.map((b) => b.body.message.transaction_id)),
    );
    expect(rows.every((r) => Number(r.amount) === AIRTIME_COMMISSION && r.movement_id)).toBe(true);
    expect(await kit.balance(referrer.id)).toBe(20 * AIRTIME_COMMISSION);
    const expense = await kit.app.ctx.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', systemAccountId('referral_expense'))
      .executeTakeFirstOrThrow();
    expect(Number(expense.balance)).toBeLessThanOrEqual(-20 * AIRTIME_COMMISSION);

    // The referrer is mailed each one (queued with it), naming the friend by first name only.
    expect(await subjects(referrer)).toEqual(Array(20).fill('₦4 commission from Emeka’s purchase'));

    // The statement's commission line; Settings → Referrals.
    const history = await kit.call(api.myTransactions, {
      token: referrer.token,
      query: { kind: 'commission', limit: '50' },
    });
    expect(history.body.total).toBe(20);
    expect(history.body.message[0]).toMatchObject({
      product: 'Commission',
      direction: 'credit',
      kind: 'commission',
      amount: 4,
    });
    const mine = await kit.call(api.myReferrals, {
      token: referrer.token,
      query: { page: '1', limit: '5' },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.summary).toMatchObject({ referred: 1, earned: 80, pending: 0 });
    expect(mine.body.total).toBe(20);
    expect(mine.body.pages).toBe(4);
    expect(mine.body.message[0]).toMatchObject({
      kind: 'purchase',
      friend: 'Emeka',
      product: 'Airtime',
      amount: 4,
      status: 'paid',
    });
    // The friend earns nothing and sees no commission of their own.
    expect(await commissions(friend.id)).toEqual([]);
  });

  it('a failed purchase pays nothing', async () => {
    const { referrer, friend } = await pair();
    const res = await airtime(friend, '08031230000');
    expect(res.body.message.status).toBe('reversed');
    expect(await commissions(referrer.id)).toEqual([]);
    expect(await kit.balance(referrer.id)).toBe(0);
    expect(await subjects(referrer)).toEqual([]);
  });

  it('a pending purchase pays once when it settles, however many requeries and callbacks race; pending shows until then', async () => {
    const { referrer, friend } = await pair();
    const restore = loseWebhooks(kit);
    try {
      // A meter ending 1111: pending at the simulator, delivered when asked again.
      const res = await kit.call(api.electricity, {
        token: friend.token,
        body: {
          pin: PIN,
          service_id: 'ikeja-electric',
          variation_code: 'prepaid',
          meter_number: '45123451111',
          amount: 5000,
        },
      });
      expect(res.body.message.status).toBe('pending');
      const id = res.body.message.transaction_id;
      const before = await kit.call(api.myReferrals, { token: referrer.token });
      expect(before.body.summary.pending).toBeGreaterThan(0);
      expect(before.body.summary.earned).toBe(0);

      const { provider_request_id: requestId } = await kit.app.ctx.db
        .selectFrom('transactions')
        .select('provider_request_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const callback = () =>
        kit.call(api.vtpassWebhook, { body: { type: 'transaction-update', data: { requestId } } });
      await Promise.all([
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
      ]);
      const rows = await commissions(referrer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.source_id).toBe(id);
      expect(await kit.balance(referrer.id)).toBe(Number(rows[0]!.amount));
      const after = await kit.call(api.myReferrals, { token: referrer.token });
      expect(after.body.summary.pending).toBe(0);
      expect(after.body.summary.earned).toBe(before.body.summary.pending);
    } finally {
      restore();
    }
  });

  it('a reversal takes the commission back once; a referrer who spent it loses what the wallet holds, never more', async () => {
    const { referrer, friend } = await pair();
    const first = await airtime(friend);
    const second = await airtime(friend);
    expect(await kit.balance(referrer.id)).toBe(2 * AIRTIME_COMMISSION);

    // The provider takes the first back (VTpass reversal after delivery): reversed twice, in parallel.
    const failed = { status: 'failed' as const, message: 'REVERSED' };
    await Promise.all([
      failDelivered(kit.app.ctx, first.body.message.transaction_id, failed),
      failDelivered(kit.app.ctx, first.body.message.transaction_id, failed),
    ]);
    expect(await kit.balance(referrer.id)).toBe(AIRTIME_COMMISSION);
    let rows = await commissions(referrer.id);
    const reversed = rows.find((r) => r.source_id === first.body.message.transaction_id)!;
    expect(reversed).toMatchObject({ clawed_back: AIRTIME_COMMISSION });
    expect(reversed.reversed_at).not.toBeNull();
    expect(await subjects(referrer)).toContain('₦4 commission taken back');

    // The referrer spends all but ₦1, then an admin reverses the second purchase.
    const env = kit.app.ctx.config.env;
    env.AUTO_REVERSE_FAILED = '0';
    try {
      await failDelivered(kit.app.ctx, second.body.message.transaction_id, failed);
      const body = { transactionId: second.body.message.transaction_id, userId: friend.id };
      // What the referrer holds drops to ₦1 before the admin reverses.
      await kit.app.ctx.dbh.writeTx(async (trx) => {
        await postMovement(trx, {
          kind: 'test_spend',
          legs: [
            { accountId: walletAccountId(referrer.id), amount: -(AIRTIME_COMMISSION - 100) },
            { accountId: systemAccountId('card_clearing'), amount: AIRTIME_COMMISSION - 100 },
          ],
        });
      });
      expect(await kit.balance(referrer.id)).toBe(100);
      const tries = await Promise.all([
        kit.call(api.reverse, { token: admin, body }),
        kit.call(api.reverse, { token: admin, body }),
      ]);
      expect(tries.map((t) => t.status).sort()).toEqual([200, 409]);
    } finally {
      delete env.AUTO_REVERSE_FAILED;
    }
    expect(await kit.balance(referrer.id)).toBe(0);
    expect(await kit.balance(friend.id)).toBe(100_000_00);
    rows = await commissions(referrer.id);
    expect(rows.find((r) => r.source_id === second.body.message.transaction_id)).toMatchObject({
      clawed_back: 100,
    });
    const mine = await kit.call(api.myReferrals, { token: referrer.token });
    expect(mine.body.message.map((e: { status: string }) => e.status)).toEqual([
      'reversed',
      'reversed',
    ]);
    // Earned: what was paid net of what was taken back (₦3 of the second stays with them).
    expect(mine.body.summary.earned).toBe(3);
  });

  it('the daily cap holds under parallel purchases', async () => {
    expect((await saveSettings({ ...defaults(), daily_cap: 10 })).status).toBe(200);
    try {
      const { referrer, friend } = await pair();
      await Promise.all(Array.from({ length: 6 }, () => airtime(friend)));
      // ₦4 + ₦4 + ₦2: then nothing more that day.
      const rows = await commissions(referrer.id);
      expect(rows.map((r) => Number(r.amount)).sort()).toEqual([200, 400, 400]);
      expect(await kit.balance(referrer.id)).toBe(1_000);
    } finally {
      await saveSettings(defaults());
    }
  });

  it('one’s own code is refused at signup; accounts sharing a phone or e-mail earn nothing', async () => {
    const referrer = await kit.user({ phone: phone(), email: 'ada.lovelace@gmail.com' });
    const { referral_code: code } = await kit.app.ctx.db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', referrer.id)
      .executeTakeFirstOrThrow();
    const referrerPhone = (
      await kit.app.ctx.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', referrer.id)
        .executeTakeFirstOrThrow()
    ).phone;
    const register = (email: string, phoneNumber: string) =>
      kit.call(api.register, {
        body: {
          name: 'Ada Lovelace',
          email,
          phone: phoneNumber,
          password: PASSWORD,
          referral_code: code,
        },
      });
    // Another customer's phone reveals nothing about whose it is: the account opens like any
    // other, and the link it came through earns nobody anything.
    const samePhone = await register('ada.second@example.com', referrerPhone);
    expect(samePhone.status).toBe(200);
    expect(samePhone.body.message).toBe(MSG.signupSuccess);
    expect(JSON.stringify(samePhone.body)).not.toContain(REFERRAL_MSG.ownCode);
    for (const [email, phoneNumber] of [
      ['a.d.a.lovelace+farm@gmail.com', phone()],
      ['ADALOVELACE@googlemail.com', phone()],
    ] as const) {
      const res = await register(email, phoneNumber);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(REFERRAL_MSG.ownCode);
    }
    expect(
      await kit.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('referred_by', '=', referrer.id)
        .execute(),
    ).toEqual([]);
    // A friend with a code of their own signs up.
    const ok = await register('someone.else@example.com', phone());
    expect(ok.status).toBe(200);

    // An account that shares the referrer's phone (made before this check) earns them nothing.
    const twin = await kit.user({ phone: referrerPhone, funds: 10_000_00 });
    await kit.app.ctx.db
      .updateTable('users')
      .set({ referred_by: referrer.id })
      .where('id', '=', twin.id)
      .execute();
    expect((await airtime(twin)).body.message.status).toBe('successful');
    expect(await commissions(referrer.id)).toEqual([]);
    expect(await kit.balance(referrer.id)).toBe(0);
  });

  it('admins set the rates (validated, audited); a commission on the amount is at most the provider’s', async () => {
    const tooHigh = await saveSettings({
      ...defaults(),
      rates: { ...defaults().rates, airtime: { basis: 'amount', percent: 7 } },
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.msg).toMatch(/at most 6%/);
    const bad = await saveSettings({ ...defaults(), first_funding_bonus: 10_000 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(REFERRAL_MSG.bonus);

    const saved = await saveSettings({
      ...defaults(),
      rates: { ...defaults().rates, airtime: { basis: 'amount', percent: 1 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message.rates.airtime).toEqual({ basis: 'amount', percent: 1 });
    try {
      const read = await kit.call(api.referralSettings, { token: admin });
      expect(read.body.message.rates.airtime).toEqual({ basis: 'amount', percent: 1 });
      const audit = await kit.call(api.auditLog, { token: admin });
      expect(JSON.stringify(audit.body)).toContain('referral.settings');

      // 1 % of ₦980 paid, rounded down: ₦9.80.
      const { referrer, friend } = await pair();
      await airtime(friend);
      expect(await kit.balance(referrer.id)).toBe(980);

      // Customers cannot read or set them.
      expect((await kit.call(api.referralSettings, { token: friend.token })).status).toBe(403);
    } finally {
      await saveSettings(defaults());
    }
  });

  /** Card payments of `amount` naira paid at the sandbox checkout (webhooks lost: the test delivers). */
  async function paidCards(u: TestUser, amount: number, n: number) {
    const out: { txRef: string; params: Record<string, string> }[] = [];
    for (let i = 0; i < n; i++) {
      const init = await kit.call(api.initiatePayment, {
        token: u.token,
        body: { amount },
        headers: { host: 'shop.test' },
      });
      expect(init.status).toBe(200);
      const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
      out.push({ txRef, params: (await chooseAtCheckout(kit, txRef, 'successful')).params });
    }
    return out;
  }

  /**
   * The friend's fundings all at once: each card payment verified and its webhook delivered
   * (twice each), and `transfers` bank transfers of ₦5,000 into their virtual account.
   */
  async function fundAtOnce(
    u: TestUser,
    cards: number,
    transfers: number,
    amounts: { card?: number; transferKobo?: number } = {},
  ) {
    const restore = loseWebhooks(kit);
    try {
      const paid = await paidCards(u, amounts.card ?? 2_000, cards);
      // The account made by an earlier call, or made now.
      const known = await kit.call(api.bankTransferInfo, { token: u.token });
      const account = known.body.message.account
        ? { body: { message: known.body.message.account } }
        : await kit.call(api.createVirtualAccount, {
            token: u.token,
            body: { bvn: '22212345678', consent: true },
          });
      const sent = await Promise.all(
        Array.from({ length: transfers }, () =>
          bankTransfer(kit, {
            accountNumber: account.body.message.account_number,
            amount: amounts.transferKobo ?? 5_000_00,
            sender: 'Ada, GTBank',
          }),
        ),
      );
      const webhook = (txRef: string, id: string) =>
        kit.call(api.paymentWebhook, {
          headers: { 'verif-hash': WEBHOOK_HASH },
          body: { event: 'charge.completed', data: { tx_ref: txRef, id } },
        });
      const answers = await Promise.all([
        ...paid.flatMap(({ txRef, params }) => [
          kit.call(api.verifyPayment, { token: u.token, body: params }),
          webhook(txRef, params.transaction_id!),
          kit.call(api.verifyPayment, { token: u.token, body: params }),
          webhook(txRef, params.transaction_id!),
        ]),
        ...sent.map(({ webhook: w }) =>
          kit.app
            .inject({
              method: 'POST',
              url: api.paymentWebhook.path,
              headers: w.headers,
              payload: w.body,
            })
            .then((r) => ({ status: r.statusCode })),
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    } finally {
      restore();
    }
  }

  const bonuses = async (referrerId: string) =>
    (await commissions(referrerId)).filter((r) => r.source === 'first_funding');

  it('the first-funding bonus is off by default', async () => {
    // As on a first start: no admin has saved settings, the contract's defaults apply.
    await kit.app.ctx.db.deleteFrom('referral_settings').execute();
    expect((await kit.call(api.referralSettings, { token: admin })).body.message).toMatchObject({
      first_funding_bonus: 0,
      updated_at: null,
    });
    const { referrer, friend } = await pair(0);
    await fundAtOnce(friend, 1, 0);
    expect(await kit.balance(friend.id)).toBe(2_000_00);
    expect(await bonuses(referrer.id)).toEqual([]);
    expect(await kit.balance(referrer.id)).toBe(0);
  });

  it('the first-funding bonus, set by an admin, is paid once however many fundings arrive at once', async () => {
    expect((await saveSettings({ ...defaults(), first_funding_bonus: 500 })).status).toBe(200);
    try {
      const { referrer, friend } = await pair(0);
      // Three card payments (each verified and webhooked twice) and two bank transfers, at once.
      await fundAtOnce(friend, 3, 2);
      // ₦2,000 × 3, and ₦5,000 × 2 less the transfers' 1 % fee (no stamp duty at ₦10,000 or under).
      expect(await kit.balance(friend.id)).toBe(3 * 2_000_00 + 2 * 4_950_00);
      const rows = await bonuses(referrer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source_id: friend.id, referred_id: friend.id });
      expect(Number(rows[0]!.amount)).toBe(500_00);
      expect(await kit.balance(referrer.id)).toBe(500_00);
      expect(await subjects(referrer)).toEqual(['₦500 commission from Emeka’s first funding']);
      const mine = await kit.call(api.myReferrals, { token: referrer.token });
      expect(mine.body.message).toMatchObject([
        { kind: 'first_funding', friend: 'Emeka', amount: 500, status: 'paid' },
      ]);
      // A later funding pays nothing more.
      await fundAtOnce(friend, 1, 0);
      expect(await bonuses(referrer.id)).toHaveLength(1);
      expect(await kit.balance(referrer.id)).toBe(500_00);
    } finally {
      await saveSettings(defaults());
    }
  });

  it('the first-funding bonus is never paid to oneself: an account sharing the referrer’s phone or e-mail earns nothing', async () => {
    expect((await saveSettings({ ...defaults(), first_funding_bonus: 500 })).status).toBe(200);
    try {
      const referrer = await kit.user({ phone: phone(), email: 'chidi.eze@gmail.com' });
      const referrerPhone = (
        await kit.app.ctx.db
          .selectFrom('users')
          .select('phone')
          .where('id', '=', referrer.id)
          .executeTakeFirstOrThrow()
      ).phone;
      // Made before the signup check (or around it): referred_by names the referrer anyway.
      const twins = [
        await kit.user({ phone: referrerPhone }),
        await kit.user({ phone: phone(), email: 'chidi.eze+2@googlemail.com' }),
      ];
      for (const twin of twins) {
        await kit.app.ctx.db
          .updateTable('users')
          .set({ referred_by: referrer.id })
          .where('id', '=', twin.id)
          .execute();
      }
      await Promise.all(twins.map((t) => fundAtOnce(t, 2, 0)));
      for (const twin of twins) expect(await kit.balance(twin.id)).toBe(2 * 2_000_00);
      expect(await commissions(referrer.id)).toEqual([]);
      expect(await kit.balance(referrer.id)).toBe(0);
      expect(await subjects(referrer)).toEqual([]);
    } finally {
      await saveSettings(defaults());
    }
  });

  it('the first-funding bonus is paid only on the friend’s first funding ever: one before the bonus was on counts, a small one counts, an adjustment or a share in does not', async () => {
    // A friend who funded while the bonus was off.
    const early = await pair(0);
    await fundAtOnce(early.friend, 1, 0);
    expect(await kit.balance(early.friend.id)).toBe(2_000_00);
    // A friend whose first funding is a ₦500 transfer (below the ₦1,000 a bonus needs).
    const small = await pair(0);
    // A friend who first got an admin's credit and a share from another customer.
    const helped = await pair(0);
    await kit.app.ctx.dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'adjustment',
        memo: 'goodwill',
        legs: [
          { accountId: systemAccountId('adjustments'), amount: -3_000_00 },
          { accountId: walletAccountId(helped.friend.id), amount: 3_000_00 },
        ],
      }),
    );
    const sender = await kit.user({ phone: phone(), funds: 5_000_00 });
    const shared = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 1_000, email: helped.friend.email, pin: PIN },
    });
    expect(shared.status).toBe(200);
    expect((await saveSettings({ ...defaults(), first_funding_bonus: 500 })).status).toBe(200);
    try {
      await fundAtOnce(small.friend, 0, 1, { transferKobo: 500_00 });
      // Their next fundings (₦2,000 cards) are not their first: nothing.
      await Promise.all([fundAtOnce(early.friend, 1, 0), fundAtOnce(small.friend, 1, 0)]);
      expect(await kit.balance(early.friend.id)).toBe(4_000_00);
      for (const p of [early, small]) {
        expect(await bonuses(p.referrer.id)).toEqual([]);
        expect(await kit.balance(p.referrer.id)).toBe(0);
      }
      // The helped friend's first card payment is their first funding: paid, once.
      await fundAtOnce(helped.friend, 2, 0);
      expect(await kit.balance(helped.friend.id)).toBe(3_000_00 + 1_000_00 + 2 * 2_000_00);
      expect(await bonuses(helped.referrer.id)).toHaveLength(1);
      expect(await kit.balance(helped.referrer.id)).toBe(500_00);
    } finally {
      await saveSettings(defaults());
    }
  });

  it('a first funding held by a wallet limit pays the bonus only when its money reaches the wallet, once', async () => {
    expect((await saveSettings({ ...defaults(), first_funding_bonus: 500 })).status).toBe(200);
    const level = (u: TestUser, n: number) =>
      kit.call(api.setUserLevel, { token: admin, body: { user_id: u.id, level: n } });
    /** Asks to raise `u` to level 2; a second admin approves, twice at once, beside `also`. */
    const raiseApproved = async (u: TestUser, also: () => Promise<unknown> = async () => 0) => {
      const asked = await level(u, 2);
      expect(asked.body.waits).toEqual(expect.any(String));
      const second = (await kit.user({ admin: true })).token;
      const list = await kit.call(api.approvals, {
        token: second,
        query: { status: 'pending', limit: '100' },
      });
      const waiting = list.body.message.find(
        (a: { kind: string; user: string }) =>
          a.kind === 'verification.level' && a.user === u.email,
      );
      const approve = () =>
        kit.call(api.approveApproval, { token: second, body: { id: waiting.id } });
      const [a, b] = await Promise.all([approve(), approve(), also()]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    };
    const heldOf = (u: TestUser) =>
      kit.app.ctx.db
        .selectFrom('held_credits')
        .select(['status', 'reason'])
        .where('user_id', '=', u.id)
        .execute();
    try {
      const { referrer, friend } = await pair(0);
      const later = await pair(0);
      for (const u of [friend, later.friend]) expect((await level(u, 1)).status).toBe(200);
      // The friend's first funding, a ₦60,000 transfer, passes level 1's ₦50,000 a day: held.
      await fundAtOnce(friend, 0, 1, { transferKobo: 60_000_00 });
      expect(await heldOf(friend)).toEqual([{ status: 'held', reason: 'daily_funding' }]);
      // A ₦2,000 card payment after it fits and is credited, but it is not the first funding.
      await fundAtOnce(friend, 1, 0);
      expect(await kit.balance(friend.id)).toBe(2_000_00);
      expect(await bonuses(referrer.id)).toEqual([]);
      expect(await kit.balance(referrer.id)).toBe(0);

      // Released (a second admin approving the rise, twice at once, and a new day's pass): paid
      // once. The rise releases more than one admin moves alone, so it waits (ADR 0070).
      await raiseApproved(friend, () => releaseHeldForNewDay(kit.app.ctx));
      expect(await heldOf(friend)).toEqual([{ status: 'released', reason: 'daily_funding' }]);
      expect(await kit.balance(friend.id)).toBeGreaterThan(50_000_00);
      expect(await bonuses(referrer.id)).toHaveLength(1);
      expect(await kit.balance(referrer.id)).toBe(500_00);
      expect(await subjects(referrer)).toEqual(['₦500 commission from Emeka’s first funding']);

      // A held funding that was not the first (a card payment came before it) pays nothing
      // when released; the first one paid.
      await fundAtOnce(later.friend, 1, 0);
      expect(await bonuses(later.referrer.id)).toHaveLength(1);
      await fundAtOnce(later.friend, 0, 1, { transferKobo: 60_000_00 });
      expect(await heldOf(later.friend)).toEqual([{ status: 'held', reason: 'daily_funding' }]);
      await raiseApproved(later.friend);
      expect(await heldOf(later.friend)).toEqual([{ status: 'released', reason: 'daily_funding' }]);
      expect(await bonuses(later.referrer.id)).toHaveLength(1);
      expect(await kit.balance(later.referrer.id)).toBe(500_00);
    } finally {
      await saveSettings(defaults());
    }
  });

  it('the admin overview shows the commissions paid', async () => {
    const res = await kit.call(api.adminOverview, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.commissions_paid ?? res.body.message?.commissions_paid).toBeGreaterThan(0);
  });
});
