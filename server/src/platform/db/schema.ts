/**
 * Table types for Kysely. Booleans are 0/1 integers and times are epoch ms (bigint on
 * PostgreSQL, parsed to numbers), so one set of queries runs on SQLite and PostgreSQL.
 */
import type { Generated, Selectable } from 'kysely';
import type { WithdrawalReviewReason } from '@contract';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  password_hash: string;
  pin_hash: string | null;
  pin_failed_count: Generated<number>;
  pin_locked_until: number | null;
  is_admin: Generated<number>;
  is_blocked: Generated<number>;
  email_verified: Generated<number>;
  referral_code: string;
  referred_by: string | null;
  last_login: number | null;
  last_seen: number | null;
  /** Access tokens issued before this (epoch ms) are refused (password reset, block). */
  tokens_valid_after: Generated<number>;
  created_on: number;
  /** Price tier (ADR 0027); null: the default tier. */
  tier_id: string | null;
  /** An admin's role (contract/roles.ts, ADR 0051); null for customers. */
  admin_role: Generated<string | null>;
  /**
   * Permissions an owner granted this admin beyond their role, comma-separated (migration
   * 0028; contract GRANTABLE, ADR 0071); null: none.
   */
  admin_grants: Generated<string | null>;
  /** The TOTP key, sealed (platform/sealed.ts); set while enrolling and once enrolled. */
  totp_secret: Generated<string | null>;
  totp_enrolled: Generated<number>;
  /** The last 30-second step a code was accepted for: no code is accepted twice. */
  totp_last_step: Generated<number | null>;
  /** 1: funding, purchase, refund and share e-mails are sent (ADR 0047); security ones always. */
  money_mail: Generated<number>;
  /**
   * 1: that kind of message goes by that channel (ADR 0081): purchases' outcomes and wallet
   * alerts, by SMS and by e-mail. A refund's SMS and security messages have no switch.
   * `money_mail` is kept equal to `purchase_mail AND alert_mail` for the older switch.
   */
  purchase_sms: Generated<number>;
  purchase_mail: Generated<number>;
  alert_sms: Generated<number>;
  alert_mail: Generated<number>;
  /** Wallet limits by verification level (ADR 0058): 1, 2 or 3. */
  verification_level: Generated<number>;
  /** The checked BVN's last 4 digits and when the customer consented (the BVN is not kept). */
  bvn_last4: Generated<string | null>;
  bvn_consented_at: Generated<number | null>;
}

/** A user as read from the table: here, beside its table, so every service can name it. */
export type UserRow = Selectable<UsersTable>;

export type AccountKind =
  | 'wallet'
  | 'card_clearing'
  | 'provider_float'
  | 'coupon_liability'
  | 'fees_income'
  | 'stamp_duty_payable'
  | 'referral_expense'
  | 'adjustments'
  // Credits a verification level's limit stopped, until released (ADR 0058).
  | 'held_credits';

export interface AccountsTable {
  id: string;
  kind: AccountKind;
  user_id: string | null;
  balance: Generated<number>;
  created_at: number;
  /** A wallet's money in and out on the Lagos day `limit_day` (ADR 0058). */
  limit_day: Generated<string | null>;
  day_in: Generated<number>;
  day_out: Generated<number>;
  /**
   * Running totals moved with the balance by the ledger's UPDATE (migration 0027, ADR 0069):
   * what left the account, what came in other than refunds, and refunds (movement `reversal`).
   * balance = received + refunded − debited.
   */
  debited: Generated<number>;
  received: Generated<number>;
  refunded: Generated<number>;
}

/** Each verification level's limits in kobo; null: no limit (ADR 0058). */
export interface VerificationLimitsTable {
  level: number;
  max_balance: number | null;
  daily_funding: number | null;
  daily_spending: number | null;
  updated_at: number;
}

/** A credit a limit stopped, kept in `system:held_credits` until released, once. */
export interface HeldCreditsTable {
  id: string;
  user_id: string;
  amount: number;
  reason: 'balance' | 'daily_funding';
  source: string;
  memo: string | null;
  movement_id: string;
  status: 'held' | 'released';
  release_movement_id: string | null;
  created_at: number;
  released_at: number | null;
}

/** One BVN consent request (migration 0024; ADR 0063): never the BVN, its last 4 digits. */
export interface BvnChecksTable {
  id: string;
  user_id: string;
  provider: string;
  provider_ref: string;
  bvn_last4: string;
  /** HMAC-SHA256 of the BVN under a server key (migration 0026); null before it. */
  bvn_hash: string | null;
  consented_at: number;
  /** Migration 0026 added `superseded` and `duplicate` (approved, but not raising the level). */
  status: 'started' | 'verified' | 'mismatch' | 'declined' | 'superseded' | 'duplicate';
  created_at: number;
  completed_at: number | null;
}

export interface MovementsTable {
  id: string;
  kind: string;
  memo: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  movement_id: string;
  account_id: string;
  amount: number;
  balance_before: number;
  balance_after: number;
  created_at: number;
}

export interface TransactionsTable {
  id: string;
  user_id: string;
  movement_id: string | null;
  product: string;
  direction: 'debit' | 'credit';
  status: string;
  value: number;
  amount_charged: number;
  balance_before: number;
  balance_after: number;
  service_id: string | null;
  plan: string | null;
  plan_id: string | null;
  transaction_phone: string | null;
  meter_number: string | null;
  customer_name: string | null;
  quantity: number | null;
  smart_card_number: string | null;
  account_id: string | null;
  token: string | null;
  exchange_reference: string | null;
  units: string | null;
  purchased_code: string | null;
  counterparty: string | null;
  /** The coupon a redemption used, sealed (read opened, as `purchased_code` of a Coupon row). */
  coupon_code: string | null;
  response_msg: string | null;
  provider_request_id: string | null;
  /** The adapter that sold it (requery asks the same one). */
  provider: string | null;
  /** Requery job: when the worker may next claim this pending purchase. */
  next_requery_at: number | null;
  requery_attempts: Generated<number>;
  /** Set when the purchase has been pending longer than PENDING_ALERT_HOURS (an admin looks). */
  flagged_at: number | null;
  /**
   * Set once when the requery worker found it still undecided 24 hours after it was made and
   * told the customer (migration 0041; ADR 0082): overdue. It stays pending and is still asked.
   */
  overdue_at: number | null;
  /** The API key that made the purchase (reseller API), and the caller's X-Request-Id. */
  api_key_id: string | null;
  client_request_id: string | null;
  /** The providers a purchase went to, in order, with each answer (JSON; ADR 0052). */
  providers_tried: string | null;
  /** Account that paid (the wallet, or coupon liability for a redemption) and how much. */
  paid_account: string | null;
  paid_amount: Generated<number>;
  deleted: Generated<number>;
  created_at: number;
  updated_at: number;
}

/**
 * A definite provider answer against how a purchase was settled (migration 0031; ADR 0073):
 * once per purchase, open until an owner resolves it.
 */
export interface PurchaseDisputesTable {
  transaction_id: string;
  ours: 'delivered' | 'refunded' | 'failed';
  provider_says: 'delivered' | 'failed';
  provider_code: string | null;
  provider_message: string | null;
  source: 'requery' | 'callback' | 'admin';
  seen_at: number;
  resolved_by: string | null;
  resolved_by_email: string | null;
  resolution: 'kept' | 'adjusted' | null;
  note: string | null;
  adjustment: string | null;
  resolved_at: number | null;
}

export interface CouponsTable {
  /** HMAC-SHA-256 of the code under a key from PIN_SECRET (ADR 0071): the code is never kept. */
  code: string;
  /** The code sealed; rows read through the app's handle hold it opened (platform/db/sealed-codes.ts). */
  sealed_code: string;
  owner_id: string;
  product: string;
  meta: string;
  is_valid: Generated<number>;
  issued_at: number;
  expires_at: number;
  redeemed_by: string | null;
  redeemed_at: number | null;
  /** What one coupon cost its buyer (held in coupon liability until redeemed). */
  unit_price: Generated<number>;
}

export interface PaymentsTable {
  id: string;
  tx_ref: string;
  user_id: string;
  amount: number;
  credited: Generated<number>;
  status: 'completed' | 'failed' | 'pending' | 'cancelled';
  payment_reference: string | null;
  movement_id: string | null;
  /** How the money came: the card checkout or a bank transfer. */
  channel: Generated<'card' | 'bank_transfer'>;
  created_at: number;
  updated_at: number;
}

/** A customer's permanent account number for funding by transfer (ADR 0024). */
export interface VirtualAccountsTable {
  user_id: string;
  account_number: string;
  bank_name: string;
  account_name: string;
  /** Our reference given to the provider at creation; every transfer to the account carries it. */
  tx_ref: string;
  provider: string;
  provider_ref: string | null;
  /** Only the last four digits of the BVN are kept (support); the BVN itself never is. */
  bvn_last4: string;
  created_at: number;
}

/** Every transfer the provider reported and confirmed: recorded once per provider id. */
export interface BankTransfersTable {
  id: string;
  provider_id: string;
  tx_ref: string | null;
  account_number: string | null;
  sender: string;
  amount: number;
  /** credited (matched at once), held (nobody's account), assigned (an admin credited it). */
  status: 'credited' | 'held' | 'assigned';
  user_id: string | null;
  payment_id: string | null;
  created_at: number;
  updated_at: number;
}

/** One admin action that changed something (ADR 0025); only ever inserted. */
export interface AuditLogTable {
  id: string;
  admin_id: string;
  admin_email: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  before_json: string | null;
  after_json: string | null;
  request_id: string | null;
  ip: string | null;
  created_at: number;
  /** Who acted (migration 0035): `admin`, `customer` or `system`; null before it. */
  actor_kind: string | null;
}

export interface KvStoreTable {
  namespace: string;
  key: string;
  value: string;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  /** Absolute end of the family (30 days from login). */
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  /** 1: the session (the family) passed the two-factor step (migration 0030; ADR 0072). */
  two_factor: Generated<number>;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface IdempotencyKeysTable {
  user_id: string;
  request_id: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: number;
  /** The transaction this key's request created: set in the same DB transaction as the debit. */
  transaction_id: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
  claimed_at: number | null;
  sent_at: number | null;
  transport: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** The purchase it tells of (migration 0042; ADR 0083); null for every other mail. */
  transaction_id: string | null;
}

/** One fact of a purchase's story (migration 0042; ADR 0083), in `id` order. */
export interface TransactionEventsTable {
  id: Generated<number>;
  transaction_id: string;
  at: number;
  kind: 'provider_call' | 'requery' | 'callback' | 'failover' | 'status';
  provider: string | null;
  actor: string | null;
  request: string | null;
  code: string | null;
  description: string | null;
  outcome: string | null;
  previous: string | null;
  latency_ms: number | null;
}

/** A withdrawal to a bank account (migration 0040; ADR 0084). Its id is the provider reference. */
export interface WithdrawalsTable {
  id: string;
  user_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  amount: number;
  fee: number;
  duty: number;
  total: number;
  status: 'pending' | 'awaiting_review' | 'successful' | 'failed' | 'refunded';
  reason: string | null;
  provider: string;
  provider_id: string | null;
  provider_status: string | null;
  /** When the create call was last made; null: never (waiting for review, or a crash). */
  sent_at: number | null;
  /** When a create call was refused (no transfer queued by it). */
  refused_at: number | null;
  next_requery_at: number | null;
  requery_attempts: Generated<number>;
  reviewer_id: string | null;
  reviewed_at: number | null;
  /** Why it waits (or waited) for review (migration 0045; ADR 0088); null: it never waited. */
  review_reason: Generated<WithdrawalReviewReason | null>;
  /** The API key it was made with (migration 0046, ADR 0091); null: made in the app. */
  api_key_id: Generated<string | null>;
  created_at: number;
  updated_at: number;
}

/** One answer of the provider about a withdrawal (migration 0040). */
export interface WithdrawalEventsTable {
  id: Generated<number>;
  withdrawal_id: string;
  source: string;
  status: string;
  message: string | null;
  raw: string;
  created_at: number;
}

/** A bank account a customer paid (migration 0040). */
export interface BeneficiariesTable {
  id: string;
  user_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  first_paid_at: number;
  last_paid_at: number;
}

/** One SMS to send (migration 0038; ADR 0079). */
export interface SmsOutboxTable {
  id: Generated<number>;
  /** What it tells of, unique: the same event enqueued again is the same SMS. */
  event_key: string;
  user_id: string | null;
  /** International digits (2348031234567). */
  to_number: string;
  body: string;
  /** `skipped`: over its number's cap, never sent, the reason in `last_error` (ADR 0087). */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_until: number | null;
  provider: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** `outcome`, `alert` or `security` (migration 0044; ADR 0087); null before it. */
  kind: string | null;
  /** Termii's last delivery report, as ours (migration 0043; ADR 0086): null until one. */
  delivery_status: 'delivered' | 'undelivered' | null;
  /** Termii's own words for it ("DND Active on Phone Number"). */
  delivery_detail: string | null;
  delivery_checked_at: number | null;
}

/** A device an account signed in from (migration 0044; ADR 0087). */
export interface KnownDevicesTable {
  user_id: string;
  /** SHA-256 (hex) of the device cookie; the cookie itself is never stored. */
  device_hash: string;
  first_seen: number;
  last_seen: number;
}

export interface RateCountersTable {
  key: string;
  window_start: number;
  count: number;
}

export interface NetworksTable {
  id: string;
  name: string;
  service_id: string;
  wallet_percent_off: number;
  sort: number;
}

export interface DataVariationsTable {
  id: string;
  name: string;
  network_id: string;
  service_id: string;
  requires_account_id: number;
  sort: number;
}

export interface DataPlansTable {
  id: string;
  variation_id: string;
  plan_id: string;
  name: string;
  wallet_price: number;
  on_sale: Generated<number>;
  sort: number;
  updated_at: number;
  /** What the provider last said this plan costs us, in kobo (ADR 0044); null before a sync. */
  cost: number | null;
  /** The provider that said it (its adapter name). */
  provider: string | null;
  synced_at: number | null;
  /** `price_above_ours`, `not_at_provider` or `new` (contract SYNC_FLAGS); null when fine. */
  sync_flag: string | null;
  /** 1 when the sync took the plan off sale (a reprice ≥ cost puts it back); 0 otherwise. */
  sync_off_sale: Generated<number>;
}

export interface BillVariationsTable {
  id: string;
  kind: 'cabletv' | 'education';
  name: string;
  service_id: string;
  convenience_fee: number;
  sort: number;
}

export interface BillPlansTable {
  id: string;
  variation_id: string;
  plan_id: string;
  name: string;
  price: number;
  on_sale: Generated<number>;
  sort: number;
  updated_at: number;
  /** What the provider last said this plan costs us, in kobo (ADR 0044); null before a sync. */
  cost: number | null;
  /** The provider that said it (its adapter name). */
  provider: string | null;
  synced_at: number | null;
  /** `price_above_ours`, `not_at_provider` or `new` (contract SYNC_FLAGS); null when fine. */
  sync_flag: string | null;
  /** 1 when the sync took the plan off sale (a reprice ≥ cost puts it back); 0 otherwise. */
  sync_off_sale: Generated<number>;
}

export interface ElectricityVariationsTable {
  id: string;
  name: string;
  service_id: string;
  variation_code: 'prepaid' | 'postpaid';
  fee_percent: number;
  sort: number;
}

/** Per customer, product, status and deleted flag: how many transactions, their values' sum. */
export interface TxUserCountsTable {
  user_id: string;
  product: string;
  status: string;
  deleted: number;
  n: number;
  value: number;
}

/**
 * One line of a customer's wallet statement (ADR 0045), kept by triggers (migration 0027, ADR
 * 0069): a transaction row (`src` 'tx', `ref` its id) or a wallet entry without one (`src`
 * 'entry', `ref` the entry id); `seq` is the wallet entry's id (ledger order), 0 when none.
 */
export interface StatementLinesTable {
  /**
   * `held`: a held credit's line (migration 0035), hidden once released; `attempt`: a failed
   * or cancelled card payment (migration 0034), ref the payment's id.
   */
  src: 'tx' | 'entry' | 'held' | 'attempt';
  ref: string;
  user_id: string;
  created_at: number;
  seq: number;
  kind: string;
  status: string;
  product: string;
  /** A refund line's purchase: hidden with it. */
  refund_of: string | null;
  hidden: number;
}

/** Visible statement lines per customer, kind, status and product (a page's total). */
export interface StatementCountsTable {
  user_id: string;
  kind: string;
  status: string;
  product: string;
  n: number;
}

/** Per customer, counts and sums the signed-in pages show (migration 0027, ADR 0069). */
export interface UserTotalsTable {
  user_id: string;
  notices_unread: number;
  coupons: number;
  referred: number;
  /** Commissions paid to this referrer, and what they earned net of claw-backs. */
  commissions: number;
  commissions_earned: number;
  webhook_deliveries: number;
}

/** Customers per price tier (no tier: the default's), sharded like `counters`. */
export interface TierCustomersTable {
  tier_id: string;
  shard: number;
  n: number;
}

/** Table-wide counts kept by triggers (`transactions`, `users`, `payments_completed`), sharded. */
export interface CountersTable {
  /** `card_payments` (migration 0035): completed card payments not held. */
  name: 'transactions' | 'users' | 'payments_completed' | 'card_payments';
  shard: number;
  n: number;
  amount: number;
}

/** Successful debits per UTC day (epoch day number), sharded. */
export interface TxDailySalesTable {
  day: number;
  shard: number;
  n: number;
  value: number;
}

/** A customer's saved recipient. */
export interface RecipientsTable {
  id: string;
  user_id: string;
  product: string;
  destination: string;
  service_id: string;
  /** 'prepaid' | 'postpaid' for electricity, '' otherwise. */
  variation_code: Generated<string>;
  name: string;
  created_at: number;
  updated_at: number;
}

/**
 * A destination a customer bought for, by its newest purchase still standing (migration 0032,
 * kept by triggers on `transactions`): the purchase pages' recent recipients.
 */
export interface RecentRecipientsTable {
  user_id: string;
  product: string;
  destination: string;
  service_id: string;
  /** 'prepaid' | 'postpaid' for electricity, '' otherwise. */
  variation_code: string;
  /** That purchase's created_at. */
  last_used: number;
  /** That purchase's id (newest first, by time then id). */
  tx_id: string;
}

/** The admin's user search: one row per start-able piece of a name, e-mail or phone. */
export interface UserSearchTermsTable {
  term: string;
  user_id: string;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  verification_limits: VerificationLimitsTable;
  held_credits: HeldCreditsTable;
  bvn_checks: BvnChecksTable;
  movements: MovementsTable;
  ledger_entries: LedgerEntriesTable;
  transactions: TransactionsTable;
  purchase_disputes: PurchaseDisputesTable;
  coupons: CouponsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
  known_devices: KnownDevicesTable;
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
  beneficiaries: BeneficiariesTable;
  transaction_events: TransactionEventsTable;
  rate_counters: RateCountersTable;
  networks: NetworksTable;
  data_variations: DataVariationsTable;
  data_plans: DataPlansTable;
  bill_variations: BillVariationsTable;
  bill_plans: BillPlansTable;
  electricity_variations: ElectricityVariationsTable;
  payments: PaymentsTable;
  kv_store: KvStoreTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  tx_user_counts: TxUserCountsTable;
  counters: CountersTable;
  tx_daily_sales: TxDailySalesTable;
  statement_lines: StatementLinesTable;
  statement_counts: StatementCountsTable;
  user_totals: UserTotalsTable;
  tier_customers: TierCustomersTable;
  virtual_accounts: VirtualAccountsTable;
  bank_transfers: BankTransfersTable;
  audit_log: AuditLogTable;
  recipients: RecipientsTable;
  recent_recipients: RecentRecipientsTable;
  user_search_terms: UserSearchTermsTable;
  price_tiers: PriceTiersTable;
  secret_fingerprints: SecretFingerprintsTable;
  adjustments: AdjustmentsTable;
  four_eyes_settings: FourEyesSettingsTable;
  instant_totals: InstantTotalsTable;
  approvals: ApprovalsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  provider_routes: ProviderRoutesTable;
  provider_plans: ProviderPlansTable;
  provider_breakers: ProviderBreakersTable;
  provider_calls: ProviderCallsTable;
  provider_floats: ProviderFloatsTable;
  referral_settings: ReferralSettingsTable;
  referral_commissions: ReferralCommissionsTable;
  referral_daily: ReferralDailyTable;
  announcements: AnnouncementsTable;
  announcement_dismissals: AnnouncementDismissalsTable;
  announcement_mails: AnnouncementMailsTable;
  notices: NoticesTable;
}

/** A notice in the customer's bell (migration 0020; ADR 0057). */
export interface NoticesTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  title: string;
  /** Signed kobo; null when no money moved. */
  amount: number | null;
  transaction_id: string | null;
  created_at: number;
  read_at: number | null;
}

// ── Provider failover, breaker and floats (migration 0018; ADR 0052) ─────────

/** An admin's ordered providers for a product or service id (JSON array of route targets). */
export interface ProviderRoutesTable {
  route_key: string;
  providers: string;
  updated_at: number;
}

/** What a provider listed for a service at the last catalogue sync. */
export interface ProviderPlansTable {
  provider: string;
  service_id: string;
  code: string;
  cost: number;
  synced_at: number;
  /** Our plan's code this one was matched to by the sync (ADR 0052), or null: none. */
  plan_code: string | null;
}

export interface ProviderBreakersTable {
  provider: string;
  failures: Generated<number>;
  open_until: number | null;
  probe_until: number | null;
  updated_at: number;
}

export interface ProviderCallsTable {
  id: string;
  provider: string;
  product: string;
  outcome: 'successful' | 'pending' | 'failed' | 'timeout';
  latency_ms: number;
  created_at: number;
}

export interface ProviderFloatsTable {
  provider: string;
  threshold: number | null;
  balance: number | null;
  polled_at: number | null;
  poll_error: string | null;
  alerted: Generated<number>;
  updated_at: number;
}

/** An admin's one-time recovery codes, as SHA-256 (ADR 0051). */
export interface AdminRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: number;
  used_at: number | null;
}

/** A sign-in whose password was right, waiting for the admin's code (ADR 0051). */
export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A manual wallet adjustment (migration 0016; ADR 0050). */
export interface AdjustmentsTable {
  id: string;
  reference: string;
  user_id: string;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  maker_id: string;
  maker_email: string;
  checker_id: string | null;
  checker_email: string | null;
  /** The ledger movement, once approved (applied at once below the threshold). */
  movement_id: string | null;
  created_at: number;
  decided_at: number | null;
  /** Why a pending adjustment waits (migration 0029; ADR 0070); null when it moved at once. */
  wait_reason: string | null;
}

/** The owner-set daily totals of instant admin actions, one row (ADR 0070). */
export interface FourEyesSettingsTable {
  id: number;
  maker_daily: number;
  customer_daily: number;
  updated_at: number;
}

/** What an admin (`maker`) or a customer moved by instant admin actions in a Lagos day. */
export interface InstantTotalsTable {
  day: string;
  /** `approver`: withdrawals approved by an admin (migration 0045; ADR 0088). */
  scope: 'maker' | 'customer' | 'approver';
  subject_id: string;
  total: number;
}

/** An admin action other than an adjustment, waiting for a second admin (ADR 0070). */
export interface ApprovalsTable {
  id: string;
  kind: 'transfer.assign' | 'transaction.reverse' | 'verification.level' | 'verification.limits';
  /** The transfer, transaction, user or level it acts on. */
  target_id: string;
  /** The customer whose wallet gains (or whose level changes); null for a limit change. */
  user_id: string | null;
  amount: number;
  /** JSON: what the action needs when it is approved. */
  payload: string;
  summary: string;
  why: string;
  status: 'pending' | 'approved' | 'rejected';
  maker_id: string;
  maker_email: string;
  checker_id: string | null;
  checker_email: string | null;
  created_at: number;
  decided_at: number | null;
}

/** HMAC of a constant under JWT_SECRET or PIN_SECRET, recorded at the first start (ADR 0036). */
export interface SecretFingerprintsTable {
  /** `JWT_SECRET` or `PIN_SECRET`. */
  name: string;
  fingerprint: string;
  created_at: number;
}

/** Price tiers (ADR 0027): a discount per product in basis points. */
export interface PriceTiersTable {
  id: string;
  name: string;
  /** Lower-cased name: unique. */
  name_key: string;
  is_default: Generated<number>;
  airtime_bps: Generated<number>;
  data_bps: Generated<number>;
  cabletv_bps: Generated<number>;
  electricity_bps: Generated<number>;
  education_bps: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Reseller API keys (ADR 0026): `key_hash` is an HMAC of the key keyed by the server secret. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  rate_limit: number;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** When an owner let this key send withdrawals (migration 0046, ADR 0091); null: it may not. */
  withdrawals_on_at: Generated<number | null>;
  withdrawals_on_by: Generated<string | null>;
}

export interface WebhookEndpointsTable {
  user_id: string;
  url: string;
  updated_at: number;
}

/** Webhook deliveries: a job table claimed like the requery worker's (`next_attempt_at`). */
export interface WebhookDeliveriesTable {
  id: string;
  user_id: string;
  api_key_id: string;
  transaction_id: string;
  event: string;
  /** The JSON body, fixed when the status changed (a replay sends the same body). */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
  delivered_at: number | null;
  updated_at: number;
}

// ── Admin announcements (migration 0022; ADR 0059) ────────────────────────────

/** A banner for every customer or one tier, in a window (end exclusive), maybe e-mailed. */
export interface AnnouncementsTable {
  id: string;
  text: string;
  severity: 'info' | 'warning' | 'outage';
  starts_at: number;
  ends_at: number;
  /** Null: every customer. */
  tier_id: string | null;
  email: Generated<number>;
  /** 1 once every customer of the audience was mailed (the worker stops looking). */
  mail_done: Generated<number>;
  author_id: string;
  author_email: string;
  created_at: number;
  updated_at: number;
}

/** A customer who closed an announcement's banner. */
export interface AnnouncementDismissalsTable {
  announcement_id: string;
  user_id: string;
  dismissed_at: number;
}

/** A customer mailed an announcement: the key makes it once per customer. */
export interface AnnouncementMailsTable {
  announcement_id: string;
  user_id: string;
  queued_at: number;
}

/** The admin's referral commissions (migration 0019; ADR 0056): one row, id 1. */
export interface ReferralSettingsTable {
  id: number;
  /** JSON of the contract's CommissionRates (basis and basis points per product). */
  rates: string;
  first_funding_bonus: number;
  daily_cap: number;
  updated_at: number;
}

/** One commission paid to a referrer; `(source, source_id)` is unique (paid once). */
export interface ReferralCommissionsTable {
  id: string;
  referrer_id: string;
  referred_id: string;
  source: 'purchase' | 'first_funding';
  /** The purchase's id, or the friend's user id for the first-funding bonus. */
  source_id: string;
  product: string | null;
  amount: number;
  movement_id: string | null;
  /** Set once, when the purchase was reversed and the commission taken back. */
  reversal_movement_id: string | null;
  /** What the reversal took back (at most what the referrer's wallet held then). */
  clawed_back: number | null;
  created_at: number;
  reversed_at: number | null;
}

/** What a referrer was paid on a Lagos day (the daily cap's guarded row). */
export interface ReferralDailyTable {
  referrer_id: string;
  day: number;
  paid: Generated<number>;
  last_grant: Generated<number>;
}
