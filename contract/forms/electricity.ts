import { z } from '../zod';
import { MSG, SERVER_MSG } from '../messages';
import type { Kobo } from '../money';
import { LIMITS, NAIRA } from '../pricing';
import {
  fromInput,
  isDigits,
  MAX_LENGTH,
  notEmpty,
  requiredId,
  requiredPin,
  text,
  wholeNaira,
  withBalance,
} from '../rules';
import { couponCode } from './purchases';

/** Electricity's request body and forms (spec §5 "Electricity", §7). */

const electricityAmount = wholeNaira(MSG.electricityInvalid, [
  [(n) => n * NAIRA >= LIMITS.electricityMinimum, MSG.electricityMinimum],
]);

/** Any amount at all: the body knows whether the wallet's minimum applies only with the code. */
const anyElectricityAmount = wholeNaira(MSG.electricityInvalid, [
  [(n) => n > 0, MSG.electricityInvalid],
]);

const ElectricityFields = z.object({
  service_id: requiredId(),
  variation_code: z.enum(['prepaid', 'postpaid'], { error: MSG.inputsInvalid }),
  meter_number: text(
    [
      [notEmpty, MSG.electricityMeterEmpty],
      [isDigits, MSG.electricityInvalid],
    ],
    { max: MAX_LENGTH.number, tooLong: MSG.electricityInvalid },
  ),
  /**
   * Required for a wallet purchase, and at least ₦500 there (ElectricityBody). A coupon buys
   * its own amount, whose minimum (₦200) was checked when it was bought (decision
   * 0013): a coupon call may leave it out or send the coupon's face value, as the original
   * screen did; the coupon's own amount is what is bought, and another amount is refused by
   * the server, which alone knows the face value (ADR 0037).
   */
  amount: z.optional(anyElectricityAmount),
  pin: requiredPin(MSG.invalidPin),
  coupon_code: couponCode,
});

export const ElectricityBody = ElectricityFields.check(
  z.superRefine(
    (v, ctx) => {
      if (v.coupon_code) return;
      if (v.amount === undefined) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.electricityAmountEmpty });
      } else if (v.amount < LIMITS.electricityMinimum) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.electricityMinimum });
      }
    },
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'amount') },
  ),
);

export const electricityForm = (ctx: { balance: Kobo; total: (amount: Kobo) => Kobo }) =>
  withBalance(
    z.extend(ElectricityFields, {
      amount: fromInput(electricityAmount, MSG.electricityInvalid, MSG.electricityAmountEmpty),
    }),
    ctx.balance,
    (v) => ctx.total(v.amount),
  );

/** The coupon tab: the DisCo (the coupon's, or chosen for one sold without it), meter, pin. */
export const electricityCouponForm = () =>
  z.extend(z.omit(ElectricityFields, { amount: true }), {
    service_id: z
      .string({ error: SERVER_MSG.chooseDisco })
      .check(z.trim(), z.minLength(1, SERVER_MSG.chooseDisco)),
    coupon_code: text([[notEmpty, MSG.couponBlank]]),
  });
