import { z } from '../zod';
import { MSG, TV_MSG } from '../messages';
import { naira, type Kobo } from '../money';
import {
  isDigits,
  MAX_LENGTH,
  notEmpty,
  requiredId,
  requiredPin,
  text,
  withBalance,
} from '../rules';
import { couponCode } from './purchases';

/** Cable TV's request body and form (spec §5 "Cable TV", §7). */

export const CableBody = z.object({
  service_id: requiredId(MSG.cableDecoder),
  plan_id: text([[notEmpty, MSG.cableDecoder]], { max: MAX_LENGTH.id }),
  smart_card_number: text(
    [
      [notEmpty, MSG.cableDecoder],
      [isDigits, MSG.cableDecoder],
    ],
    { max: MAX_LENGTH.number },
  ),
  pin: requiredPin(MSG.invalidPin),
  coupon_code: couponCode,
  /**
   * DStv and GOtv (ADR 0077): `renew` pays the card's current bouquet again (`plan_id` is the
   * plan the check matched it to); `change` (the default) replaces it with `plan_id`.
   */
  subscription_type: z.optional(z.enum(['change', 'renew'], { error: TV_MSG.renewUnavailable })),
  /** With `renew`: the renewal's value the customer was shown; another one is refused. */
  renewal_amount: z.optional(naira(TV_MSG.renewalChanged)),
});

export const cableForm = (ctx: { balance: Kobo; total?: Kobo }) =>
  withBalance(CableBody, ctx.balance, () => ctx.total, 'plan_id');
