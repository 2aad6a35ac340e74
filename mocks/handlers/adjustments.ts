import {
  ADJUSTMENT_MSG,
  adjustmentBelowZero,
  api,
  FOUR_EYES_MSG,
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  SERVER_MSG,
  type Adjustment,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, findUser, findUserByEmail, nextId } from '../db';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';
import { recordAudit } from '../services/audit';
import { fourEyesState, instantOrWait } from '../services/four-eyes';
import { paginate } from '../services/paging';
import { impl } from './impl';

/**
 * Manual wallet adjustments (ADR 0050) over the mock store, refused as the server refuses
 * them: up to ₦50,000 and within the day's totals (ADR 0070) the wallet moves at once, else
 * the adjustment waits for another admin; neither the maker nor the customer approves it; a debit never takes a wallet below zero; the
 * same reference answers the first adjustment.
 */
const THRESHOLD = DEFAULT_ADJUSTMENT_APPROVAL_KOBO;

const snapshot = (a: Adjustment) => ({
  status: a.status,
  customer: a.user,
  direction: a.direction,
  amount_kobo: a.amount,
  reason: a.reason,
  reference: a.reference,
});

/** Moves the wallet, or refuses the debit that would take it below zero (nothing moves). */
function move(customer: UserRecord, a: Pick<Adjustment, 'direction' | 'amount'>): void {
  if (a.direction === 'credit') customer.wallet_balance += a.amount;
  else if (a.amount > customer.wallet_balance) {
    throw new MockApiError('insufficient_funds', adjustmentBelowZero(customer.wallet_balance));
  } else customer.wallet_balance -= a.amount;
}

function decidable(id: string, admin: UserRecord, decision: 'approve' | 'reject') {
  const a = db.adjustments.find((x) => x.id === id);
  if (!a) throw new MockApiError('not_found', ADJUSTMENT_MSG.notFound);
  if (a.status !== 'pending') throw new MockApiError('conflict', ADJUSTMENT_MSG.alreadyDecided);
  if (decision === 'approve' && a.maker_id === admin.id) {
    throw new MockApiError('forbidden', ADJUSTMENT_MSG.selfApproval);
  }
  if (decision === 'approve' && a.user_id === admin.id) {
    throw new MockApiError('forbidden', FOUR_EYES_MSG.beneficiaryApproval);
  }
  return a;
}

export const adjustments = {
  adjustments: impl(
    api.adjustments,
    (ctx) => ({
      ...paginate(
        db.adjustments.filter((a) => !ctx.query.status || a.status === ctx.query.status),
        ctx.query,
      ),
      approval_above: THRESHOLD,
      four_eyes: fourEyesState(me(ctx).id),
    }),
    (ctx) => ({
      ...paginate([], ctx.query),
      approval_above: THRESHOLD,
      four_eyes: fourEyesState(me(ctx).id),
    }),
  ),

  createAdjustment: impl(api.createAdjustment, (ctx) => {
    const admin = me(ctx);
    const { body } = ctx;
    const customer = findUserByEmail(body.email);
    if (!customer) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
    const existing = db.adjustments.find((a) => a.reference === body.reference);
    if (existing) {
      const same =
        existing.user_id === customer.id &&
        existing.direction === body.direction &&
        existing.amount === body.amount &&
        existing.reason === body.reason;
      if (same) return { message: existing };
      throw new MockApiError('conflict', ADJUSTMENT_MSG.referenceTaken);
    }
    if (customer.id === admin.id) throw new MockApiError('forbidden', ADJUSTMENT_MSG.ownWallet);
    if (body.direction === 'debit' && body.amount > customer.wallet_balance) {
      throw new MockApiError('insufficient_funds', adjustmentBelowZero(customer.wallet_balance));
    }
    const decision = instantOrWait(admin, customer.id, body.amount);
    const pending = !decision.instant;
    if (!pending) move(customer, body);
    const at = now();
    const a: Adjustment = {
      id: nextId('adj'),
      reference: body.reference,
      user: customer.email,
      user_id: customer.id,
      user_name: customer.name,
      direction: body.direction,
      amount: body.amount,
      reason: body.reason,
      status: pending ? 'pending' : 'approved',
      maker: admin.email,
      maker_id: admin.id,
      checker: null,
      checker_id: null,
      created_at: at,
      decided_at: pending ? null : at,
      why: decision.instant ? null : decision.why,
    };
    db.adjustments.unshift(a);
    recordAudit(admin, ctx.request, {
      action: 'adjustment.create',
      target_type: 'adjustment',
      target_id: a.id,
      target_label: a.user,
      before: null,
      after: snapshot(a),
    });
    return { message: a };
  }),

  approveAdjustment: impl(api.approveAdjustment, (ctx) => {
    const admin = me(ctx);
    const a = decidable(ctx.body.id, admin, 'approve');
    const customer = findUser(a.user_id);
    if (!customer) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
    move(customer, a);
    const before = snapshot(a);
    Object.assign(a, {
      status: 'approved',
      why: null,
      checker: admin.email,
      checker_id: admin.id,
      decided_at: now(),
    });
    recordAudit(admin, ctx.request, {
      action: 'adjustment.approve',
      target_type: 'adjustment',
      target_id: a.id,
      target_label: a.user,
      before,
      after: snapshot(a),
    });
    return { message: ADJUSTMENT_MSG.approved };
  }),

  rejectAdjustment: impl(api.rejectAdjustment, (ctx) => {
    const admin = me(ctx);
    const a = decidable(ctx.body.id, admin, 'reject');
    const before = snapshot(a);
    Object.assign(a, {
      status: 'rejected',
      why: null,
      checker: admin.email,
      checker_id: admin.id,
      decided_at: now(),
    });
    recordAudit(admin, ctx.request, {
      action: 'adjustment.reject',
      target_type: 'adjustment',
      target_id: a.id,
      target_label: a.user,
      before,
      after: snapshot(a),
    });
    return { message: ADJUSTMENT_MSG.rejected };
  }),
};
