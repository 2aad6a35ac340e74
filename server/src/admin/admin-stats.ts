/** The admin overview (spec §2 admin 1): totals and the last 30 Lagos days of sales. */
import { LIMITS, type AdminOverview } from '@contract';
import { LAGOS_OFFSET_MS } from '@contract/time';
import type { AppContext } from '../context.ts';
import { DAY_MS } from '../../migrations/0005-history-aggregates.ts';
import { counter } from '../platform/aggregates.ts';
import { commissionsPaid } from '../growth/referrals.ts';
import { withdrawalFigures } from './withdrawal-figures.ts';

/**
 * Every figure from an aggregate or an index (ADR 0020): users and completed card payments from
 * `counters`, "active recently" from the `last_login` index, the series from `tx_daily_sales`
 * (at most 30 days × shards rows), so the page costs the same at a thousand transactions or
 * a million.
 */
export async function overview(ctx: AppContext, now = Date.now()): Promise<AdminOverview> {
  // Lagos days (migration 0009): day d starts at d × 24 h − 1 h UTC, and its date is the
  // UTC date of d × 24 h.
  const today = Math.floor((now + LAGOS_OFFSET_MS) / DAY_MS);
  const from = today - 29;
  const [users, payments, recent, rows, commissions, withdrawals] = await Promise.all([
    counter(ctx.db, 'users'),
    // Card payments only, and only those whose money reached the wallet (ADR 0076): a bank
    // transfer is no card payment, and a held credit is not completed money until released.
    counter(ctx.db, 'card_payments'),
    ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('last_login', '>=', now - LIMITS.recentlyActiveMs)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('tx_daily_sales')
      .select((eb) => [
        'day',
        eb.fn.sum<number>('n').as('n'),
        eb.fn.sum<number>('value').as('value'),
      ])
      .where('day', '>=', from)
      .where('day', '<=', today)
      .groupBy('day')
      .execute(),
    commissionsPaid(ctx.db, now),
    withdrawalFigures(ctx.db, now),
  ]);
  const daily = Array.from({ length: 30 }, (_, i) => ({
    day: new Date((from + i) * DAY_MS).toISOString().slice(0, 10),
    value: 0,
    count: 0,
  }));
  for (const r of rows) {
    const d = daily[Number(r.day) - from];
    if (d) {
      d.value = Number(r.value);
      d.count = Number(r.n);
    }
  }
  return {
    total_users: users.n,
    payments_count: payments.n,
    payments_amount: payments.amount,
    recent_users: Number(recent.n),
    commissions_paid: commissions.total,
    commissions_paid_month: commissions.month,
    withdrawals,
    daily,
  };
}
