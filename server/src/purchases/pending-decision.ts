/**
 * The 24-hour decision on a pending purchase (ADR 0082; the NCC–CBN framework: a pending
 * purchase is resolved within 24 hours, and the customer is told). `decideAt24Hours` is a pure
 * function of the purchase's facts, the provider's last requery answer and the time; the
 * requery worker (requery.ts) asks the provider at the 24-hour mark (its back-off never steps
 * past it) and applies what this answers:
 *
 * - `deliver`: the last answer is a definite delivery: settled delivered, as at any age.
 * - `refund`: the last answer is a definite failure or reversal (VTpass `016`, or `000` with
 *   `content.transactions.status` `reversed`; Flutterwave `data.status` failed), or the
 *   provider has no record of the purchase past its window: VTpass's requery `015` INVALID
 *   REQUEST ID, "This is returned for a requery operation. This RequestID was not used on our
 *   platform." (https://www.vtpass.com/documentation/response-codes/, asked as
 *   https://www.vtpass.com/documentation/re-query-services/). Before 24 hours one such answer
 *   waits for a second a minute later (ADR 0038); 24 hours after the purchase call ended, no
 *   request of ours can still be on its way to VTpass, so one answer is enough.
 * - `overdue`: anything else (still processing, `099`; or no usable answer: a refused call,
 *   a 5xx, a time-out, a cut body): never guessed, never silent. The purchase is marked
 *   overdue once (`transactions.overdue_at`), the customer is told by a notice and an SMS, it
 *   leads the admin's pending list, and /metrics counts it. The worker keeps asking.
 * - `nothing`: already overdue and still undecided, or no longer pending: a second run
 *   changes nothing and tells no one again.
 * - `not_yet`: younger than 24 hours: the worker's ordinary rules apply.
 */
import { nairaText } from '@contract';
import type { Selectable } from 'kysely';
import type { Db } from '../platform/db/index.ts';
import type { TransactionsTable } from '../platform/db/schema.ts';
import type { ProviderOutcome } from '../providers/index.ts';
import { recordNotice } from '../notifications/notices.ts';
import { enqueueSms } from '../notifications/sms.ts';

/** The regulator's clock: a pending purchase is decided 24 hours after it was made. */
export const DECISION_AGE_MS = 24 * 3_600_000;
/** The regulator's clock for a failed purchase: refunded within 30 seconds (measured). */
export const REFUND_WITHIN_MS = 30_000;

/** What the provider's last requery said, in the decision's words. */
export type LastAnswer =
  /** Definitely delivered. */
  | 'delivered'
  /** Definitely failed or reversed. */
  | 'failed'
  /** The provider has no record of the request (VTpass 015). */
  | 'no_record'
  /** The provider says it is still processing it (VTpass 099, 000 pending/initiated). */
  | 'processing'
  /** No usable answer: the call was refused, timed out, answered 5xx or a cut body. */
  | 'no_answer';

export function lastAnswerOf(outcome: ProviderOutcome): LastAnswer {
  if (outcome.callFailed) return 'no_answer';
  if (outcome.unknownRequest) return 'no_record';
  if (outcome.status === 'successful') return 'delivered';
  if (outcome.status === 'failed') return 'failed';
  return 'processing';
}

export interface PendingFacts {
  status: string;
  createdAt: number;
  /** When it was marked overdue, or null. */
  overdueAt: number | null;
  /**
   * How long after `createdAt` the provider may still be receiving the purchase call (the
   * provider time-out): a "no record" inside it proves nothing.
   */
  providerWindowMs: number;
}

export type Decision = 'not_yet' | 'deliver' | 'refund' | 'overdue' | 'nothing';

export function decideAt24Hours(facts: PendingFacts, last: LastAnswer, now: number): Decision {
  if (facts.status !== 'pending') return 'nothing';
  if (now < facts.createdAt + DECISION_AGE_MS) return 'not_yet';
  if (last === 'delivered') return 'deliver';
  if (last === 'failed') return 'refund';
  if (last === 'no_record' && now >= facts.createdAt + facts.providerWindowMs) return 'refund';
  return facts.overdueAt === null ? 'overdue' : 'nothing';
}

/** The decision's refusal reason, kept on a purchase refunded for "no record" at 24 hours. */
export const NO_RECORD_AT_24_HOURS =
  'The provider has no record of this purchase 24 hours after it was made: it was never made.';

/** The customer's notice of an overdue purchase (one line, as the bell shows it). */
export const overdueNoticeTitle = (row: Pick<TxRow, 'product'>) =>
  `Your ${row.product} purchase is still being checked: no need to pay again`;

/**
 * The customer's SMS: a plain sentence on one page (160 characters of the GSM alphabet, which
 * has no ₦: "NGN"): still being checked, no need to pay again, we will deliver or refund.
 */
export function overdueSmsText(row: Pick<TxRow, 'product' | 'paid_amount'>): string {
  const amount = nairaText(Number(row.paid_amount)).replace('₦', 'NGN');
  return `PayBills: your ${amount} ${row.product} purchase is still being checked. No need to pay again: we will deliver it or refund you.`;
}

type TxRow = Selectable<TransactionsTable>;

/**
 * Marks a purchase overdue and tells its customer, in `trx`: the guarded UPDATE (still
 * pending, not yet overdue) lets one caller do it; that caller records the notice and queues
 * the SMS (key `overdue:<id>`, one SMS per purchase whatever happens). Answers whether this
 * call marked it.
 */
export async function markOverdue(trx: Db, id: string, now: number): Promise<boolean> {
  const row = await trx
    .updateTable('transactions')
    .set({ overdue_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('overdue_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) return false;
  await recordNotice(
    trx,
    row.user_id,
    { kind: 'overdue', title: overdueNoticeTitle(row), amount: null, transactionId: row.id },
    now,
  );
  await enqueueSms(
    trx,
    { key: `overdue:${row.id}`, userId: row.user_id, text: overdueSmsText(row), kind: 'outcome' },
    now,
  );
  return true;
}
