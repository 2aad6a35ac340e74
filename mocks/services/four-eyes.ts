import {
  APPROVAL_PERMISSION,
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  FOUR_EYES_MSG,
  ROLE_MSG,
  roleCan,
  roleMayCall,
  waitReasonText,
  waitsForApproval,
  type ApprovalKind,
  type FourEyesState,
  type Kobo,
  type WaitReason,
} from '@contract';
import { lagosDay } from '@contract/time';
import { now } from '../clock';
import { db, nextId } from '../db';
import { MockApiError } from '../errors';
import type { ApprovalRecord, UserRecord } from '../records';
import { mockRoleOf } from './admins';

/**
 * The four-eyes rules over the mock store, as the server applies them (ADR 0070): an action
 * is instant only at or under the threshold and within the maker's and the customer's daily
 * totals; otherwise it waits as an approval. No admin acts on their own wallet, approves their
 * own request, or approves money into their own wallet.
 */

const limits = () => ({
  approval_above: DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  maker_daily: db.fourEyes.maker_daily,
  customer_daily: db.fourEyes.customer_daily,
});

const key = (scope: 'maker' | 'customer', id: string) => `${lagosDay(now())}:${scope}:${id}`;

export function fourEyesState(adminId: string): FourEyesState {
  const used = db.instantTotals.get(key('maker', adminId)) ?? 0;
  const l = limits();
  const approvers = db.users
    .filter(
      (u) =>
        u.id !== adminId &&
        u.isAdmin &&
        !u.isBlocked &&
        // An admin without a role is an owner, as the seeded admin is.
        roleMayCall(mockRoleOf(u), 'admin.approveApproval'),
    )
    .map((u) => ({ email: u.email, role: mockRoleOf(u)! }));
  return { ...l, maker_used: used, maker_left: Math.max(0, l.maker_daily - used), approvers };
}

export function refuseOwnWallet(admin: UserRecord, customerId: string | null): void {
  if (customerId === admin.id) throw new MockApiError('forbidden', FOUR_EYES_MSG.ownWallet);
}

/** Instant (and the day's totals used), or why it waits. */
export function instantOrWait(
  admin: UserRecord,
  customerId: string,
  amount: Kobo,
): { instant: true } | { instant: false; why: WaitReason } {
  const l = limits();
  if (amount > l.approval_above) return { instant: false, why: 'above_threshold' };
  const c = db.instantTotals.get(key('customer', customerId)) ?? 0;
  if (c + amount > l.customer_daily) return { instant: false, why: 'customer_daily' };
  const m = db.instantTotals.get(key('maker', admin.id)) ?? 0;
  if (m + amount > l.maker_daily) return { instant: false, why: 'maker_daily' };
  db.instantTotals.set(key('customer', customerId), c + amount);
  db.instantTotals.set(key('maker', admin.id), m + amount);
  return { instant: true };
}

export const waitsMessage = (why: WaitReason) => waitsForApproval(waitReasonText(why, limits()));

export function pendingFor(kind: ApprovalKind, targetId: string): ApprovalRecord | undefined {
  return db.approvals.find(
    (a) => a.kind === kind && a.target_id === targetId && a.status === 'pending',
  );
}

export function requestApproval(
  admin: UserRecord,
  request: Pick<
    ApprovalRecord,
    'kind' | 'target_id' | 'user_id' | 'user' | 'amount' | 'summary' | 'why' | 'payload'
  >,
): string {
  if (pendingFor(request.kind, request.target_id)) {
    throw new MockApiError('conflict', FOUR_EYES_MSG.alreadyWaiting);
  }
  db.approvals.push({
    ...request,
    id: nextId('apr'),
    status: 'pending',
    maker: admin.email,
    maker_id: admin.id,
    checker: null,
    created_at: now(),
    decided_at: null,
  });
  return waitsMessage(request.why);
}

/** The waiting action a checker may decide, refused as the server refuses it. */
export function decidable(id: string, admin: UserRecord, decision: 'approve' | 'reject') {
  const a = db.approvals.find((x) => x.id === id);
  if (!a) throw new MockApiError('not_found', FOUR_EYES_MSG.notFound);
  if (a.status !== 'pending') throw new MockApiError('conflict', FOUR_EYES_MSG.alreadyDecided);
  if (decision === 'reject') return a;
  if (a.maker_id === admin.id) throw new MockApiError('forbidden', FOUR_EYES_MSG.selfApproval);
  if (a.user_id === admin.id) {
    throw new MockApiError('forbidden', FOUR_EYES_MSG.beneficiaryApproval);
  }
  const role = mockRoleOf(admin);
  if (!roleCan(role, APPROVAL_PERMISSION[a.kind])) {
    throw new MockApiError('forbidden', ROLE_MSG.notAllowed(role));
  }
  return a;
}
