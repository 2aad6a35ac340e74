import {
  api,
  FOUR_EYES_MSG,
  SERVER_MSG,
  type LevelLimits,
  type VerificationLevel,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, findUser } from '../db';
import { MockApiError } from '../errors';
import type { ApprovalRecord } from '../records';
import { recordAudit } from '../services/audit';
import { decidable, fourEyesState } from '../services/four-eyes';
import { paginate } from '../services/paging';
import { reverse } from '../services/purchase';
import { impl } from './impl';
import { assignHeld } from './transfers';
import { approveLevel, approveLimits } from './verification';

/**
 * Four eyes (ADR 0070) over the mock store: the waiting actions (pending first, oldest first),
 * decided once, never by their maker or the customer whose wallet gains; the daily totals.
 */
function carryOut(a: ApprovalRecord, admin: ReturnType<typeof me>, request: Request): void {
  switch (a.kind) {
    case 'transfer.assign': {
      const transfer = db.heldTransfers.find((t) => t.id === a.target_id);
      const customer = a.user_id ? findUser(a.user_id) : undefined;
      if (!transfer || !customer) throw new MockApiError('not_found', FOUR_EYES_MSG.notFound);
      assignHeld(transfer, customer, admin, request);
      return;
    }
    case 'transaction.reverse': {
      const record = db.transactions.find((t) => t.transaction_id === a.target_id);
      if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
      reverse(record);
      return;
    }
    case 'verification.level':
      approveLevel(a.target_id, a.payload.level as VerificationLevel);
      return;
    case 'verification.limits':
      approveLimits(a.payload as unknown as LevelLimits);
      return;
  }
}

const order = (a: ApprovalRecord, b: ApprovalRecord) =>
  (a.status === 'pending' ? 0 : 1) - (b.status === 'pending' ? 0 : 1) ||
  (a.status === 'pending' ? a.created_at - b.created_at : b.created_at - a.created_at);

/** The contract's view: the mock's own fields stay in the store. */
const view = ({ target_id: _t, user_id: _u, payload: _p, ...a }: ApprovalRecord) => a;

export const fourEyes = {
  approvals: impl(
    api.approvals,
    (ctx) => ({
      ...paginate(
        db.approvals
          .filter((a) => !ctx.query.status || a.status === ctx.query.status)
          .sort(order)
          .map(view),
        ctx.query,
      ),
      four_eyes: fourEyesState(me(ctx).id),
    }),
    (ctx) => ({ ...paginate([], ctx.query), four_eyes: fourEyesState(me(ctx).id) }),
  ),

  approveApproval: impl(api.approveApproval, (ctx) => {
    const admin = me(ctx);
    const a = decidable(ctx.body.id, admin, 'approve');
    carryOut(a, admin, ctx.request);
    Object.assign(a, { status: 'approved', checker: admin.email, decided_at: now() });
    recordAudit(admin, ctx.request, {
      action: 'approval.approve',
      target_type: 'approval',
      target_id: a.id,
      target_label: a.summary,
      before: { kind: a.kind, amount_kobo: a.amount, status: 'pending' },
      after: { kind: a.kind, amount_kobo: a.amount, status: 'approved' },
    });
    return { message: FOUR_EYES_MSG.approved };
  }),

  rejectApproval: impl(api.rejectApproval, (ctx) => {
    const admin = me(ctx);
    const a = decidable(ctx.body.id, admin, 'reject');
    Object.assign(a, { status: 'rejected', checker: admin.email, decided_at: now() });
    const transfer = db.heldTransfers.find((t) => t.id === a.target_id);
    if (a.kind === 'transfer.assign' && transfer) transfer.awaiting = null;
    recordAudit(admin, ctx.request, {
      action: 'approval.reject',
      target_type: 'approval',
      target_id: a.id,
      target_label: a.summary,
      before: { kind: a.kind, amount_kobo: a.amount, status: 'pending' },
      after: { kind: a.kind, amount_kobo: a.amount, status: 'rejected' },
    });
    return { message: FOUR_EYES_MSG.rejected };
  }),

  fourEyes: impl(api.fourEyes, (ctx) => ({ message: fourEyesState(me(ctx).id) })),

  setFourEyes: impl(api.setFourEyes, (ctx) => {
    const admin = me(ctx);
    const before = { ...db.fourEyes };
    db.fourEyes = { maker_daily: ctx.body.maker_daily, customer_daily: ctx.body.customer_daily };
    recordAudit(admin, ctx.request, {
      action: 'fourEyes.settings',
      target_type: 'four_eyes',
      target_id: 'daily-totals',
      target_label: 'Daily totals of instant actions',
      before: { maker_daily_kobo: before.maker_daily, customer_daily_kobo: before.customer_daily },
      after: {
        maker_daily_kobo: db.fourEyes.maker_daily,
        customer_daily_kobo: db.fourEyes.customer_daily,
      },
    });
    return { message: fourEyesState(admin.id) };
  }),
};
