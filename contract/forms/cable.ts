import { z } from '../zod';
import { MSG } from '../messages';
import type { Kobo } from '../money';
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
});

export const cableForm = (ctx: { balance: Kobo; total?: Kobo }) =>
  withBalance(CableBody, ctx.balance, () => ctx.total, 'plan_id');
