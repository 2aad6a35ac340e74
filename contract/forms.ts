import { z } from './zod';
import { LIMIT_MSG, MSG, SERVER_MSG, TRUST_MSG } from './messages';
import type { Kobo } from './money';
import { LIMITS, NAIRA } from './pricing';
import {
  fromInput,
  isDigits,
  isEmail,
  isPhone,
  MAX_LENGTH,
  notEmpty,
  optionalText,
  PASSWORD_LIMIT,
  passwordRule,
  PinSchema,
  requiredId,
  requiredPin,
  text,
  NAME_PATTERN,
  type Check,
  wholeNaira,
  withBalance,
  withConfirmation,
} from './rules';
import { CouponProductSchema, RecipientProductSchema } from './entities';

/**
 * Request bodies of spec §7 with the validation rules of spec §5, and the forms built on them.
 * `XBody` is what the server parses (JSON, money in naira → kobo). `xForm(...)` is what a
 * screen parses (raw input strings, plus what the screen knows: balance, chosen plan); it
 * reuses the body's field rules, so one message lives in one place.
 */

// ── Auth ──────────────────────────────────────────────────────────────────────

/** An e-mail field: at most 254 characters, else the field's own "invalid e-mail" message. */
const email = (message: string, checks: readonly Check<string>[] = [[isEmail, message]]) =>
  text(checks, { max: MAX_LENGTH.email, tooLong: message });

/** Coupon codes, wherever one is typed (longer than any code is simply not a code). */
const couponCode = optionalText(MAX_LENGTH.couponCode, MSG.couponInvalid);

export const LoginBody = z.object({
  username: email(MSG.loginEmail, [
    [notEmpty, MSG.loginRequired],
    [isEmail, MSG.loginEmail],
  ]),
  password: text([[notEmpty, MSG.loginRequired]], PASSWORD_LIMIT),
});
export const loginForm = () => LoginBody;

const SignupFields = z.object({
  name: text([[(v) => NAME_PATTERN.test(v), MSG.signupName]], {
    max: MAX_LENGTH.name,
    tooLong: LIMIT_MSG.nameTooLong,
  }),
  email: email(MSG.signupEmail).check(z.overwrite((v) => v.toLowerCase())),
  phone: text([[isPhone, MSG.signupPhone]], { trim: false, max: MAX_LENGTH.phone }),
  password: passwordRule(),
  referral_code: optionalText(MAX_LENGTH.referralCode),
});
export const RegisterBody = SignupFields;
export const signupForm = () => withConfirmation(SignupFields, 'password');

export const EmailBody = z.object({
  email: email(MSG.forgotEmail).check(z.overwrite((v) => v.toLowerCase())),
});
export const forgotPasswordForm = () => EmailBody;

export const TokenBody = z.object({
  token: z
    .string({ error: SERVER_MSG.tokenInvalid })
    .check(
      z.minLength(1, SERVER_MSG.tokenInvalid),
      z.maxLength(MAX_LENGTH.token, SERVER_MSG.tokenInvalid),
    ),
});

const ResetPasswordFields = z.object({ password: passwordRule(MSG.resetPasswordRequired) });
export const ResetPasswordBody = z.extend(TokenBody, ResetPasswordFields.shape);
export const resetPasswordForm = () => withConfirmation(ResetPasswordFields, 'password');

export const PinBody = z.object({ pin: PinSchema });

/**
 * The pin typed twice (issue 24; ADR 0046): it is masked, and a slip would lock the customer
 * out of their money. The confirmation is checked once the pin itself passes the spec's rules
 * (their messages come first), and is not sent.
 */
function withPinConfirmation<T extends z.ZodMiniObject<{ pin: typeof PinSchema }>>(schema: T) {
  return z.pipe(
    z
      .extend(schema, {
        confirm_pin: z
          .string({ error: TRUST_MSG.pinsNotEqual })
          .check(z.maxLength(MAX_LENGTH.password, TRUST_MSG.pinsNotEqual)),
      })
      .check(
        z.superRefine((values, ctx) => {
          const { pin, confirm_pin } = values as { pin: string; confirm_pin: string };
          if (pin !== confirm_pin) {
            ctx.addIssue({
              code: 'custom',
              path: ['confirm_pin'],
              message: TRUST_MSG.pinsNotEqual,
            });
          }
        }),
      ),
    z.transform((values) => {
      const { confirm_pin: _confirmed, ...body } = values as typeof values & {
        confirm_pin: string;
      };
      return body as z.output<T>;
    }),
  );
}
export const createPinForm = () => withPinConfirmation(PinBody);

export const RefreshBody = z.object({
  refresh_token: z.string().check(z.minLength(1), z.maxLength(MAX_LENGTH.token)),
});

// ── User settings ─────────────────────────────────────────────────────────────

const ChangePasswordFields = z.object({
  old_password: text([[notEmpty, MSG.currentPasswordRequired]], PASSWORD_LIMIT),
  new_password: passwordRule(MSG.newPasswordRequired),
});
export const ChangePasswordBody = ChangePasswordFields;
export const changePasswordForm = () => withConfirmation(ChangePasswordFields, 'new_password');

export const ResetPinBody = z.object({
  password: text([[notEmpty, MSG.currentPasswordRequired]], PASSWORD_LIMIT),
  pin: PinSchema,
});
export const resetPinForm = () => withPinConfirmation(ResetPinBody);

export const UserIdBody = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(MAX_LENGTH.id)),
});

// ── Saved recipients (issue 17) ───────────────────────────────────────────────

/**
 * Save where a purchase goes, with a name. The number is digits only, as long as the longest
 * the forms take (an account id); a phone must be a Nigerian phone (spec §9).
 */
export const SaveRecipientBody = z
  .object({
    product: RecipientProductSchema,
    destination: text([[isDigits, SERVER_MSG.recipientNumberInvalid]], {
      max: MAX_LENGTH.accountId,
    }),
    service_id: requiredId(),
    variation_code: z.optional(z.enum(['prepaid', 'postpaid'])),
    name: text([[notEmpty, SERVER_MSG.recipientNameRequired]], {
      max: LIMITS.recipientName,
      tooLong: SERVER_MSG.recipientNameTooLong,
    }),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.product === 'Airtime' && !isPhone(v.destination)) {
        ctx.addIssue({ code: 'custom', path: ['destination'], message: MSG.signupPhone });
      }
      if (v.product === 'Electricity' && !v.variation_code) {
        ctx.addIssue({ code: 'custom', path: ['variation_code'], message: MSG.inputsInvalid });
      }
    }),
  );
export const saveRecipientForm = () => SaveRecipientBody;

// ── Wallet ────────────────────────────────────────────────────────────────────

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

// ── Purchases ─────────────────────────────────────────────────────────────────

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
  variation_code: z.optional(z.enum(['prepaid', 'postpaid'])),
});

// ── Coupons ───────────────────────────────────────────────────────────────────

const UNITS_MESSAGE = MSG.inputsInvalid;
const couponAmount = wholeNaira(MSG.couponAmount, [[(n) => n > 0, MSG.couponAmount]]);
const CouponBuyFields = z.object({
  product: CouponProductSchema,
  /** Face value per coupon, for AIRTIME and ELECTRICITY only. */
  amount: z.optional(couponAmount),
  unit: z
    .number({ error: UNITS_MESSAGE })
    .check(
      z.int(UNITS_MESSAGE),
      z.gte(LIMITS.couponUnits.min, UNITS_MESSAGE),
      z.lte(LIMITS.couponUnits.max, UNITS_MESSAGE),
    ),
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

export const CouponCodeBody = z.object({
  coupon_code: text([[notEmpty, MSG.couponBlank]], {
    max: MAX_LENGTH.couponCode,
    tooLong: MSG.couponInvalid,
  }).check(z.overwrite((v) => v.replace(/\s+/g, ''))),
});
export const couponLoadForm = () => CouponCodeBody;

// ── Payments ──────────────────────────────────────────────────────────────────

export const PaymentVerifyBody = z.object({
  status: z.string().check(z.maxLength(32)),
  tx_ref: z.string().check(z.minLength(1), z.maxLength(128)),
  transaction_id: z.optional(z.string().check(z.maxLength(64))),
});

/**
 * Flutterwave webhook: the parts we read, from `{ event, data }` or the older flat shape with
 * top-level `id`, `txRef`, `orderRef` (ADR 0039); everything is re-verified with their API.
 */
export const PaymentWebhookBody = z.looseObject({
  event: z.optional(z.string().check(z.maxLength(64))),
  data: z.optional(
    z.looseObject({
      id: z.optional(z.union([z.number(), z.string().check(z.maxLength(64))])),
      tx_ref: z.optional(z.string().check(z.maxLength(128))),
      status: z.optional(z.string().check(z.maxLength(32))),
    }),
  ),
  id: z.nullish(z.union([z.number(), z.string().check(z.maxLength(64))])),
  txRef: z.nullish(z.string().check(z.maxLength(128))),
  orderRef: z.nullish(z.string().check(z.maxLength(128))),
});

// ── Products (admin) ──────────────────────────────────────────────────────────

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
  on_sale: z.optional(z.boolean()),
});
