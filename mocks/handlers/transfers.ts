import {
  api,
  DEFAULT_TRANSFER_FEE,
  FOUR_EYES_MSG,
  SERVER_MSG,
  TRANSFER_MSG,
  transferCredit,
  type HeldTransfer,
  type VirtualAccount,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, findUserByEmail, nextId } from '../db';
import { MockApiError } from '../errors';
import { paginate } from '../services/paging';
import { recordAudit } from '../services/audit';
import { credit } from '../services/wallet';
import { instantOrWait, pendingFor, refuseOwnWallet, requestApproval } from '../services/four-eyes';
import type { UserRecord } from '../records';
import { impl } from './impl';

/** Credits a held transfer to a customer once, with its audit entry (assigned or approved). */
export function assignHeld(
  transfer: HeldTransfer,
  customer: UserRecord,
  admin: UserRecord,
  request: Request,
): void {
  transfer.status = 'assigned';
  transfer.assigned_to = customer.email;
  transfer.awaiting = null;
  const amount = transfer.amount;
  const credited = transferCredit(amount, DEFAULT_TRANSFER_FEE);
  credit(customer, credited);
  db.payments.unshift({
    id: nextId('pay'),
    t_id: `TRF-${transfer.reference}`,
    user: customer.email,
    user_id: customer.id,
    amount,
    credited,
    status: 'completed',
    payment_reference: transfer.reference,
    date_of_payment: now(),
    channel: 'bank_transfer',
    provider_id: transfer.reference,
  });
  recordAudit(admin, request, {
    action: 'transfer.assign',
    target_type: 'transfer',
    target_id: transfer.id,
    target_label: `Transfer ${transfer.reference}`,
    before: { status: 'held', customer: null, amount_kobo: amount },
    after: { status: 'assigned', customer: customer.email, amount_kobo: amount },
  });
}

/**
 * Bank-transfer funding (ADR 0024). The account number comes straight back (no
 * provider); held transfers wait for an admin, and assigning one credits the customer once and
 * writes an audit entry, as on the server.
 */
export const transfers = {
  bankTransferInfo: impl(
    api.bankTransferInfo,
    (ctx) => ({
      message: { account: db.virtualAccounts.get(me(ctx).id) ?? null, fee: DEFAULT_TRANSFER_FEE },
    }),
    (ctx) => {
      me(ctx);
      return { message: { account: null, fee: DEFAULT_TRANSFER_FEE } };
    },
  ),

  createVirtualAccount: impl(api.createVirtualAccount, (ctx) => {
    const user = me(ctx);
    if (db.virtualAccounts.has(user.id)) {
      throw new MockApiError('conflict', TRANSFER_MSG.accountExists);
    }
    const account: VirtualAccount = {
      account_number: `99${String(10_000_000 + db.virtualAccounts.size * 7_919).slice(-8)}`,
      bank_name: 'Sandbox Bank',
      account_name: `PayBills / ${user.name}`,
      created_at: now(),
    };
    db.virtualAccounts.set(user.id, account);
    return { message: account };
  }),

  heldTransfers: impl(
    api.heldTransfers,
    ({ query }) =>
      paginate(
        [...db.heldTransfers].sort(
          (a, b) =>
            (a.status === 'held' ? 0 : 1) - (b.status === 'held' ? 0 : 1) ||
            b.received_at - a.received_at,
        ),
        query,
      ),
    ({ query }) => paginate([], query),
  ),

  assignTransfer: impl(api.assignTransfer, (ctx) => {
    const admin = me(ctx);
    const { body } = ctx;
    const customer = findUserByEmail(body.email);
    if (!customer) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
    const transfer = db.heldTransfers.find((t) => t.id === body.id);
    if (!transfer) throw new MockApiError('not_found', TRANSFER_MSG.transferNotFound);
    if (transfer.status !== 'held')
      throw new MockApiError('conflict', TRANSFER_MSG.alreadyAssigned);
    refuseOwnWallet(admin, customer.id);
    if (pendingFor('transfer.assign', transfer.id)) {
      throw new MockApiError('conflict', FOUR_EYES_MSG.alreadyWaiting);
    }
    const decision = instantOrWait(admin, customer.id, transfer.amount);
    if (!decision.instant) {
      transfer.awaiting = { customer: customer.email, maker: admin.email, why: decision.why };
      return {
        message: requestApproval(admin, {
          kind: 'transfer.assign',
          target_id: transfer.id,
          user_id: customer.id,
          user: customer.email,
          amount: transfer.amount,
          summary: `Assign transfer ${transfer.reference} to ${customer.email}`,
          why: decision.why,
          payload: {},
        }),
      };
    }
    assignHeld(transfer, customer, admin, ctx.request);
    return { message: TRANSFER_MSG.assigned };
  }),

  auditLog: impl(
    api.auditLog,
    ({ query }) =>
      paginate(
        db.audit.filter(
          (e) =>
            (!query.admin || e.admin === query.admin.toLowerCase()) &&
            (!query.action || e.action === query.action) &&
            (!query.target || e.target_id === query.target || e.target_label === query.target),
        ),
        query,
      ),
    ({ query }) => paginate([], query),
  ),
};
