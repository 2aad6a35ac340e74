/** The admin overview (spec §2 admin 1): totals and the last 30 days of sales. */
import type { AdminOverview } from '@contract';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

const DAY_MS = 86_400_000;

export async function overview(ctx: AppContext, now = Date.now()): Promise<AdminOverview> {
  const count = (r: { n: unknown }) => Number(r.n);
  const users = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const recent = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('last_login', '>=', now - 1_000_000)
    .executeTakeFirstOrThrow();
  const payments = await ctx.db
    .selectFrom('payments')
    .select((eb) => [eb.fn.countAll().as('n'), sql<number>`coalesce(sum(amount), 0)`.as('sum')])
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const from = today - 29 * DAY_MS;
  const rows = await ctx.db
    .selectFrom('transactions')
    .select(['created_at', 'value'])
    .where('status', '=', 'successful')
    .where('direction', '=', 'debit')
    .where('created_at', '>=', from)
    .execute();
  const daily = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(from + i * DAY_MS).toISOString().slice(0, 10),
    value: 0,
    count: 0,
  }));
  for (const r of rows) {
    const d = daily[Math.floor((Number(r.created_at) - from) / DAY_MS)];
    if (d) {
      d.value += Number(r.value);
      d.count += 1;
    }
  }
  return {
    total_users: count(users),
    payments_count: count(payments),
    payments_amount: Number(payments.sum),
    recent_users: count(recent),
    daily,
  };
}
