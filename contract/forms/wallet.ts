import { z } from '../zod';
import { MSG } from '../messages';
import type { Kobo } from '../money';
import { fromInput, requiredPin, wholeNaira, withBalance } from '../rules';
import { email } from './email';

const shareAmount = wholeNaira(MSG.shareAmount, [[(n) => n > 0, MSG.insufficientFunds]]);

export const ShareBody = z.object({
  amount: shareAmount,
  email: email(MSG.shareEmail).check(z.overwrite((v) => v.toLowerCase())),
  pin: requiredPin(MSG.sharePin),
});

export const shareForm = (ctx: { balance: Kobo }) =>
  withBalance(
    z.extend(ShareBody, { amount: fromInput(shareAmount, MSG.shareAmount) }),
    ctx.balance,
    (v) => v.amount,
  );

const fundAmount = wholeNaira(MSG.fundAmount, [[(n) => n > 0, MSG.fundAmount]]);

export const FundBody = z.object({ amount: fundAmount });

export const fundForm = () => z.object({ amount: fromInput(fundAmount, MSG.fundAmount) });

export const PaymentVerifyBody = z.object({
  status: z.string().check(z.maxLength(32)),
  tx_ref: z.string().check(z.minLength(1), z.maxLength(128)),
  transaction_id: z.optional(z.string().check(z.maxLength(64))),
});
