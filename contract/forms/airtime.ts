import { z } from '../zod';
import { MSG } from '../messages';
import type { Kobo } from '../money';
import { LIMITS, NAIRA } from '../pricing';
import {
  fromInput,
  isPhone,
  MAX_LENGTH,
  optionalText,
  requiredPin,
  text,
  tidyPhone,
  wholeNaira,
  withBalance,
} from '../rules';
import { couponCode } from './purchases';

/** Airtime's request body and form (spec §5 "Airtime", §7). */

/** Airtime amount: "digits only and greater than 50", and "below 100 → minimum ₦100". */
const airtimeAmount = wholeNaira(MSG.airtimeInvalid, [
  [(n) => n * NAIRA >= LIMITS.airtimeRuleMinimum, MSG.airtimeInvalid],
  [(n) => n * NAIRA >= LIMITS.airtimeMinimum, MSG.airtimeMinimum],
]);

export const AirtimeBody = z.object({
  pin: requiredPin(MSG.airtimePinRequired),
  phone_number: text([[isPhone, MSG.airtimeInvalid]], { max: MAX_LENGTH.phone, tidy: tidyPhone }),
  amount: airtimeAmount,
  /** Chosen network; suggested from the prefix and overridable (numbers are portable). */
  network_id: optionalText(),
  coupon_code: couponCode,
});

/** `total` is the payable amount for the parsed amount (contract/pricing `airtimePrice`). */
export const airtimeForm = (ctx: { balance: Kobo; total: (amount: Kobo) => Kobo }) =>
  withBalance(
    z.extend(AirtimeBody, { amount: fromInput(airtimeAmount, MSG.airtimeInvalid) }),
    ctx.balance,
    (v) => ctx.total(v.amount),
  );
