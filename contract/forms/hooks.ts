import { z } from '../zod';

/**
 * Flutterwave webhook: the parts we read, from `{ event, data }` or the older flat shape with
 * top-level `id`, `txRef`, `orderRef` (ADR 0039); everything is re-verified with their API.
 */
export const PaymentWebhookBody = z.looseObject({
  event: z.optional(z.string().check(z.maxLength(64))),
  data: z.optional(
    z.looseObject({
      id: z.optional(z.union([z.number(), z.string().check(z.maxLength(64))])),
      tx_ref: z.optional(z.string().check(z.maxLength(128))),
      status: z.optional(z.string().check(z.maxLength(32))),
    }),
  ),
  id: z.nullish(z.union([z.number(), z.string().check(z.maxLength(64))])),
  txRef: z.nullish(z.string().check(z.maxLength(128))),
  orderRef: z.nullish(z.string().check(z.maxLength(128))),
});
