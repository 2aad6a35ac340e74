import { z } from '../zod';
import { MSG } from '../messages';
import type { Kobo } from '../money';
import { isPhone, MAX_LENGTH, optionalText, requiredId, requiredPin, tidyPhone } from '../rules';
import { couponCode } from './purchases';

/** Data's request body and form (spec §5 "Data", §7). */

export const DataBody = z.object({
  pin: requiredPin(MSG.dataPinRequired),
  plan_id: optionalText(),
  service_id: requiredId(),
  network_id: optionalText(),
  phone_number: optionalText(MAX_LENGTH.phone, MSG.dataPhone, tidyPhone),
  account_id: optionalText(MAX_LENGTH.accountId, MSG.dataAccountId),
  coupon_code: couponCode,
});

/** The destination rule of spec §5 "Data": which message depends on the variation. */
export function dataDestinationError(
  body: { plan_id?: string; phone_number?: string; account_id?: string },
  requiresAccountId: boolean,
): string | undefined {
  if (requiresAccountId) {
    return body.account_id && body.plan_id ? undefined : MSG.dataAccountId;
  }
  return body.phone_number && isPhone(body.phone_number) && body.plan_id
    ? undefined
    : MSG.dataPhone;
}

export const dataForm = (ctx: { balance: Kobo; requiresAccountId: boolean; price?: Kobo }) =>
  DataBody.check(
    z.superRefine((v, c) => {
      const message = dataDestinationError(v, ctx.requiresAccountId);
      if (message) {
        c.addIssue({
          code: 'custom',
          path: [ctx.requiresAccountId ? 'account_id' : 'phone_number'],
          message,
        });
      } else if (ctx.price !== undefined && ctx.price > ctx.balance) {
        c.addIssue({ code: 'custom', path: ['plan_id'], message: MSG.insufficientFunds });
      }
    }),
  );
