import { z } from '../zod';
import { MSG } from '../messages';
import { MAX_LENGTH, requiredId, wholeNaira } from '../rules';

export const UserIdBody = z.object({
  id: requiredId(),
});

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
