/**
 * In-app notices (ADR 0057): every customer mail of ADR 0047 also records one
 * notice, in the same transaction, whether or not money e-mails are on: card funding, a share
 * received, an adjustment, a refund, a purchase delivered after it was answered pending (once,
 * when a requery and the VTpass callback race). A rolled-back settlement records none. The bell
 * shows the newest 20 with the unread count; read state is the customer's own.
 */
import { api, NOTICES_MSG } from '@contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordNotice } from '../../src/notifications/notices.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import {
  chooseAtCheckout,
  createKit,
  engines,
  loseWebhooks,
  PIN,
  type Kit,
  type TestUser,
} from '../helper.ts';

const LATER = () => Date.now() + 24 * 3_600_000;

describe.each(engines)('in-app notices on %s', (engine) => {
  let kit: Kit;

  const bell = async (u: TestUser) => {
    const res = await kit.call(api.notices, { token: u.token });
    expect(res.status).toBe(200);
    return res.body.message as {
      notices: {
        id: string;
        kind: string;
        title: string;
        amount: number | null;
        transaction_id: string | null;
        read: boolean;
      }[];
      unread: number;
    };
  };
  const titles = async (u: TestUser) => (await bell(u)).notices.map((n) => n.title);
  const read = (u: TestUser, body: object) => kit.call(api.readNotices, { token: u.token, body });

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
  const row = (id: string) =>
    kit.app.ctx.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

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
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  it('card funding notifies once, signed, with the reference that finds its statement line', async () => {
    const u = await kit.user();
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 20_000 },
      headers: { host: 'shop.test' },
    });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    await Promise.all([
      kit.call(api.verifyPayment, { token: u.token, body: params }),
      kit.call(api.verifyPayment, { token: u.token, body: params }),
    ]);
    const b = await bell(u);
    expect(b.unread).toBe(1);
    expect(b.notices).toEqual([
      expect.objectContaining({
        kind: 'credited',
        title: '₦19,950 added to your wallet',
        amount: 19_950,
        transaction_id: txRef,
        read: false,
      }),
    ]);
    const line = await kit.call(api.myTransactions, {
      token: u.token,
      query: { q: txRef },
    });
    expect(line.body.message).toHaveLength(1);
  });

  it('a share received notifies the friend once, never the sender', async () => {
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    const friend = await kit.user();
    const res = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 1_000, email: friend.email, pin: PIN },
    });
    expect(res.status).toBe(200);
    const b = await bell(friend);
    expect(b.notices).toEqual([
      expect.objectContaining({
        kind: 'credited',
        title: '₦1,000 from Bola Adeyemi',
        amount: 1_000,
      }),
    ]);
    const line = await kit.call(api.myTransactions, {
      token: friend.token,
      query: { q: b.notices[0]!.transaction_id! },
    });
    expect(line.body.message).toHaveLength(1);
    expect(await titles(sender)).toEqual([]);
  });

  it('a purchase answered at once is no notice; its refund is one', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const ok = await electricity(u, '45123455678');
    expect(ok.body.message.status).toBe('successful');
    expect(await titles(u)).toEqual([]);
    const refused = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(refused.body.message.status).toBe('reversed');
    expect((await bell(u)).notices).toEqual([
      expect.objectContaining({
        kind: 'refunded',
        title: '₦980 refunded to your wallet',
        amount: 980,
        transaction_id: refused.body.message.transaction_id,
      }),
    ]);
  });

  it('a pending purchase notifies once when it settles, though a requery and the VTpass callback race', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const restore = loseWebhooks(kit);
    try {
      const res = await electricity(u, '45123451111');
      expect(res.body.message.status).toBe('pending');
      const id = res.body.message.transaction_id;
      expect(await titles(u)).toEqual([]);
      const { provider_request_id: requestId } = await row(id);
      const callback = () =>
        kit.call(api.vtpassWebhook, { body: { type: 'transaction-update', data: { requestId } } });
      await Promise.all([
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
      ]);
      expect((await row(id)).status).toBe('successful');
      await callback();
      await runRequeryOnce(kit.app.ctx, { now: LATER() });
      expect((await bell(u)).notices).toEqual([
        expect.objectContaining({
          kind: 'purchased',
          title: 'Your Electricity purchase was successful',
          amount: -507.5,
          transaction_id: id,
        }),
      ]);
    } finally {
      restore();
    }
  });

  it('a settlement that rolls back leaves no notice; the one that commits leaves one', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const restore = loseWebhooks(kit);
    try {
      const res = await electricity(u, '45123451111');
      const id = res.body.message.transaction_id;
      // The mail is queued after the notice, in the same transaction: refused, both go.
      const allow = await failInserts('mail_outbox');
      try {
        await runRequeryOnce(kit.app.ctx, { now: LATER() }).catch(() => 0);
      } finally {
        await allow();
      }
      expect((await row(id)).status).toBe('pending');
      expect(await titles(u)).toEqual([]);
      await runRequeryOnce(kit.app.ctx, { now: LATER() + 3_600_000 });
      expect((await row(id)).status).toBe('successful');
      expect(await titles(u)).toEqual(['Your Electricity purchase was successful']);
    } finally {
      restore();
    }
  });

  it('a notice that cannot be written rolls the money back with it', async () => {
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    const friend = await kit.user();
    const allow = await failInserts('notices');
    try {
      const res = await kit.call(api.share, {
        token: sender.token,
        body: { amount: 1_000, email: friend.email, pin: PIN },
      });
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await kit.balance(friend.id)).toBe(0);
    expect(await kit.balance(sender.id)).toBe(5_000_00);
  });

  it('an adjustment notifies the customer, signed', async () => {
    const maker = await kit.user({ admin: true });
    const u = await kit.user({ funds: 1_000_00 });
    const body = (direction: 'credit' | 'debit', reference: string) => ({
      email: u.email,
      direction,
      amount: 250,
      reason: 'Cash paid at the Ikeja office',
      reference,
    });
    const credit = await kit.call(api.createAdjustment, {
      token: maker.token,
      body: body('credit', `N-${engine}-1`),
    });
    expect(credit.status).toBe(200);
    await kit.call(api.createAdjustment, {
      token: maker.token,
      body: body('debit', `N-${engine}-2`),
    });
    expect((await bell(u)).notices).toEqual([
      expect.objectContaining({
        kind: 'debited',
        title: '₦250 taken from your wallet',
        amount: -250,
        transaction_id: `N-${engine}-2`,
      }),
      expect.objectContaining({
        kind: 'credited',
        title: '₦250 added to your wallet',
        amount: 250,
        transaction_id: `N-${engine}-1`,
      }),
    ]);
  });

  it('is recorded with the money e-mails off', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    await kit.call(api.setMailPreferences, { token: u.token, body: { money_mail: false } });
    await kit.call(api.share, {
      token: sender.token,
      body: { amount: 500, email: u.email, pin: PIN },
    });
    await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(await titles(u)).toEqual(['₦980 refunded to your wallet', '₦500 from Bola Adeyemi']);
    expect(await kit.mail(u.email)).toEqual([]);
  });

  it('shows the newest 20 and counts every unread one; read state is the customer’s own', async () => {
    const u = await kit.user();
    const other = await kit.user();
    const trx = kit.app.ctx.db;
    for (let i = 1; i <= 25; i++) {
      await recordNotice(trx, u.id, { kind: 'credited', title: `Notice ${i}`, amount: i * 100 });
    }
    await recordNotice(trx, other.id, { kind: 'credited', title: 'Theirs', amount: 100 });
    let b = await bell(u);
    expect(b.notices).toHaveLength(20);
    expect(b.notices[0]!.title).toBe('Notice 25');
    expect(b.notices[19]!.title).toBe('Notice 6');
    expect(b.unread).toBe(25);

    // Up to the 10th newest: that one and every older one.
    const upTo = b.notices[9]!.id;
    const marked = await read(u, { up_to: upTo });
    expect(marked.status).toBe(200);
    b = marked.body.message;
    expect(b.unread).toBe(9);
    expect(b.notices.map((n) => n.read)).toEqual([
      ...Array<boolean>(9).fill(false),
      ...Array<boolean>(11).fill(true),
    ]);

    // Another customer's notice cannot be marked, by id or by "all".
    const theirs = (await bell(other)).notices[0]!.id;
    const refused = await read(u, { up_to: theirs });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe(NOTICES_MSG.notFound);
    expect((await bell(u)).unread).toBe(9);
    expect((await read(u, {})).body.message.unread).toBe(0);
    expect(await bell(other)).toMatchObject({ unread: 1, notices: [{ read: false }] });

    // Bad input: a clear refusal, nothing changes.
    for (const body of [
      { up_to: 'abc' },
      { up_to: 12 },
      { up_to: '0' },
      { up_to: '1'.repeat(16) },
      { all: true },
    ]) {
      expect((await read(other, body)).status).toBe(400);
    }
    expect((await bell(other)).unread).toBe(1);
    expect((await read(other, { up_to: '999999999' })).status).toBe(404);
    expect((await kit.call(api.notices, {})).status).toBe(401);
  });
});
