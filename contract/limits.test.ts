/**
 * Every string field has a maximum length, checked before its pattern: a
 * value that matches the pattern but is too long is refused with the field's message, so the
 * form, the mocks and the server refuse it alike and nothing long reaches a regex, argon2 or a
 * `varchar` column.
 */
import { describe, expect, it } from 'vitest';
import type { z } from './zod';
import { api } from './endpoint-map';
import { PageQuery } from './endpoint';
import {
  AirtimeBody,
  CableBody,
  ChangePasswordBody,
  CouponBuyBody,
  CouponCodeBody,
  DataBody,
  EducationBody,
  ElectricityBody,
  EmailBody,
  LoginBody,
  PaymentVerifyBody,
  PaymentWebhookBody,
  ProductEditBody,
  RegisterBody,
  ResetPasswordBody,
  ResetPinBody,
  ShareBody,
  VerifyCustomerBody,
} from './forms';
import { LIMIT_MSG, MSG } from './messages';
import { EMAIL_PATTERN, MAX_LENGTH } from './rules';

const issueAt = (schema: z.ZodMiniType, value: unknown, key: string) =>
  schema.safeParse(value).error?.issues.find((i) => i.path[0] === key)?.message;

/** A well-formed address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('maximum lengths', () => {
  it('e-mails: 254 characters pass, 255 are refused with the field message', () => {
    expect(MAX_LENGTH.email).toBe(254);
    expect(EMAIL_PATTERN.test(emailOf(255))).toBe(true);
    const cases: [z.ZodMiniType, Record<string, unknown>, string, string][] = [
      [LoginBody, { password: 'x' }, 'username', MSG.loginEmail],
      [RegisterBody, { name: 'Chiamaka' }, 'email', MSG.signupEmail],
      [EmailBody, {}, 'email', MSG.forgotEmail],
      [ShareBody, { amount: 1, pin: '1' }, 'email', MSG.shareEmail],
    ];
    for (const [schema, rest, key, message] of cases) {
      expect(issueAt(schema, { ...rest, [key]: emailOf(254) }, key)).toBeUndefined();
      expect(issueAt(schema, { ...rest, [key]: emailOf(255) }, key)).toBe(message);
      expect(issueAt(schema, { ...rest, [key]: emailOf(60_000) }, key)).toBe(message);
      // The shape that made the former pattern backtrack for seconds (npm run bench times it).
      expect(issueAt(schema, { ...rest, [key]: `a@${'a.'.repeat(30_000)} x` }, key)).toBe(message);
    }
  });

  it('the e-mail pattern still accepts and refuses what it did', () => {
    for (const ok of ['a@b.co', 'ada.obi+pay@mail.example.com.ng', 'x_y@sub-d.example.org']) {
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['', 'ada', 'ada@example', 'ada@ex ample.com', 'a@b', '@b.co', 'a@@b.co']) {
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('names: at most 100 characters', () => {
    const name = 'Chiamaka '.repeat(12);
    expect(issueAt(RegisterBody, { name: name.slice(0, 100) }, 'name')).toBeUndefined();
    expect(issueAt(RegisterBody, { name: `${name}Obi` }, 'name')).toBe(LIMIT_MSG.nameTooLong);
  });

  it('passwords: at most 128 characters, wherever a password is typed', () => {
    const long = 'Sunny2026'.repeat(15);
    expect(issueAt(RegisterBody, { password: long.slice(0, 128) }, 'password')).toBeUndefined();
    for (const [schema, key] of [
      [RegisterBody, 'password'],
      [LoginBody, 'password'],
      [ResetPasswordBody, 'password'],
      [ChangePasswordBody, 'old_password'],
      [ChangePasswordBody, 'new_password'],
      [ResetPinBody, 'password'],
    ] as const) {
      expect(issueAt(schema, { [key]: long }, key)).toBe(LIMIT_MSG.passwordTooLong);
    }
  });

  it('pins: never longer than six digits, whichever screen sends them', () => {
    for (const schema of [AirtimeBody, DataBody, CableBody, ElectricityBody, EducationBody]) {
      expect(issueAt(schema, { pin: '1234567' }, 'pin')).toBe(MSG.pinLength);
      expect(issueAt(schema, { pin: '123456' }, 'pin')).toBeUndefined();
    }
    expect(issueAt(ShareBody, { pin: '9'.repeat(60_000) }, 'pin')).toBe(MSG.pinLength);
    expect(issueAt(CouponBuyBody, { pin: '1234567' }, 'pin')).toBe(MSG.pinLength);
  });

  it('phones, meters, smart cards and customer numbers', () => {
    expect(issueAt(AirtimeBody, { phone_number: '080312345678' }, 'phone_number')).toBe(
      MSG.airtimeInvalid,
    );
    expect(issueAt(ElectricityBody, { meter_number: '1'.repeat(20) }, 'meter_number')).toBe(
      undefined,
    );
    expect(issueAt(ElectricityBody, { meter_number: '1'.repeat(21) }, 'meter_number')).toBe(
      MSG.electricityInvalid,
    );
    expect(issueAt(CableBody, { smart_card_number: '7'.repeat(21) }, 'smart_card_number')).toBe(
      MSG.cableDecoder,
    );
    expect(
      issueAt(VerifyCustomerBody, { customer_number: '7'.repeat(21) }, 'customer_number'),
    ).toBe(MSG.inputsInvalid);
    expect(issueAt(DataBody, { account_id: 'a'.repeat(65) }, 'account_id')).toBe(MSG.dataAccountId);
  });

  it('ids, coupon codes, references and search terms', () => {
    const id65 = 'x'.repeat(65);
    for (const key of ['service_id', 'plan_id', 'network_id', 'coupon_code']) {
      expect(issueAt(DataBody, { [key]: id65 }, key)).toBeDefined();
      expect(issueAt(DataBody, { [key]: 'x'.repeat(64) }, key)).toBeUndefined();
    }
    expect(
      issueAt(CouponCodeBody, { coupon_code: `${'K'.repeat(60)}-AIRTIME` }, 'coupon_code'),
    ).toBe(MSG.couponInvalid);
    expect(issueAt(RegisterBody, { referral_code: 'R'.repeat(41) }, 'referral_code')).toBeDefined();
    expect(issueAt(ProductEditBody, { name: 'N'.repeat(101) }, 'name')).toBeDefined();
    expect(issueAt(ProductEditBody, { plan_id: id65 }, 'plan_id')).toBeDefined();
    expect(issueAt(PaymentVerifyBody, { tx_ref: 'r'.repeat(129) }, 'tx_ref')).toBeDefined();
    expect(PaymentWebhookBody.safeParse({ data: { tx_ref: 'r'.repeat(129) } }).success).toBe(false);
    expect(issueAt(PageQuery, { q: 'q'.repeat(255) }, 'q')).toBeDefined();
  });

  it('a 60,000-character value is refused in every field of every body', () => {
    const huge = '9'.repeat(60_000);
    const hugeEmail = emailOf(60_000);
    for (const endpoint of Object.values(api)) {
      const schema = endpoint.body as z.ZodMiniType;
      const shape =
        (schema as unknown as { shape?: Record<string, unknown> }).shape ??
        (schema as unknown as { def?: { in?: { shape?: Record<string, unknown> } } }).def?.in
          ?.shape;
      if (!shape) continue;
      for (const key of Object.keys(shape)) {
        const value = /email|username/.test(key) ? hugeEmail : huge;
        const result = schema.safeParse({ [key]: value });
        const refused = result.error?.issues.some((i) => i.path[0] === key);
        expect(refused, `${endpoint.name}: ${key}`).toBe(true);
      }
    }
  });
});
