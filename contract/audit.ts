import { z } from './zod';
import { PageQuery } from './endpoint';
import { EpochMs } from './entities';
import { MAX_LENGTH } from './rules';

/**
 * The admin audit log (ADR 0025): one entry per admin action that changed
 * something, written in the same database transaction as the action. Read-only through the API.
 */

export const AUDIT_ACTIONS = [
  'user.block',
  'user.unblock',
  'transaction.reverse',
  'product.edit',
  'transfer.assign',
  'tier.create',
  'tier.edit',
  'tier.change',
  'purchase.requery',
  'purchase.fail',
  'purchase.deliver',
  'purchase.dispute',
  'catalogue.sync',
  'provider.route',
  'provider.threshold',
  'admin.role',
  'admin.resetTwoFactor',
  'admin.grant',
  'secret.reveal',
  'adjustment.create',
  'adjustment.approve',
  'adjustment.reject',
  'referral.settings',
  'announcement.create',
  'announcement.edit',
  'announcement.end',
  'verification.level',
  'verification.limits',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'fourEyes.settings',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.resolve',
  'withdrawal.settings',
  'apiKey.withdrawals',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each action reads on the Audit log page. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.block': 'Blocked a user',
  'user.unblock': 'Unblocked a user',
  'transaction.reverse': 'Reversed a transaction',
  'product.edit': 'Changed a plan',
  'transfer.assign': 'Assigned a transfer',
  'tier.create': 'Created a price tier',
  'tier.edit': 'Changed a price tier',
  'tier.change': 'Moved a customer to a tier',
  'purchase.requery': 'Settled a pending purchase by a requery',
  'purchase.fail': 'Failed and refunded a pending purchase',
  'purchase.deliver': 'Marked a pending purchase delivered',
  'purchase.dispute': 'Resolved a disputed purchase',
  'catalogue.sync': 'Synced the catalogue with the providers',
  'provider.route': 'Changed the provider order',
  'provider.threshold': 'Changed a float alert threshold',
  'admin.role': "Changed an admin's role",
  'admin.resetTwoFactor': "Reset an admin's two-factor sign-in",
  'admin.grant': 'Changed what an admin may reveal',
  'secret.reveal': 'Revealed a code, token or pin',
  'adjustment.create': 'Made a wallet adjustment',
  'adjustment.approve': 'Approved a wallet adjustment',
  'adjustment.reject': 'Rejected a wallet adjustment',
  'referral.settings': 'Changed the referral commissions',
  'announcement.create': 'Wrote an announcement',
  'announcement.edit': 'Changed an announcement',
  'announcement.end': 'Ended an announcement',
  'verification.level': "Changed a customer's verification level",
  'verification.limits': 'Changed the limits of a verification level',
  'approval.request': "Asked for a second admin's approval",
  'approval.approve': 'Approved a waiting action',
  'approval.reject': 'Rejected a waiting action',
  'fourEyes.settings': 'Changed the daily totals of instant actions',
  'withdrawal.approve': 'Approved a withdrawal',
  'withdrawal.reject': 'Rejected and refunded a withdrawal',
  'withdrawal.resolve': 'Resolved a stuck withdrawal from Flutterwave’s answer',
  'withdrawal.settings': 'Changed the withdrawal settings',
  'apiKey.withdrawals': 'Turned withdrawals on or off for an API key',
};

/** A before/after snapshot: the changed fields only, never a secret. */
const Snapshot = z.nullable(
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
);

/**
 * Who acted (ADR 0076): an admin, a customer on their own account (their BVN check raising their
 * level), or the system (a scheduled catalogue sync). `admin` and `admin_id` name them all.
 */
export const AUDIT_ACTOR_KINDS = ['admin', 'customer', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AuditEntrySchema = z.object({
  id: z.string(),
  /** The actor's e-mail (kept in the entry: it stays readable if the account changes). */
  admin: z.string(),
  admin_id: z.string(),
  /** Absent in answers from before it: an admin. */
  actor_kind: z.optional(z.enum(AUDIT_ACTOR_KINDS)),
  action: z.enum(AUDIT_ACTIONS),
  /** What was acted on: `user`, `transaction`, `plan`, `transfer`, `tier`, `catalogue`. */
  target_type: z.string(),
  target_id: z.string(),
  /** A readable name for the target (a user's e-mail, a plan's name). */
  target_label: z.nullable(z.string()),
  before: Snapshot,
  after: Snapshot,
  request_id: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  created_at: EpochMs,
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/** `?page&limit&admin&action&target`: admin is an e-mail, target an id or label, both exact. */
export const AuditQuery = z.extend(z.omit(PageQuery, { q: true }), {
  admin: z.optional(z.string().check(z.trim(), z.maxLength(MAX_LENGTH.email))),
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  target: z.optional(z.string().check(z.trim(), z.maxLength(MAX_LENGTH.search))),
});
