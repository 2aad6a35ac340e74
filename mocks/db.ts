import type {
  Adjustment,
  AuditEntry,
  Catalogue,
  HeldTransfer,
  Kobo,
  VirtualAccount,
} from '@contract';
import { CATALOGUE } from '@contract/catalogue';
import { seedAdjustments } from './fixtures/adjustments';
import { seedFourEyes } from './fixtures/approvals';
import { seedDisputes, type DisputeRecord, type MockProviderAnswer } from './fixtures/disputes';
import { seedNotices, type NoticeRecord } from './fixtures/notices';
import { seedAnnouncements, type AnnouncementRecord } from './fixtures/announcements';
import { SEED_HISTORY } from './fixtures/history';
import { seedLinks } from './fixtures/links';
import { seedTransfers } from './fixtures/transfers';
import { SEED_RECIPIENTS } from './fixtures/recipients';
import { seedWithdrawals, type WithdrawalState } from './fixtures/withdrawals';
import { Rng } from './random';
import { seedReferrals, type ReferralState } from './fixtures/referrals';
import { seedReseller, type ResellerState } from './fixtures/reseller';
import { seedTiers, type TierRecord } from './fixtures/tiers';
import type {
  ApprovalRecord,
  CatalogueSyncState,
  CouponRecord,
  IdempotentAnswer,
  LinkTokenRecord,
  MailRecord,
  PaymentRecord,
  RecipientRecord,
  RefreshTokenRecord,
  TransactionRecord,
  UserRecord,
} from './records';

/**
 * The mock server's memory: plain arrays of records holding kobo, seeded from fixtures/.
 * Handlers read and write it; stories and tests may tweak it (`db.users[0].wallet_balance = 0`)
 * and call `resetDb()` to get the seed back. It lives as long as the page (browser) or the
 * test file (Node): a reload starts from the seed again.
 */
export interface Db {
  users: UserRecord[];
  transactions: TransactionRecord[];
  payments: PaymentRecord[];
  coupons: CouponRecord[];
  /** Saved recipients of every user. */
  recipients: RecipientRecord[];
  /** A copy of contract/catalogue.ts that admin price edits change. */
  catalogue: Catalogue;
  /** Plan ids taken off sale by an admin (hidden from public lists and purchases). */
  offSale: Set<string>;
  /** The catalogue sync (ADR 0044): what the mock provider lists, and what each plan learnt. */
  catalogueSync: CatalogueSyncState;
  mails: MailRecord[];
  linkTokens: LinkTokenRecord[];
  refreshTokens: RefreshTokenRecord[];
  idempotency: Map<string, IdempotentAnswer>;
  /** What the business holds at each upstream provider (admin overview). */
  /** `atg`: the second float (Flutterwave bill payments) under the `atgwallet` path's name. */
  providerBalances: { atg: Kobo; vt: Kobo };
  settings: {
    /**
     * Decisions §5 makes automatic reversal of failed purchases the server's default. The
     * mock leaves failed purchases failed by default, so the admin's reverse action and the
     * "failed" row have something to show; set true to mimic the default server.
     */
    autoReverseFailed: boolean;
    /** Added to every successful answer, in ms (0: instant, for tests and screenshots). */
    latencyMs: number;
    /** Live mode's rule (ADR 0051): every admin must set up two-factor. Sandbox: false. */
    twoFactorRequired: boolean;
  };
  /** API keys, webhook address and deliveries per user id (reseller API). */
  reseller: ResellerState;
  /** Bank-transfer funding: each customer's account number, by user id. */
  virtualAccounts: Map<string, VirtualAccount>;
  /** Transfers to nobody's account, held for an admin (and those assigned). */
  heldTransfers: HeldTransfer[];
  /** The admin audit log, newest first. */
  audit: AuditEntry[];
  /** Price tiers (ADR 0027); a user without `tier_id` is on the default one. */
  tiers: TierRecord[];
  /** Manual wallet adjustments (ADR 0050), newest first. */
  adjustments: Adjustment[];
  /** Admin actions waiting for a second admin (ADR 0070), in the order asked. */
  approvals: ApprovalRecord[];
  /** The owner-set daily totals of instant admin actions. */
  fourEyes: { maker_daily: number; customer_daily: number };
  /** What each admin and customer moved by instant admin actions, by `day:scope:id`. */
  instantTotals: Map<string, number>;
  /** Disputed purchases (ADR 0073): the provider's answer against how one was settled. */
  disputes: DisputeRecord[];
  /** What the mock provider says of a pending purchase when an admin acts (default processing). */
  providerAnswers: Map<string, MockProviderAnswer>;
  /** In-app notices (ADR 0057), every customer's. */
  notices: NoticeRecord[];
  /** Admin announcements (ADR 0059), newest first. */
  announcements: AnnouncementRecord[];
  /** Referral commissions (ADR 0056): the admin's settings and the referrers' earnings. */
  referrals: ReferralState;
  /** Withdrawals to bank accounts (ADR 0084): every customer's, their saved accounts, the settings. */
  withdrawals: WithdrawalState;
  /** Seeded randomness for tokens, pins and codes; reset with the db. */
  rng: Rng;
  /** Sequence for ids created at run time. */
  seq: number;
}

function seed(): Db {
  const links = seedLinks();
  // structuredClone: handlers mutate records, the seed must stay untouched.
  const history = structuredClone(SEED_HISTORY);
  return {
    users: history.users,
    transactions: history.transactions,
    payments: history.payments,
    coupons: history.coupons,
    recipients: structuredClone(SEED_RECIPIENTS),
    catalogue: structuredClone(CATALOGUE),
    offSale: new Set(),
    catalogueSync: { listings: new Map(), plans: new Map() },
    mails: links.mails,
    linkTokens: links.tokens,
    refreshTokens: [],
    idempotency: new Map(),
    // Kobo, written naira_kobo: ₦1,254,300.50 and ₦845,120.75.
    providerBalances: { atg: 1_254_300_50, vt: 845_120_75 },
    settings: { autoReverseFailed: false, latencyMs: 0, twoFactorRequired: false },
    reseller: seedReseller(),
    ...seedTransfers(),
    tiers: seedTiers(),
    adjustments: seedAdjustments(),
    ...seedFourEyes(),
    disputes: seedDisputes(history.transactions),
    providerAnswers: new Map(),
    notices: seedNotices(),
    announcements: seedAnnouncements(),
    referrals: seedReferrals(),
    withdrawals: seedWithdrawals(),
    rng: new Rng(42),
    seq: 1_000,
  };
}

export const db: Db = seed();

/** Back to the seed, in place: modules holding `db` see the fresh data. */
export function resetDb(): void {
  Object.assign(db, seed());
}

/** A fresh id for something created at run time: `prefix_1001`, `prefix_1002`… */
export function nextId(prefix: string): string {
  db.seq += 1;
  return `${prefix}_${db.seq}`;
}

export function findUserByEmail(email: string): UserRecord | undefined {
  const wanted = email.trim().toLowerCase();
  return db.users.find((u) => u.email === wanted);
}

export function findUser(id: string): UserRecord | undefined {
  return db.users.find((u) => u.id === id);
}
