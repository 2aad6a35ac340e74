/**
 * The admin overview's withdrawal figures (ADR 0094). The fee income comes from the ledger, never
 * from the withdrawals' fee column: the `fees_income` entries of the movements a withdrawal made
 * (its debit books the fee, its refund takes it back; both carry the withdrawal's id as memo,
 * withdrawal-ledger.ts), counted on the Lagos day they were booked. A refund today of
 * yesterday's withdrawal is today's, so a day's income may be negative; a debit and its refund
 * in one span net to nothing. Settled withdrawals count on the day they settled (`updated_at`
 * of a `successful` row: settling is its last change).
 */
import type { AdminOverview, Kobo } from '@contract';
import { lagosDay, lagosDayEnd, lagosDayStart } from '@contract/time';
import { sql } from 'kysely';
import type { Db } from '../platform/db/index.ts';
import { systemAccountId } from '../wallet/ledger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Span = { from: number; to: number };

async function feeIncome(db: Db, { from, to }: Span): Promise<Kobo> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('movements as m', 'm.id', 'e.movement_id')
    .innerJoin('withdrawals as w', 'w.id', 'm.memo')
    .select((eb) => eb.fn.sum<number>('e.amount').as('kobo'))
    // A literal, so both engines match the partial index of the fee account's entries by time
    // (migration 0047): a bound value cannot be matched to an index's predicate.
    .where('e.account_id', '=', sql.lit(systemAccountId('fees_income')))
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .executeTakeFirst();
  return Number(row?.kobo ?? 0);
}

async function settled(db: Db, { from, to }: Span) {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('amount').as('kobo')])
    .where('status', '=', 'successful')
    .where('updated_at', '>=', from)
    .where('updated_at', '<', to)
    .executeTakeFirst();
  return { settled_count: Number(row?.n ?? 0), settled_amount: Number(row?.kobo ?? 0) };
}

async function figures(db: Db, span: Span) {
  const [fee, paid] = await Promise.all([feeIncome(db, span), settled(db, span)]);
  return { fee_income: fee, ...paid };
}

/** Today (Lagos), the 30 Lagos days ending today (the overview's series), and what waits now. */
export async function withdrawalFigures(
  db: Db,
  now: number,
): Promise<AdminOverview['withdrawals']> {
  const day = lagosDay(now);
  const to = lagosDayEnd(day);
  const [today, last30, waiting] = await Promise.all([
    figures(db, { from: lagosDayStart(day), to }),
    figures(db, { from: lagosDayStart(lagosDay(now - 29 * DAY_MS)), to }),
    db
      .selectFrom('withdrawals')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .where('status', 'in', ['pending', 'awaiting_review'])
      .groupBy('status')
      .execute(),
  ]);
  const count = (status: string) => Number(waiting.find((r) => r.status === status)?.n ?? 0);
  return {
    today,
    last_30_days: last30,
    pending: count('pending'),
    awaiting_review: count('awaiting_review'),
  };
}
