import { z } from '../zod';
import { Naira } from '../money';
import { EpochMs, PAYMENT_CHANNELS, PaymentStatusSchema } from './core';

/** Card payments and bank transfers into the wallet. */

export const PaymentSchema = z.object({
  id: z.string(),
  /** Our reference sent to the card provider (tx_ref). */
  t_id: z.string(),
  user: z.string(),
  user_id: z.string(),
  amount: Naira,
  /** What reached the wallet: amount minus stamp duty (spec §9). Zero until completed. */
  credited: Naira,
  status: PaymentStatusSchema,
  /** The provider's reference (transaction_id), once known. */
  payment_reference: z.nullable(z.string()),
  date_of_payment: EpochMs,
  /** How the money came: the card checkout or a bank transfer. */
  channel: z.enum(PAYMENT_CHANNELS),
  /**
   * A completed payment whose credit a verification level's limit held (ADR 0058, ADR 0076):
   * why, the level and its limit (kobo), and whether it has been released since. Absent when
   * the credit reached the wallet at once.
   */
  held: z.optional(
    z.object({
      status: z.enum(['held', 'released']),
      reason: z.enum(['balance', 'daily_funding']),
      level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      limit: Naira,
    }),
  ),
});

export type Payment = z.output<typeof PaymentSchema>;
