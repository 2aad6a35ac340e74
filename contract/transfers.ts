import { z } from './zod';
import { EpochMs } from './entities';
import { TRANSFER_MSG } from './messages';
import { Naira, type Kobo } from './money';
import { applyBps, NAIRA, stampDuty } from './pricing';
import { isDigits, MAX_LENGTH, notEmpty, requiredId, text } from './rules';
import { WAIT_REASONS } from './four-eyes';

/**
 * Funding by bank transfer into the customer's own (static) virtual account (* ADR 0024): the fee rule, the account, a transfer held for an admin, and their bodies.
 */

// ── The fee rule ──────────────────────────────────────────────────────────────

/**
 * What a transfer costs (TRANSFER_FEE on the server): a flat amount, or a percentage with an
 * optional cap. `customer_pays`: the fee comes out of the credit (else the business books it
 * as an expense, as for cards).
 */
export const TransferFeeSchema = z.object({
  kind: z.enum(['flat', 'percent']),
  /** Flat: the fee. */
  flat: Naira,
  /** Percent: basis points (100 = 1 %). */
  bps: z.int().check(z.gte(0), z.lte(10_000)),
  /** Percent: the most it costs (0: no cap). */
  cap: Naira,
  customer_pays: z.boolean(),
});
export type TransferFee = z.output<typeof TransferFeeSchema>;

/** Default (ADR 0024): 1 % capped at ₦300, paid by the customer; set TRANSFER_FEE to the provider's real price. */
export const DEFAULT_TRANSFER_FEE: TransferFee = {
  kind: 'percent',
  flat: 0,
  bps: 100,
  cap: 300 * NAIRA,
  customer_pays: true,
};

/** The provider's fee on a transfer of `amount` kobo under `rule` (never more than is left after stamp duty). */
export function transferFee(amount: Kobo, rule: TransferFee): Kobo {
  const fee =
    rule.kind === 'flat'
      ? rule.flat
      : rule.cap > 0
        ? Math.min(applyBps(amount, rule.bps), rule.cap)
        : applyBps(amount, rule.bps);
  return Math.max(0, Math.min(fee, amount - stampDuty(amount)));
}

/** What a transfer of `amount` credits: minus stamp duty, minus the fee when the customer pays it. */
export function transferCredit(amount: Kobo, rule: TransferFee): Kobo {
  const fee = rule.customer_pays ? transferFee(amount, rule) : 0;
  return amount - stampDuty(amount) - fee;
}

/** The rule as one sentence for the Wallet page. */
export function describeTransferFee(rule: TransferFee): string {
  const naira = (k: Kobo) =>
    `₦${(k / NAIRA).toLocaleString('en-NG', { maximumFractionDigits: 2 })}`;
  const free = !rule.customer_pays || (rule.kind === 'flat' ? rule.flat === 0 : rule.bps === 0);
  if (free) return 'Transfers are free.';
  if (rule.kind === 'flat') return `Each transfer costs ${naira(rule.flat)}.`;
  const pct = `${(rule.bps / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;
  return rule.cap > 0
    ? `Each transfer costs ${pct} of the amount, at most ${naira(rule.cap)}.`
    : `Each transfer costs ${pct} of the amount.`;
}

// ── Entities ──────────────────────────────────────────────────────────────────

export const VirtualAccountSchema = z.object({
  account_number: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  created_at: EpochMs,
});
export type VirtualAccount = z.output<typeof VirtualAccountSchema>;

/** The Wallet page's bank-transfer card: the account (once created) and what a transfer costs. */
export const BankTransferInfoSchema = z.object({
  account: z.nullable(VirtualAccountSchema),
  fee: TransferFeeSchema,
});
export type BankTransferInfo = z.output<typeof BankTransferInfoSchema>;

export const HELD_TRANSFER_STATUSES = ['held', 'assigned'] as const;

/** A transfer to an account number that is nobody's: held until an admin assigns it. */
export const HeldTransferSchema = z.object({
  id: z.string(),
  /** The provider's transaction id. */
  reference: z.string(),
  account_number: z.string(),
  sender: z.string(),
  amount: Naira,
  status: z.enum(HELD_TRANSFER_STATUSES),
  /** The customer it was assigned to (e-mail), once assigned. */
  assigned_to: z.nullable(z.string()),
  received_at: EpochMs,
  /** An assignment waiting for a second admin (ADR 0070): to whom, by whom, and why. */
  awaiting: z.nullable(
    z.object({ customer: z.string(), maker: z.string(), why: z.enum(WAIT_REASONS) }),
  ),
});
export type HeldTransfer = z.output<typeof HeldTransferSchema>;

// ── Bodies ────────────────────────────────────────────────────────────────────

export const BVN_LENGTH = 11;

/** Getting an account: the BVN (11 digits) and the customer's consent to send it. */
export const VirtualAccountBody = z.object({
  bvn: text(
    [
      [notEmpty, TRANSFER_MSG.bvnRequired],
      [(v) => isDigits(v) && v.length === BVN_LENGTH, TRANSFER_MSG.bvnInvalid],
    ],
    { max: BVN_LENGTH, tooLong: TRANSFER_MSG.bvnInvalid },
  ),
  consent: z.literal(true, { error: TRANSFER_MSG.consentRequired }),
});
/** The form keeps the checkbox as a boolean; the same rules. */
export const virtualAccountForm = () =>
  z.object({
    bvn: VirtualAccountBody.shape.bvn,
    consent: z.boolean().check(z.refine((v) => v, TRANSFER_MSG.consentRequired)),
  });

/** An admin assigns a held transfer to a customer by e-mail. */
export const AssignTransferBody = z.object({
  id: requiredId(),
  email: text([[notEmpty, TRANSFER_MSG.assignEmail]], {
    max: MAX_LENGTH.email,
    tooLong: TRANSFER_MSG.assignEmail,
  }).check(z.overwrite((v) => v.toLowerCase())),
});
