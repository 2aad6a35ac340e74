import { z } from '../zod';
import { MSG } from '../messages';
import { ADMIN_USERS_MSG, BLOCK_REASON_MAX } from '../messages/admin-users';
import { MAX_LENGTH, notEmpty, requiredId, text, wholeNaira } from '../rules';

export const UserIdBody = z.object({
  id: requiredId(),
});

/** Block asks why: the reason is kept in the audit entry of the block. */
export const BlockUserBody = z.object({
  id: requiredId(),
  reason: text([[notEmpty, ADMIN_USERS_MSG.blockReasonRequired]], {
    max: BLOCK_REASON_MAX,
    tooLong: ADMIN_USERS_MSG.blockReasonTooLong,
  }),
});
export type BlockUserInput = z.input<typeof BlockUserBody>;

export const ProductEditBody = z.object({
  /** Network (data) or TV provider (cable) name, e.g. "MTN" or "DStv". */
  name: requiredId(MSG.inputsInvalid, MAX_LENGTH.name),
  plan_id: requiredId(),
  /** New plan name. */
  plan: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(1, MSG.inputsInvalid), z.maxLength(120, MSG.inputsInvalid)),
  ),
  price: z.optional(wholeNaira(MSG.couponAmount, [[(n) => n > 0, MSG.couponAmount]])),
  /** false removes the plan from sale; bought plans stay in history. */
  on_sale: z.optional(z.boolean({ error: MSG.inputsInvalid })),
});
