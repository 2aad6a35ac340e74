import { z } from '../zod';
import { Naira } from '../money';
import { EpochMs } from './core';

/** Saved recipients and the name on a meter or smart card. */

/** Products a customer buys for a destination they may want again. */
export const RECIPIENT_PRODUCTS = ['Airtime', 'Data', 'CableTV', 'Electricity'] as const;

export const RecipientProductSchema = z.enum(RECIPIENT_PRODUCTS);

export type RecipientProduct = z.output<typeof RecipientProductSchema>;

/**
 * Where a purchase went: a phone and its network (Airtime, Data), an account id (SPECTRANET,
 * SMILE), a smart card and its TV provider, a meter and its DisCo. Saved ones have an id and a
 * name the customer gave ("Mum's MTN"); recent ones come from the customer's own purchases.
 */
export const RecipientSchema = z.object({
  /** A saved recipient's id (to delete it); null for a recent one. */
  id: z.nullable(z.string()),
  product: RecipientProductSchema,
  /** Phone, account id, smart card or meter number. */
  destination: z.string(),
  /** The network's, TV provider's or DisCo's service id in the catalogue. */
  service_id: z.string(),
  /** Electricity only: the meter type. */
  variation_code: z.nullable(z.enum(['prepaid', 'postpaid'])),
  /** The name the customer gave a saved recipient; null for a recent one. */
  name: z.nullable(z.string()),
  /** When it was last bought for (recent) or saved (saved), epoch ms. */
  last_used: EpochMs,
});

export type Recipient = z.output<typeof RecipientSchema>;

/** `GET /api/user/recipients`: the customer's saved recipients and recent destinations. */
export const RecipientsSchema = z.object({
  saved: z.array(RecipientSchema),
  recent: z.array(RecipientSchema),
});

export type Recipients = z.output<typeof RecipientsSchema>;

/**
 * A smart card's current bouquet, matched to a plan of our catalogue (ADR 0077): what renewing
 * it costs. `price` is the plan's own catalogue price (what "Change bouquet" to it costs);
 * `amount` is the renewal's value: the provider's renewal amount plus the plan's margin, to
 * which the provider's convenience fee and the customer's tier apply as to any plan.
 */
export const BouquetRenewalSchema = z.object({
  plan_id: z.string(),
  /** The plan's clean display name ("DStv Yanga"). */
  name: z.string(),
  price: Naira,
  amount: Naira,
});

export type BouquetRenewal = z.output<typeof BouquetRenewalSchema>;

export const CustomerLookupSchema = z.object({
  customer_name: z.string(),
  address: z.optional(z.string()),
  meter_number: z.optional(z.string()),
  /** The bouquet the provider says the card is on, as it says it. */
  current_bouquet: z.optional(z.string()),
  due_date: z.optional(z.string()),
  min_purchase_amount: z.optional(Naira),
  /** DStv and GOtv: renewing the current bouquet, when it is a plan we sell (ADR 0077). */
  renewal: z.optional(BouquetRenewalSchema),
});

export type CustomerLookup = z.output<typeof CustomerLookupSchema>;
