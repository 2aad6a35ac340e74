import { z } from '../zod';
import { MSG } from '../messages';
import { isDigits, MAX_LENGTH, notEmpty, optionalText, requiredId, text } from '../rules';

/**
 * What the five purchases share: the coupon code field, the name check before paying and the
 * coupon loader. Each product's body and form has its own module (contract/forms/airtime.ts…)
 * so a purchase page's chunk carries its own product's rules and no other's.
 */

/** Coupon codes, wherever one is typed (longer than any code is simply not a code). */
export const couponCode = optionalText(MAX_LENGTH.couponCode, MSG.couponInvalid);

export const VerifyCustomerBody = z.object({
  service_id: requiredId(),
  /** Meter or smart-card number. */
  customer_number: text(
    [
      [notEmpty, MSG.inputsInvalid],
      [isDigits, MSG.inputsInvalid],
    ],
    { max: MAX_LENGTH.number },
  ),
  variation_code: z.optional(z.enum(['prepaid', 'postpaid'], { error: MSG.inputsInvalid })),
});

export const CouponCodeBody = z.object({
  coupon_code: text([[notEmpty, MSG.couponBlank]], {
    max: MAX_LENGTH.couponCode,
    tooLong: MSG.couponInvalid,
  }).check(z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase())),
});

export const couponLoadForm = () => CouponCodeBody;
