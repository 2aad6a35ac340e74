import {
  bearerItemsOf,
  CURRENT_USER_RECENT,
  maskBearerField,
  DEFAULT_TIER_ID,
  type Coupon,
  type CurrentUser,
  type Payment,
  type AdminTransaction,
  type ProviderAnswer,
  type Transaction,
  type User,
} from '@contract';
import { now } from '../clock';
import { customerPlanName } from '@contract/plan-names';
import { customerMessage } from './customer-message';
import { db } from '../db';
import { statementOf, statementTotals } from './statement';
import type { CouponRecord, PaymentRecord, TransactionRecord, UserRecord } from '../records';

/**
 * Records → contract values: private fields (password, pin, hidden flags, provider ids)
 * never leave the mock server, as they never leave the real one.
 */

export function toUser(u: UserRecord): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    wallet_balance: u.wallet_balance,
    isAdmin: u.isAdmin,
    has_created_secret_pin: u.pin !== null,
    email_verified: u.email_verified,
    referral_code: u.referral_code,
    status: u.status,
    last_login: u.last_login,
    tier_id: u.tier_id ?? DEFAULT_TIER_ID,
    isBlocked: u.isBlocked,
    created_on: u.created_on,
  };
}

export function toTransaction(t: TransactionRecord): Transaction {
  const { hidden: _hidden, providers_tried: _tried, response_msg: _words, ...rest } = t;
  const message = customerMessage(t);
  // The customer reads a plan by its clean name (ADR 0077), as the server answers.
  const plan = customerPlanName(t.product, t.plan);
  const view = plan === undefined ? rest : { ...rest, plan };
  return message === undefined ? view : { ...view, response_msg: message };
}

const PURCHASES: readonly string[] = ['Airtime', 'Data', 'CableTV', 'Electricity', 'Education'];

/** The provider's last answer as an admin reads it: the sandbox VTpass's code and words. */
function providerAnswer(t: TransactionRecord): ProviderAnswer | null {
  if (!PURCHASES.includes(t.product) || !t.response_msg) return null;
  const failed = t.status === 'failed' || t.status === 'reversed';
  return {
    provider: 'VTpass',
    code: failed ? '016' : t.status === 'pending' ? '099' : '000',
    message: t.response_msg,
    requery_attempts: t.status === 'pending' ? 2 : 0,
  };
}

const masked = (value: string | undefined) => (value ? maskBearerField(value) : undefined);

/**
 * The admin's list alone names the providers a purchase tried (ADR 0052); its coupon codes,
 * tokens and pins are masked, each listed for the reveal (ADR 0071).
 */
export function toAdminTransaction(t: TransactionRecord): AdminTransaction {
  const tx = toTransaction(t);
  return {
    ...tx,
    token: masked(tx.token),
    purchased_code: masked(tx.purchased_code),
    coupon_code: masked(tx.coupon_code),
    ...(t.plan !== undefined && { plan: t.plan }),
    response_msg: t.response_msg,
    providers_tried: t.providers_tried ?? null,
    secrets: bearerItemsOf(tx),
    provider_answer: providerAnswer(t),
  };
}

export function toPayment(p: PaymentRecord): Payment {
  const { provider_id: _providerId, ...rest } = p;
  return rest;
}

/** `isValid`: not redeemed and not past `expires_at` (the Active column, spec §2). */
export function toCoupon(c: CouponRecord): Coupon {
  return {
    coupon_code: c.coupon_code,
    meta_data: c.meta_data,
    isValid: c.isValid && c.expires_at > now(),
    issued_at: c.issued_at,
    expires_at: c.expires_at,
  };
}

/** The user's own history, newest first, without the rows they deleted. */
export function historyOf(userId: string): TransactionRecord[] {
  return db.transactions
    .filter((t) => t.user_id === userId && !t.hidden)
    .sort((a, b) => b.date - a.date);
}

export function couponsOf(userId: string): CouponRecord[] {
  return db.coupons.filter((c) => c.owner_id === userId).sort((a, b) => b.issued_at - a.issued_at);
}

/**
 * `GET /api/user` (ADR 0020): the newest few transactions and coupons and the history's
 * totals; the whole history is paged by `GET /api/user/transactions` and `/coupons`.
 */
export function toCurrentUser(u: UserRecord): CurrentUser {
  // Every transaction, hidden ones too: hiding changes no total (ADR 0074).
  const history = db.transactions.filter((t) => t.user_id === u.id);
  // The overview reads the wallet statement (ADR 0045): a funding or a refund is a line too.
  const lines = statementOf(u.id);
  const totals = statementTotals(lines);
  return {
    ...toUser(u),
    transactions: lines.slice(0, CURRENT_USER_RECENT),
    coupons: couponsOf(u.id).slice(0, CURRENT_USER_RECENT).map(toCoupon),
    transactions_count: history.length,
    successful_total: history
      .filter((t) => t.status === 'successful')
      .reduce((sum, t) => sum + t.value, 0),
    spent_total: totals.spent,
    received_total: totals.received,
  };
}

/** A history search term: an exact transaction id or the destination it went to (ADR 0020). */
export function matchesHistorySearch(t: TransactionRecord, q: string | undefined): boolean {
  if (!q) return true;
  return (
    [
      t.transaction_id,
      t.transaction_phone,
      t.meter_number,
      t.smart_card_number,
      t.account_id,
    ].includes(q) || t.counterparty === q.toLowerCase()
  );
}
