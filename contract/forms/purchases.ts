import { z } from '../zod';
import { MSG, SERVER_MSG } from '../messages';
import type { Kobo } from '../money';
import { LIMITS, NAIRA } from '../pricing';
import {
  fromInput,
  isDigits,
  isPhone,
  MAX_LENGTH,
  notEmpty,
  optionalText,
  requiredId,
  requiredPin,
  text,
  wholeNaira,
  withBalance,
} from '../rules';

/** Coupon codes, wherever one is typed (longer than any code is simply not a code). */
const couponCode = optionalText(MAX_LENGTH.couponCode, MSG.couponInvalid);

/** Airtime amount: "digits only and greater than 50", and "below 100 → minimum ₦100". */
const airtimeAmount = wholeNaira(MSG.airtimeInvalid, [
  [(n) => n * NAIRA >= LIMITS.airtimeRuleMinimum, MSG.airtimeInvalid],
  [(n) => n * NAIRA >= LIMITS.airtimeMinimum, MSG.airtimeMinimum],
]);

export const AirtimeBody = z.object({
  pin: requiredPin(MSG.airtimePinRequired),
  phone_number: text([[isPhone, MSG.airtimeInvalid]], { max: MAX_LENGTH.phone }),
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

export const DataBody = z.object({
  pin: requiredPin(MSG.dataPinRequired),
  plan_id: optionalText(),
  service_id: requiredId(),
  network_id: optionalText(),
  phone_number: optionalText(MAX_LENGTH.phone, MSG.dataPhone),
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
   * its own amount, whose minimum (₦200) was checked when it was bought (issue 11, decision
   * 0013): a coupon call may leave it out or send the coupon's face value, as the original
   * screen did; the coupon's own amount is what is bought, and another amount is refused by
   * the server, which alone knows the face value (issue 22, ADR 0037).
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

/** JAMB pins are sold against the candidate's profile id (VTpass `billersCode`). */
export const JAMB_SERVICE_ID = 'jamb';

export const isJambProfileId = (v: string | undefined) => !!v && /^\d{10}$/.test(v);

export const EDUCATION_UNITS_MESSAGE = `Units must be between ${LIMITS.educationUnits.min} and ${LIMITS.educationUnits.max}.`;

export const EducationBody = z
  .object({
    service_id: requiredId(),
    plan_id: requiredId(),
    pin: requiredPin(MSG.invalidPin),
    quantity: z
      .number({ error: EDUCATION_UNITS_MESSAGE })
      .check(
        z.int(EDUCATION_UNITS_MESSAGE),
        z.gte(LIMITS.educationUnits.min, EDUCATION_UNITS_MESSAGE),
        z.lte(LIMITS.educationUnits.max, EDUCATION_UNITS_MESSAGE),
      ),
    /** JAMB profile id (the provider's billersCode for JAMB pins): required for JAMB. */
    profile_id: optionalText(MAX_LENGTH.number, SERVER_MSG.jambProfileId),
    coupon_code: couponCode,
  })
  .check(
    z.superRefine((v, issues) => {
      if (v.service_id === JAMB_SERVICE_ID && !isJambProfileId(v.profile_id)) {
        issues.addIssue({
          code: 'custom',
          path: ['profile_id'],
          message: SERVER_MSG.jambProfileId,
        });
      }
    }),
  );

export const educationForm = (ctx: { balance: Kobo; total: (quantity: number) => Kobo }) =>
  withBalance(EducationBody, ctx.balance, (v) => ctx.total(v.quantity), 'quantity');

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
  }).check(z.overwrite((v) => v.replace(/\s+/g, ''))),
});

export const couponLoadForm = () => CouponCodeBody;
