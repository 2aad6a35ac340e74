import { z } from '../zod';
import { MSG, SERVER_MSG } from '../messages';
import type { Kobo } from '../money';
import { LIMITS } from '../pricing';
import {
  isDigits,
  optionalText,
  requiredPin,
  text,
  unitCount,
  wholeNaira,
  withBalance,
} from '../rules';
import { COUPON_PRODUCTS } from '../entities';

const UNITS_MESSAGE = MSG.inputsInvalid;

const couponAmount = wholeNaira(MSG.couponAmount, [[(n) => n > 0, MSG.couponAmount]]);

const CouponBuyFields = z.object({
  product: z.enum(COUPON_PRODUCTS, { error: MSG.inputsInvalid }),
  /** Face value per coupon, for AIRTIME and ELECTRICITY only. */
  amount: z.optional(couponAmount),
  unit: unitCount(LIMITS.couponUnits, UNITS_MESSAGE),
  pin: requiredPin(MSG.airtimePinRequired),
  service_id: optionalText(),
  plan_id: optionalText(),
  network_id: optionalText(),
});

function couponBuyRules(
  v: { product: string; amount?: Kobo; plan_id?: string; service_id?: string },
  ctx: z.core.$RefinementCtx,
) {
  const needsAmount = v.product === 'AIRTIME' || v.product === 'ELECTRICITY';
  if (needsAmount) {
    if (v.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.couponAmount });
    } else if (v.amount < LIMITS.couponAirtimeElectricityMinimum) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: MSG.couponMinimum });
    }
  } else if (!v.plan_id) {
    ctx.addIssue({ code: 'custom', path: ['plan_id'], message: MSG.inputsInvalid });
  }
  // An electricity coupon is for one DisCo's prepaid meters: without it, it could not be used.
  if (v.product === 'ELECTRICITY' && !v.service_id) {
    ctx.addIssue({ code: 'custom', path: ['service_id'], message: SERVER_MSG.chooseDisco });
  }
}

export const CouponBuyBody = CouponBuyFields.check(z.superRefine(couponBuyRules));

/** The amount input: blank means none (data, cable, education coupons), else digits only. */
const couponAmountField = z.optional(
  z.pipe(
    z.pipe(
      text([[(v) => v === '' || isDigits(v), MSG.couponAmount]]),
      z.transform((v) => (v === '' ? undefined : Number(v))),
    ),
    z.optional(couponAmount),
  ),
);

export const couponBuyForm = (ctx: { balance: Kobo; total?: Kobo }) =>
  withBalance(
    z.extend(CouponBuyFields, { amount: couponAmountField }).check(z.superRefine(couponBuyRules)),
    ctx.balance,
    () => ctx.total,
    'unit',
  );
