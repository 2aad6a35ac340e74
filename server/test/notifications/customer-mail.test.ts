/**
 * A word after every credit (ADR 0047): card funding, bank transfers (an assigned
 * held one too), delivered purchases (with their token or pins), refunds (automatic and an
 * admin's) and shares received each mail the customer once, queued in the transaction that
 * moved the money; a settlement that rolls back mails nothing; a requery and a VTpass callback
 * racing on one pending purchase mail once; the Settings switch stops these mails but never the
 * security ones.
 */
import { api } from '@contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failPending } from '../../src/purchases/pending-purchases.ts';
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
  type Kit,
  type TestUser,
} from '../helper.ts';

const LATER = () => Date.now() + 24 * 3_600_000;
const BVN = '22212345678';

describe.each(engines)('customer e-mails on %s', (engine) => {
  let kit: Kit;

  /** The customer's mail, oldest first (kit users are made in the database: no sign-up mail). */
  const mails = async (u: TestUser) => (await kit.mail(u.email)).slice().reverse();
  const subjects = async (u: TestUser) => (await mails(u)).map((m) => m.subject);

  const row = (id: string) =>
    kit.app.ctx.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const electricity = (u: TestUser, meter: string) =>
    kit.call(api.electricity, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: meter,
        amount: 500,
      },
    });

  /** Every insert into `table` fails until the answered function is called. */
  async function failInserts(table: string): Promise<() => Promise<void>> {
    const db = kit.app.ctx.db;
    if (engine === 'sqlite') {
      await sql
        .raw(
          `create trigger test_fail_${table} before insert on ${table}
           begin select raise(abort, 'test: ${table} refused'); end`,
        )
        .execute(db);
      return async () => void (await sql.raw(`drop trigger test_fail_${table}`).execute(db));
    }
    await sql
      .raw(
        `create function test_fail_${table}() returns trigger language plpgsql as $$
         begin raise exception 'test: ${table} refused'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger test_fail_${table} before insert on ${table}
         for each row execute function test_fail_${table}()`,
      )
      .execute(db);
    return async () => {
      await sql.raw(`drop trigger test_fail_${table} on ${table}`).execute(db);
      await sql.raw(`drop function test_fail_${table}()`).execute(db);
    };
  }

  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  it('card funding mails what was added and the new balance, once', async () => {
    const u = await kit.user({ name: 'Chioma Eze' });
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 20_000 },
      headers: { host: 'shop.test' },
    });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    // The webhook already came (the simulator's Pay sends it); the browser verifies twice.
    await Promise.all([
      kit.call(api.verifyPayment, { token: u.token, body: params }),
      kit.call(api.verifyPayment, { token: u.token, body: params }),
    ]);
    const all = await mails(u);
    expect(all.map((m) => m.subject)).toEqual(['₦19,950 added to your wallet']);
    expect(all[0]!.text).toContain('₦19,950 was added to your wallet by card on ');
    expect(all[0]!.text).toContain('You paid ₦20,000; stamp duty of ₦50 was deducted.');
    expect(all[0]!.text).toContain('Your wallet balance is now ₦19,950.');
  });

  it('a bank transfer mails amount, fee, stamp duty and balance once; a held one when an admin assigns it', async () => {
    const u = await kit.user({ funds: 1_000_00 });
    const account = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    const { webhook } = await bankTransfer(kit, {
      accountNumber: account.body.message.account_number,
      amount: 20_000_00,
      sender: 'Ada, GTBank',
    });
    const deliver = () =>
      kit.app.inject({
        method: 'POST',
        url: api.paymentWebhook.path,
        headers: webhook.headers,
        payload: webhook.body as object,
      });
    await Promise.all([deliver(), deliver(), deliver()]);
    let all = await mails(u);
    expect(all.map((m) => m.subject)).toEqual(['₦19,750 added to your wallet']);
    expect(all[0]!.text).toContain('by bank transfer');
    expect(all[0]!.text).toContain(
      'You paid ₦20,000; a fee of ₦200 and stamp duty of ₦50 were deducted.',
    );
    expect(all[0]!.text).toContain('Your wallet balance is now ₦20,750.');

    // To nobody's account: held, then assigned by an admin (five clicks, one credit).
    const admin = await adminLogin(kit);
    const held = await bankTransfer(kit, {
      accountNumber: '9900000000',
      amount: 3_000_00,
      sender: 'Lost Sender, Zenith',
    });
    await kit.app.inject({
      method: 'POST',
      url: api.paymentWebhook.path,
      headers: held.webhook.headers,
      payload: held.webhook.body as object,
    });
    const list = await kit.call(api.heldTransfers, {
      token: admin,
      query: { page: '1', limit: '100' },
    });
    const item = list.body.message.find(
      (t: { reference: string }) => t.reference === held.transfer.id,
    );
    await Promise.all(
      Array.from({ length: 5 }, () =>
        kit.call(api.assignTransfer, { token: admin, body: { id: item.id, email: u.email } }),
      ),
    );
    all = await mails(u);
    expect(all.map((m) => m.subject)).toEqual([
      '₦19,750 added to your wallet',
      '₦2,970 added to your wallet',
    ]);
    expect(all[1]!.text).toContain('a fee of ₦30 was deducted');
    expect(all[1]!.text).toContain('Our team matched this transfer to your account.');
    expect(all[1]!.text).toContain('Your wallet balance is now ₦23,720.');
  });

  it('a delivered purchase mails product, destination, amount and the token or pins', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const power = await electricity(u, '45123455678');
    expect(power.body.message.status).toBe('successful');
    const exams = await kit.call(api.education, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'waec',
        plan_id: 'waecdirect',
        quantity: 2,
        profile_id: '88123455678',
      },
    });
    expect(exams.body.message.status).toBe('successful');
    const all = await mails(u);
    expect(all.map((m) => m.subject)).toEqual([
      'Your Electricity purchase was successful',
      'Your Education purchase was successful',
    ]);
    const light = all[0]!;
    const waec = all[1]!;
    expect(light.text).toContain('for meter 45123455678: delivered on ');
    expect(light.text).toContain(`Token: ${power.body.message.token}`);
    expect(light.text).toContain(power.body.message.units);
    expect(light.text).toContain('Paid from your wallet: ₦507.50.');
    expect(light.text).toContain(`Reference: ${power.body.message.transaction_id}.`);
    expect(waec.text).toContain('2 × Education');
    for (const pin of exams.body.message.purchased_code.split('; ')) {
      expect(waec.text).toContain(pin);
    }
    expect(waec.text).toContain('Paid from your wallet: ₦1,900.');
  });

  it('a data purchase mail names the plan by its clean name, never the stored one (ADR 0077)', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const res = await kit.call(api.data, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'mtn-data',
        plan_id: 'mtn-data-2-5gb-2d',
        phone_number: '08031235678',
      },
    });
    expect(res.body.message.status).toBe('successful');
    const all = await mails(u);
    expect(all[0]!.text).toContain('Data (2.5 GB · 2 days) for 08031235678');
    expect(all[0]!.text).not.toContain('2.5GB - 2 days');
  });

  it('a failed purchase mails its refund (which purchase, how much, when), never a delivery', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const res = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(res.body.message.status).toBe('reversed');
    const all = await mails(u);
    expect(all.map((m) => m.subject)).toEqual(['₦980 refunded to your wallet']);
    expect(all[0]!.text).toMatch(
      /^Airtime \(MTN\) for 08031230000 of .+ Lagos time \(WAT, UTC\+1\) did not go through\. ₦980 was refunded to your wallet on .+ Lagos time/,
    );
    expect(all[0]!.text).toContain('Your wallet balance is now ₦10,000.');
    expect(all[0]!.text).toContain(`Reference: ${res.body.message.transaction_id}.`);
  });

  it('an admin’s reversal mails the refund once', async () => {
    const env = kit.app.ctx.config.env;
    env.AUTO_REVERSE_FAILED = '0';
    try {
      const u = await kit.user({ funds: 10_000_00 });
      const res = await kit.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
      });
      expect(res.body.message.status).toBe('failed');
      expect(await subjects(u)).toEqual([]);
      const admin = await adminLogin(kit);
      const body = { transactionId: res.body.message.transaction_id, userId: u.id };
      const tries = await Promise.all([
        kit.call(api.reverse, { token: admin, body }),
        kit.call(api.reverse, { token: admin, body }),
      ]);
      expect(tries.map((t) => t.status).sort()).toEqual([200, 409]);
      expect(await subjects(u)).toEqual(['₦980 refunded to your wallet']);
    } finally {
      delete env.AUTO_REVERSE_FAILED;
    }
  });

  it('a share received mails "₦X from <sender name>"', async () => {
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    const friend = await kit.user({ funds: 200_00 });
    const res = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 1_000, email: friend.email, pin: PIN },
    });
    expect(res.status).toBe(200);
    const all = await mails(friend);
    expect(all.map((m) => m.subject)).toEqual(['₦1,000 from Bola Adeyemi']);
    expect(all[0]!.text).toContain('Bola Adeyemi sent you ₦1,000 on ');
    expect(all[0]!.text).toContain('Your wallet balance is now ₦1,200.');
    // The sender is told on screen, not by mail.
    expect(await subjects(sender)).toEqual([]);
  });

  it('a pending purchase mails on settlement, once, when a requery and the VTpass callback race', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const restore = loseWebhooks(kit);
    try {
      // A meter ending 1111: pending at the simulator, delivered when asked again.
      const res = await electricity(u, '45123451111');
      expect(res.body.message.status).toBe('pending');
      const id = res.body.message.transaction_id;
      expect(await subjects(u)).toEqual([]);
      const { provider_request_id: requestId } = await row(id);
      const callback = () =>
        kit.call(api.vtpassWebhook, { body: { type: 'transaction-update', data: { requestId } } });
      await Promise.all([
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
      ]);
      const settled = await row(id);
      expect(settled.status).toBe('successful');
      const all = await mails(u);
      expect(all.map((m) => m.subject)).toEqual(['Your Electricity purchase was successful']);
      expect(all[0]!.text).toContain(`Token: ${settled.token}`);
      // Replays change nothing.
      await callback();
      await runRequeryOnce(kit.app.ctx, { now: LATER() });
      expect(await subjects(u)).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('a settlement that rolls back mails nothing: the purchase stays pending and mails once when it settles', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const restore = loseWebhooks(kit);
    try {
      const res = await electricity(u, '45123451111');
      const id = res.body.message.transaction_id;
      const allow = await failInserts('mail_outbox');
      try {
        await runRequeryOnce(kit.app.ctx, { now: LATER() }).catch(() => 0);
      } finally {
        await allow();
      }
      // The delivery and its mail are one transaction: neither happened.
      expect((await row(id)).status).toBe('pending');
      expect(await subjects(u)).toEqual([]);
      // Once the failed pass's lease has run out, the worker asks again.
      await runRequeryOnce(kit.app.ctx, { now: LATER() + 3_600_000 });
      expect((await row(id)).status).toBe('successful');
      expect(await subjects(u)).toEqual(['Your Electricity purchase was successful']);
    } finally {
      restore();
    }
  });

  it('a refund that rolls back mails nothing; the one that commits mails once', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const restore = loseWebhooks(kit);
    try {
      // …2222 stays pending, and the simulator's requery then says it failed: what a fail and
      // refund needs to hear before it refunds (ADR 0073).
      const res = await kit.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: '08031232222', amount: 1000 },
      });
      const id = res.body.message.transaction_id;
      const adminRow = await kit.app.ctx.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', kit.config.adminEmail)
        .executeTakeFirstOrThrow();
      const actor = { admin: adminRow, req: { headers: {}, ip: '127.0.0.1' } };
      // The admin's fail-and-refund writes its audit entry last: refused, all of it rolls back.
      const allow = await failInserts('audit_log');
      try {
        await expect(failPending(kit.app.ctx, actor, id, LATER())).rejects.toThrow();
      } finally {
        await allow();
      }
      expect((await row(id)).status).toBe('pending');
      expect(await kit.balance(u.id)).toBe(10_000_00 - 980_00);
      expect(await subjects(u)).toEqual([]);
      await failPending(kit.app.ctx, actor, id, LATER());
      expect(await kit.balance(u.id)).toBe(10_000_00);
      expect(await subjects(u)).toEqual(['₦980 refunded to your wallet']);
    } finally {
      restore();
    }
  });

  it('the Settings switch stops these mails; security mails still go', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    expect((await kit.call(api.mailPreferences, { token: u.token })).body.message.money_mail).toBe(
      true,
    );
    for (const body of [{}, { money_mail: 'no' }, { money_mail: false, extra: 1 }]) {
      expect((await kit.call(api.setMailPreferences, { token: u.token, body })).status).toBe(400);
    }
    const off = await kit.call(api.setMailPreferences, {
      token: u.token,
      body: { money_mail: false },
    });
    // The older switch (ADR 0081 keeps it): both money e-mails off.
    expect(off.body.message.money_mail).toBe(false);
    expect((await kit.call(api.mailPreferences, { token: u.token })).body.message.money_mail).toBe(
      false,
    );
    // Another customer's switch is theirs.
    expect(
      (await kit.call(api.mailPreferences, { token: sender.token })).body.message.money_mail,
    ).toBe(true);

    await electricity(u, '45123455678');
    await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    await kit.call(api.share, {
      token: sender.token,
      body: { amount: 1_000, email: u.email, pin: PIN },
    });
    const pinReset = await kit.call(api.resetPin, {
      token: u.token,
      body: { password: PASSWORD, pin: '135790' },
    });
    expect(pinReset.status).toBe(200);
    expect(await subjects(u)).toEqual(['Your secret pin was changed']);

    await kit.call(api.setMailPreferences, { token: u.token, body: { money_mail: true } });
    await kit.call(api.share, {
      token: sender.token,
      body: { amount: 500, email: u.email, pin: PIN },
    });
    expect(await subjects(u)).toEqual(['Your secret pin was changed', '₦500 from Bola Adeyemi']);
    expect((await kit.call(api.setMailPreferences, { body: { money_mail: true } })).status).toBe(
      401,
    );
  });
});
