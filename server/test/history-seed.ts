/**
 * A customer's long history, seeded in a few set-based statements on either engine, for the
 * query-plan guard (query-plans.test.ts) and `npm run bench -- scale` (ADR 0069). It goes through
 * the same tables (and so the same triggers) as the services do, and keeps the ledger whole:
 * every movement balances, each account's entries chain, balances equal their entries.
 *
 * For `n` purchases the customer gets: one opening credit, `n` purchases (airtime, data, cable
 * TV and electricity in turn, to up to 9,000 numbers, cards and meters; one in ten failed and
 * refunded, about one in a thousand still pending), a card funding every hundred, a referral
 * commission every ten from two friends they referred, a coupon every twenty, an unread notice
 * every ten (and a read one every hundred), a reseller webhook delivery every ten and a held
 * credit every thousand.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../src/platform/db/index.ts';
import { systemAccountId, walletAccountId } from '../src/wallet/ledger.ts';

export interface SeededHistory {
  purchases: number;
  /** Wallet entries written (each also a ledger movement). */
  entries: number;
  friends: string[];
}

const DAY_MS = 86_400_000;

/**
 * Seeds `n` purchases (and the rest, see above) for `userId`, dated over the year before `now`.
 * `prefix` keeps the ids of two seeded customers apart.
 */
export async function seedHistory(
  dbh: DbHandle,
  userId: string,
  n: number,
  options: {
    prefix: string;
    now?: number;
    /** The schema before migration 0027: accounts have no running totals to keep. */
    before0027?: boolean;
    /**
     * A short history whose every list still fills a page, so it compares with a long one page
     * for page (the scale bench's 10-transaction customer): half the purchases pending, half
     * refunded, a commission each, and at least 25 coupons, notices, deliveries and held credits.
     */
    fullPages?: boolean;
  },
): Promise<SeededHistory> {
  const p = options.prefix;
  const now = options.now ?? Date.now();
  const t0 = now - 365 * DAY_MS;
  const step = Math.max(1, Math.floor((365 * DAY_MS - 60_000) / Math.max(1, n)));
  const wallet = walletAccountId(userId);
  const clearing = systemAccountId('card_clearing');
  const float = systemAccountId('provider_float');
  const expense = systemAccountId('referral_expense');
  // Enough for every purchase at its dearest (₦599): the wallet never dips below zero.
  const opening = (n + 1) * 60_000;
  const friends = [`${p}f1`, `${p}f2`];
  const full = options.fullPages === true;
  const refunded = full ? 'i % 2 = 0' : 'i % 10 = 3';
  const pending = full ? 'i % 2 = 1' : 'i % 1000 = 7';
  const paidCommission = full ? 'true' : 'i % 10 = 5';
  const funded = full ? 'i % 5 = 0' : 'i % 100 = 50';
  const atLeast = (count: number) => Math.max(count, full ? 25 : 0);

  // Bound values typed for PostgreSQL, which would otherwise guess int4 or text.
  const big = (v: number) => sql`cast(${v} as bigint)`;
  const str = (v: string) => sql`cast(${v} as varchar)`;

  return dbh.writeTx(async (trx) => {
    const numbers = (count: number) =>
      sql`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${count})`;
    await sql`create temp table seed_events (
      seq bigint not null, batch integer not null, kind varchar(20) not null,
      amount bigint not null, other varchar(64) not null, memo varchar(64),
      created_at bigint not null)`.execute(trx);
    // Batch 1: everything but the refunds, by time; batch 2: the refunds, whose line names the
    // purchase row (written between the two). Each account's chain runs in (batch, seq) order.
    await sql`insert into seed_events (seq, batch, kind, amount, other, memo, created_at)
      values (0, 1, 'seed_funding', ${big(opening)}, ${str(clearing)}, null, ${big(t0)})`.execute(
      trx,
    );
    await sql`${numbers(n)}
      insert into seed_events (seq, batch, kind, amount, other, memo, created_at)
      select i * 4, 1, 'purchase', -(10000 + (i % 500) * 100), ${str(float)}, ${str(p)} || 'p' || i,
        ${big(t0)} + i * ${big(step)} from c`.execute(trx);
    await sql`${numbers(n)}
      insert into seed_events (seq, batch, kind, amount, other, memo, created_at)
      select i * 4 + 1, 2, 'reversal', 10000 + (i % 500) * 100, ${str(float)}, ${str(p)} || 'p' || i,
        ${big(t0)} + i * ${big(step)} + 1 from c where ${sql.raw(refunded)}`.execute(trx);
    await sql`${numbers(n)}
      insert into seed_events (seq, batch, kind, amount, other, memo, created_at)
      select i * 4 + 2, 1, 'commission', 500, ${str(expense)}, ${str(p)} || 'fp' || i,
        ${big(t0)} + i * ${big(step)} + 2 from c where ${sql.raw(paidCommission)}`.execute(trx);
    await sql`${numbers(n)}
      insert into seed_events (seq, batch, kind, amount, other, memo, created_at)
      select i * 4 + 3, 1, 'card_funding', 100000, ${str(clearing)}, ${str(p)} || 'tx' || i,
        ${big(t0)} + i * ${big(step)} + 3 from c where ${sql.raw(funded)}`.execute(trx);

    await sql`insert into movements (id, kind, memo, created_at)
      select ${str(p)} || 'm' || seq, kind, memo, created_at from seed_events order by seq`.execute(
      trx,
    );

    /** The entries of one batch: the wallet's legs, then the other side's, chained in order. */
    const entries = async (batch: number) => {
      await sql`insert into ledger_entries
          (movement_id, account_id, amount, balance_before, balance_after, created_at)
        select ${str(p)} || 'm' || e.seq, ${str(wallet)}, e.amount,
          a.balance + run.total - e.amount, a.balance + run.total, e.created_at
        from seed_events e
        join (select seq, sum(amount) over (order by seq rows unbounded preceding) as total
              from seed_events where batch = ${batch}) run on run.seq = e.seq
        join accounts a on a.id = ${str(wallet)}
        where e.batch = ${batch}
        order by e.seq`.execute(trx);
      await sql`insert into ledger_entries
          (movement_id, account_id, amount, balance_before, balance_after, created_at)
        select ${str(p)} || 'm' || e.seq, e.other, -e.amount,
          a.balance + run.total + e.amount, a.balance + run.total, e.created_at
        from seed_events e
        join (select seq, sum(-amount) over (partition by other order by seq
                rows unbounded preceding) as total
              from seed_events where batch = ${batch}) run on run.seq = e.seq
        join accounts a on a.id = e.other
        where e.batch = ${batch}
        order by e.seq`.execute(trx);
      // The balances the entries end at.
      await sql`update accounts set balance = (select e.balance_after from ledger_entries e
          where e.account_id = accounts.id order by e.id desc limit 1)
        where id = ${str(wallet)} or id in (select other from seed_events)`.execute(trx);
    };

    await entries(1);
    await sql`${numbers(n)}
      insert into transactions (id, user_id, movement_id, product, direction, status, value,
        amount_charged, balance_before, balance_after, transaction_phone, paid_account,
        paid_amount, created_at, updated_at, service_id, smart_card_number, meter_number, plan_id)
      select ${str(p)} || 'p' || i, ${str(userId)}, ${str(p)} || 'm' || (i * 4),
        case i % 4 when 0 then 'Airtime' when 1 then 'Data' when 2 then 'CableTV' else 'Electricity' end,
        'debit',
        case when ${sql.raw(refunded)} then 'reversed' when ${sql.raw(pending)} then 'pending'
          else 'successful' end,
        10000 + (i % 500) * 100, 10000 + (i % 500) * 100, 0, 0, '0803123' || (1000 + i % 9000),
        ${str(wallet)}, 10000 + (i % 500) * 100, ${big(t0)} + i * ${big(step)}, ${big(t0)} + i * ${big(step)} + 1,
        case i % 4 when 2 then 'dstv' when 3 then 'ikeja-electric' else 'mtn' end,
        case when i % 4 = 2 then '70212' || (10000 + i % 9000) end,
        case when i % 4 = 3 then '4512345' || (1000 + i % 9000) end,
        case when i % 4 = 3 then 'prepaid' end
      from c`.execute(trx);
    await entries(2);
    if (!options.before0027) {
      // What the ledger's UPDATE keeps beside each balance (migration 0027).
      const sum = (where: string) =>
        sql.raw(`(select coalesce(sum(abs(e.amount)), 0) from ledger_entries e
          join movements m on m.id = e.movement_id where e.account_id = accounts.id and ${where})`);
      await sql`update accounts set debited = ${sum('e.amount < 0')},
          received = ${sum(`e.amount > 0 and m.kind <> 'reversal'`)},
          refunded = ${sum(`e.amount > 0 and m.kind = 'reversal'`)}
        where id = ${str(wallet)} or id in (select other from seed_events)`.execute(trx);
    }

    // Two friends who signed up with the customer's code, and what their purchases paid.
    for (const [i, id] of friends.entries()) {
      await trx
        .insertInto('users')
        .values({
          id,
          name: `Friend ${i + 1}`,
          email: `${id}@seed.example`,
          phone: '08031234567',
          password_hash: 'x',
          referral_code: `${p}F${i + 1}`.toUpperCase(),
          referred_by: userId,
          created_on: t0,
        })
        .execute();
      await trx
        .insertInto('accounts')
        .values({ id: walletAccountId(id), kind: 'wallet', user_id: id, created_at: t0 })
        .execute();
    }
    await sql`insert into referral_commissions (id, referrer_id, referred_id, source, source_id,
        product, amount, movement_id, created_at)
      select ${str(p)} || 'rc' || seq, ${str(userId)},
        case when (seq / 40) % 2 = 0 then ${str(friends[0]!)} else ${str(friends[1]!)} end,
        'purchase', memo, 'Airtime', amount, ${str(p)} || 'm' || seq, created_at
      from seed_events where kind = 'commission'`.execute(trx);

    await sql`${numbers(atLeast(Math.ceil(n / 20)))}
      insert into coupons (code, owner_id, product, meta, is_valid, issued_at, expires_at,
        unit_price)
      select ${str(p.toUpperCase())} || 'SEED' || i || '-AIRTIME', ${str(userId)}, 'AIRTIME',
        '{"product":"AIRTIME","name":"₦100 Airtime","amount":10000}', 1,
        ${big(t0)} + i * 20 * ${big(step)}, ${big(now)} + 365 * ${big(DAY_MS)}, 10000
      from c`.execute(trx);
    await sql`${numbers(atLeast(Math.ceil(n / 10)))}
      insert into notices (user_id, kind, title, amount, transaction_id, created_at, read_at)
      select ${str(userId)}, 'refunded', 'Refund of a purchase', 10000, ${str(p)} || 'p' || (i * 10),
        ${big(t0)} + i * 10 * ${big(step)}, case when i % 10 = 0 then ${big(now)} else null end
      from c`.execute(trx);
    await sql`${numbers(atLeast(Math.ceil(n / 10)))}
      insert into webhook_deliveries (id, user_id, api_key_id, transaction_id, event, payload,
        status, attempts, created_at, updated_at)
      select ${str(p)} || 'wd' || i, ${str(userId)}, ${str(p)} || 'key', ${str(p)} || 'p' || (i * 10),
        'transaction.successful', '{}', 'delivered', 1, ${big(t0)} + i * 10 * ${big(step)},
        ${big(t0)} + i * 10 * ${big(step)}
      from c`.execute(trx);
    // Held credits, each with a movement of its own (held, then released: no entries here).
    const held = atLeast(Math.ceil(n / 1000));
    await sql`${numbers(held)}
      insert into movements (id, kind, memo, created_at)
      select ${str(p)} || 'hm' || i, 'held_credit', null, ${big(t0)} + i from c
      union all
      select ${str(p)} || 'hr' || i, 'held_release', null, ${big(t0)} + i + 1 from c`.execute(trx);
    await sql`${numbers(held)}
      insert into held_credits (id, user_id, amount, reason, source, memo, movement_id, status,
        release_movement_id, created_at, released_at)
      select ${str(p)} || 'hc' || i, ${str(userId)}, 100000, 'daily_funding', 'card_funding', null,
        ${str(p)} || 'hm' || i, 'released', ${str(p)} || 'hr' || i,
        ${big(t0)} + i * ${big(Math.floor((365 * DAY_MS) / held))},
        ${big(t0)} + i * ${big(Math.floor((365 * DAY_MS) / held))} + 1
      from c`.execute(trx);

    const { rows } = await sql<{ n: number }>`select count(*) as n from seed_events`.execute(trx);
    await sql`drop table seed_events`.execute(trx);
    return { purchases: n, entries: Number(rows[0]!.n), friends };
  });
}
