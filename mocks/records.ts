import type {
  Approval,
  AdminRole,
  Coupon,
  Kobo,
  Mail,
  MailPreferences,
  Payment,
  Permission,
  Recipient,
  SyncFlag,
  Transaction,
  TriedProvider,
} from '@contract';

/**
 * What the in-memory db stores. Entities are the contract's output types (money in kobo)
 * plus the private fields a server keeps and never sends (passwords, pins, hidden flags).
 * Handlers turn records into contract values with the functions in services/views.ts.
 */

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  phone: string;
  wallet_balance: Kobo;
  isAdmin: boolean;
  email_verified: boolean;
  referral_code: string;
  referred_by: string | null;
  status: 'online' | 'offline';
  last_login: number | null;
  isBlocked: boolean;
  created_on: number;
  /** Plain text: this is a mock (the server stores argon2id hashes, decisions §7). */
  password: string;
  /** Null until created (spec: users without a pin are sent to /auth/createpin). */
  pin: string | null;
  /** Wrong pins in a row; five lock purchases for 30 minutes (decisions §7). */
  pin_failures: number;
  pin_locked_until: number | null;
  /** Price tier id (ADR 0027); absent: the default tier. */
  tier_id?: string;
  /** SMS and e-mail per kind (ADR 0081); absent: everything on, as for every new account. */
  preferences?: MailPreferences;
  /** An admin's role (ADR 0051); absent on an admin: owner, as the seeded admin is. */
  admin_role?: AdminRole | null;
  /** What an owner granted this admin beyond their role (ADR 0071). */
  admin_grants?: Permission[];
  /** Two-factor (ADR 0051): the key, whether confirmed, the unused recovery codes. */
  two_factor?: { secret: string; enrolled: boolean; recovery: string[] };
  /** The challenge of a sign-in waiting for its code. */
  two_factor_challenge?: string;
}

export interface TransactionRecord extends Transaction {
  /** Deleted by its owner: gone from their history, still in the ledger and admin lists. */
  hidden: boolean;
  /** The providers a purchase went to (ADR 0052): the admin's list shows them, no one else. */
  providers_tried?: TriedProvider[] | null;
}

/** A saved recipient: the contract's shape plus its owner. */
export interface RecipientRecord extends Recipient {
  id: string;
  name: string;
  user_id: string;
}

export interface PaymentRecord extends Payment {
  /** The card provider's transaction id, known at checkout in the mock. */
  provider_id: string;
}

export interface CouponRecord extends Coupon {
  owner_id: string;
  redeemed_by: string | null;
}

/** Single-use links sent by e-mail: verify e-mail (24 h) and reset password. */
export interface LinkTokenRecord {
  token: string;
  user_id: string;
  purpose: 'verify-email' | 'reset-password';
  expires_at: number;
  used: boolean;
}

/** Refresh tokens: opaque, rotated on every use; reuse revokes the family (decisions §7). */
export interface RefreshTokenRecord {
  token: string;
  user_id: string;
  family: string;
  expires_at: number;
  state: 'active' | 'used' | 'revoked';
}

export type MailRecord = Mail;

/** Replay store for `X-Request-Id` (decisions §3): same key, same answer, no second debit. */
export interface IdempotentAnswer {
  body: string;
  status: number;
  json: unknown;
}

/** What the mock provider lists for a service (services/catalogue-sync.ts). */
export interface MockVariation {
  code: string;
  name: string;
  amount: Kobo;
}

/** What a sync learnt of a plan (the server's columns). */
export interface PlanSyncRecord {
  cost: Kobo | null;
  provider: string;
  synced_at: number;
  sync_flag: SyncFlag | null;
  /** The sync took it off sale (an admin's reprice at or above the cost puts it back). */
  offBySync: boolean;
}

export interface CatalogueSyncState {
  listings: Map<string, MockVariation[] | 'down'>;
  plans: Map<string, PlanSyncRecord>;
}

/** An admin action waiting for a second admin (ADR 0070), with what the mock needs to do it. */
export interface ApprovalRecord extends Approval {
  target_id: string;
  user_id: string | null;
  payload: Record<string, unknown>;
}
