/**
 * An admin's way out for a stuck withdrawal (ADR 0089): one still processing after its first
 * send timed out and a resend was refused, which the requery worker can only keep asking about.
 * Like the pending-purchase actions (ADR 0073), it asks the provider first, always by our
 * reference (the one key Flutterwave keeps whatever id it gave), and acts only on what it says:
 *
 * - SUCCESSFUL: settled (as the webhook or the worker would);
 * - FAILED: refunded in full, the reason Flutterwave gave kept;
 * - no record, when the answer lists no transfer at all and the withdrawal was last sent more
 *   than WITHDRAWAL_NO_RECORD_HOURS ago: it was never made, refunded in full;
 * - anything else (NEW, PENDING, no answer, a list that ignored the filter, too soon): refused
 *   with a sentence that says why, nothing written.
 *
 * Four eyes as the purchases' fail and refund: the provider's own answer is the second check,
 * and no admin resolves a withdrawal from their own wallet. The refund is guarded on the send
 * time read before asking: a resend that started meanwhile (the worker's compare-and-set moves
 * `sent_at` before it calls) makes it refuse, so a transfer is never both made and refunded.
 * Audited in the transaction that moves the money; the audit entry names the withdrawal, so the
 * transaction's timeline shows it (ADR 0083).
 */
import { WITHDRAWAL_NO_RECORD_HOURS, WITHDRAWAL_RESOLVE_MSG, WITHDRAWAL_MSG } from '@contract';
import type { AppContext } from '../context.ts';
import { postMovement } from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { refuseOwnWallet } from '../admin/four-eyes.ts';
import { withdrawalRefundLegs } from './withdrawal-ledger.ts';
import { listedNothing, settle, tellCustomer } from './withdrawals.ts';

const NO_RECORD_MS = WITHDRAWAL_NO_RECORD_HOURS * 3_600_000;

export async function resolveWithdrawal(
  ctx: AppContext,
  actor: Actor,
  id: string,
  now = (ctx.config.clock ?? Date.now)(),
): Promise<string> {
  const w = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!w) throw new ApiError('not_found', WITHDRAWAL_MSG.notFound);
  refuseOwnWallet(actor, w.user_id);
  if (w.status !== 'pending') throw new ApiError('conflict', WITHDRAWAL_RESOLVE_MSG.notPending);
  const sentAt = w.sent_at === null ? null : Number(w.sent_at);

  const answer = await ctx.providers.payout.byReference(w.id);
  let raw = 'null';
  try {
    raw = JSON.stringify(answer.raw ?? null) ?? 'null';
  } catch {
    // an unreadable answer is kept as null
  }
  await ctx.db
    .insertInto('withdrawal_events')
    .values({
      withdrawal_id: id,
      source: 'admin',
      status: (answer.notFound
        ? 'NOT_FOUND'
        : answer.callFailed
          ? 'NO_ANSWER'
          : (answer.providerStatus ?? answer.status.toUpperCase())
      ).slice(0, 32),
      message: answer.message?.slice(0, 500) ?? null,
      raw: raw.slice(0, 4_000),
      created_at: now,
    })
    .execute();

  if (answer.callFailed) throw new ApiError('provider_error', WITHDRAWAL_RESOLVE_MSG.unreachable);
  const label = `${w.account_name}, ${w.bank_name}`;
  const audit = (after: Record<string, string | number>) =>
    ctx.dbh.writeTx((trx) =>
      recordAudit(
        trx,
        actor,
        {
          action: 'withdrawal.resolve',
          targetType: 'withdrawal',
          targetId: id,
          targetLabel: label,
          before: { status: 'pending' },
          after,
        },
        now,
      ),
    );

  if (answer.status === 'successful') {
    const status = await settle(ctx, id, answer, now);
    if (status !== 'successful') {
      throw new ApiError('conflict', WITHDRAWAL_RESOLVE_MSG.settledMeanwhile);
    }
    await audit({ status: 'successful', provider_said: 'SUCCESSFUL' });
    return WITHDRAWAL_RESOLVE_MSG.paid;
  }

  let reason: string;
  let said: string;
  let answerMsg: string;
  if (answer.status === 'failed') {
    reason = answer.message || 'The bank transfer failed.';
    said = 'FAILED';
    answerMsg = WITHDRAWAL_RESOLVE_MSG.failed;
  } else if (answer.notFound) {
    if (!listedNothing(answer)) throw new ApiError('conflict', WITHDRAWAL_RESOLVE_MSG.unproven);
    const last = sentAt ?? Number(w.created_at);
    if (now - last < NO_RECORD_MS) throw new ApiError('conflict', WITHDRAWAL_RESOLVE_MSG.tooSoon);
    reason = WITHDRAWAL_RESOLVE_MSG.neverMadeReason;
    said = 'no record';
    answerMsg = WITHDRAWAL_RESOLVE_MSG.neverMade;
  } else {
    throw new ApiError(
      'conflict',
      WITHDRAWAL_RESOLVE_MSG.stillProcessing(answer.providerStatus ?? 'PENDING'),
    );
  }

  const refunded = await ctx.dbh.writeTx(async (trx) => {
    const row = await trx
      .updateTable('withdrawals')
      .set({
        status: 'failed',
        reason: reason.slice(0, 500),
        ...(answer.providerId ? { provider_id: answer.providerId } : {}),
        ...(answer.providerStatus ? { provider_status: answer.providerStatus.slice(0, 16) } : {}),
        next_requery_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => (sentAt === null ? eb('sent_at', 'is', null) : eb('sent_at', '=', sentAt)))
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const legs = await withdrawalRefundLegs(trx, id);
    await postMovement(trx, { kind: 'reversal', memo: id, legs, now });
    await trx
      .updateTable('transactions')
      .set({ status: 'reversed', response_msg: reason.slice(0, 500), updated_at: now })
      .where('id', '=', id)
      .execute();
    await tellCustomer(trx, 'withdrawalFailed', row, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'withdrawal.resolve',
        targetType: 'withdrawal',
        targetId: id,
        targetLabel: label,
        before: { status: 'pending' },
        after: { status: 'failed', refunded_kobo: Number(row.total), provider_said: said },
      },
      now,
    );
    return row;
  });
  if (!refunded) throw new ApiError('conflict', WITHDRAWAL_RESOLVE_MSG.settledMeanwhile);
  ctx.metrics.withdrawal('failed');
  ctx.log.info({ withdrawal: id, admin: actor.admin.id, said }, 'admin resolved a withdrawal');
  return answerMsg;
}
