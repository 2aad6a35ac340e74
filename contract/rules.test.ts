import { describe, expect, it } from 'vitest';
import type { z } from './zod';
import {
  AirtimeBody,
  airtimeForm,
  CableBody,
  cableForm,
  ChangePasswordBody,
  changePasswordForm,
  CouponBuyBody,
  couponBuyForm,
  CouponCodeBody,
  couponLoadForm,
  createPinForm,
  DataBody,
  dataForm,
  EducationBody,
  educationForm,
  ElectricityBody,
  electricityForm,
  EmailBody,
  forgotPasswordForm,
  FundBody,
  fundForm,
  LoginBody,
  loginForm,
  PinBody,
  RegisterBody,
  ResetPasswordBody,
  resetPasswordForm,
  ResetPinBody,
  resetPinForm,
  ShareBody,
  shareForm,
  signupForm,
} from './forms';
import { airtimePrice, billPrice, electricityPrice } from './pricing';
import { fieldMessages, firstMessage } from './rules';

/**
 * Spec §5, rule by rule. Expected messages are the spec's literals, typed here on purpose
 * (not MSG.x), so a typo in contract/messages.ts fails a test.
 */

type Schema = z.ZodMiniType;
const fields = (schema: Schema, input: unknown) => fieldMessages(schema.safeParse(input));
const first = (schema: Schema, input: unknown) => firstMessage(schema.safeParse(input));
/** The message of one field, or undefined when that field is fine. */
const msgOf = (schema: Schema, input: unknown, field: string) => fields(schema, input)[field];

const naira = (n: number) => n * 100;

// ── Login ────────────────────────────────────────────────────────────────────

describe('login (spec §5)', () => {
  const good = { username: 'ada@example.com', password: 'secret' };

  it('accepts a filled-in, valid form', () => {
    expect(loginForm().safeParse(good).success).toBe(true);
  });

  it('requires both fields', () => {
    const m = fields(loginForm(), { username: '', password: '' });
    expect(m.username).toBe('Please fill in your details.');
    expect(m.password).toBe('Please fill in your details.');
    expect(first(loginForm(), { username: '', password: '' })).toBe('Please fill in your details.');
    expect(msgOf(loginForm(), { ...good, password: '' }, 'password')).toBe(
      'Please fill in your details.',
    );
    expect(msgOf(loginForm(), { ...good, username: '' }, 'username')).toBe(
      'Please fill in your details.',
    );
    expect(msgOf(loginForm(), { ...good, username: '   ' }, 'username')).toBe(
      'Please fill in your details.',
    );
  });

  it.each(['ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com'])(
    'refuses e-mail %j',
    (username) => {
      expect(msgOf(loginForm(), { ...good, username }, 'username')).toBe(
        'Please enter a vaild email address.',
      );
    },
  );

  it.each(['ada@example.com', 'chiamaka.obi@mail.co.ng', 'a+b@x.io'])('accepts e-mail %j', (u) => {
    expect(msgOf(loginForm(), { ...good, username: u }, 'username')).toBeUndefined();
  });
});

// ── Signup ───────────────────────────────────────────────────────────────────

describe('signup (spec §5)', () => {
  const good = {
    name: 'Chiamaka Obi',
    email: 'chiamaka@example.com',
    phone: '08131234567',
    password: 'password1',
    confirm_password: 'password1',
    referral_code: '',
  };
  const form = signupForm();

  it('accepts a valid form', () => {
    expect(form.safeParse(good).success).toBe(true);
    expect(form.safeParse({ ...good, referral_code: 'ABC123' }).success).toBe(true);
  });

  it.each(['Ada Obi', 'Ada', '', 'Abcd 1234', 'A1b2c3d4e5', 'Ngozi'.slice(0, 4)])(
    'name %j without 5 consecutive letters is refused',
    (name) => {
      expect(msgOf(form, { ...good, name }, 'name')).toBe('Name must be more than 5 characters.');
    },
  );

  it.each(['Chiamaka', 'Ngozi', 'Ada Ngozi', 'Dr. Emeka Obi'])('name %j passes', (name) => {
    expect(msgOf(form, { ...good, name }, 'name')).toBeUndefined();
  });

  it.each([
    '06031234567', // prefix 060
    '07131234567', // prefix 071
    '08231234567', // prefix 082
    '09231234567', // prefix 092
    '0803123456', // 10 digits
    '080312345678', // 12 digits
    '0803123456a', // letter
    '0803-123-456', // other non-digit
    '+23480312345', // international form, too short
    '+2346031234567', // international form, prefix 060
    '',
  ])('phone %j is refused', (phone) => {
    expect(msgOf(form, { ...good, phone }, 'phone')).toBe('Invalid Phone number.');
  });

  it.each(['07031234567', '08031234567', '08131234567', '09031234567', '09131234567'])(
    'phone %j passes',
    (phone) => {
      expect(msgOf(form, { ...good, phone }, 'phone')).toBeUndefined();
    },
  );

  it.each([
    '0813 123 4567',
    ' 08131234567 ',
    '+2348131234567',
    '+234 813 123 4567',
    '2348131234567',
  ])('phone %j is tidied to 08131234567, not refused', (phone) => {
    const r = form.safeParse({ ...good, phone });
    expect(r.success).toBe(true);
    expect(r.data?.phone).toBe('08131234567');
  });

  it.each(['', 'short', 'abc1234', 'pass word1', 'abcd-efgh', '!!!!!!!!!!'])(
    'password %j without a run of 8 letters/digits is too short',
    (password) => {
      expect(msgOf(form, { ...good, password, confirm_password: password }, 'password')).toBe(
        'Password too short.',
      );
    },
  );

  it.each(['password', 'password1', '12345678', '!!abcdefgh!!', 'Pass word12345678'])(
    'password %j passes',
    (password) => {
      expect(
        msgOf(form, { ...good, password, confirm_password: password }, 'password'),
      ).toBeUndefined();
    },
  );

  it('confirmation must equal the password', () => {
    expect(msgOf(form, { ...good, confirm_password: 'password2' }, 'confirm_password')).toBe(
      'Passwords not equal',
    );
    expect(first(form, { ...good, confirm_password: 'password2' })).toBe('Passwords not equal');
    expect(msgOf(form, good, 'confirm_password')).toBeUndefined();
  });

  it.each(['', 'chiamaka', 'chiamaka@example', 'chiamaka example.com', 'a@b'])(
    'e-mail %j is refused',
    (email) => {
      expect(msgOf(form, { ...good, email }, 'email')).toBe('Invalid email');
    },
  );

  it('e-mail passes and is normalised to lower case', () => {
    const r = form.safeParse({ ...good, email: 'Chiamaka@Example.COM' });
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('chiamaka@example.com');
  });
});

// ── Forgot / reset password ──────────────────────────────────────────────────

describe('forgot password (spec §5)', () => {
  it.each(['', 'ada', 'ada@example', 'ada@ex ample.com'])('refuses %j', (email) => {
    expect(msgOf(forgotPasswordForm(), { email }, 'email')).toBe('Invalid Email Address.');
  });
  it('accepts a valid e-mail', () => {
    expect(forgotPasswordForm().safeParse({ email: 'ada@example.com' }).success).toBe(true);
  });
});

describe('reset password (spec §5)', () => {
  const form = resetPasswordForm();
  it('requires a password (two spaces in the spec message)', () => {
    expect(msgOf(form, { password: '', confirm_password: '' }, 'password')).toBe(
      'Please enter  password.',
    );
  });
  it('refuses a short password', () => {
    expect(msgOf(form, { password: 'short', confirm_password: 'short' }, 'password')).toBe(
      'Password too short.',
    );
  });
  it('requires a matching confirmation', () => {
    expect(
      msgOf(form, { password: 'password1', confirm_password: 'password2' }, 'confirm_password'),
    ).toBe('Passwords not equal');
  });
  it('accepts a good, confirmed password', () => {
    expect(form.safeParse({ password: 'password1', confirm_password: 'password1' }).success).toBe(
      true,
    );
  });
});

// ── Pins ─────────────────────────────────────────────────────────────────────

describe('create pin (spec §5)', () => {
  const form = createPinForm();
  it('requires a pin', () => {
    expect(msgOf(form, { pin: '' }, 'pin')).toBe('pin is required.');
  });
  it.each(['12a456', 'abcdef', '12 456', '12345.', '-12345'])('refuses non-digits %j', (pin) => {
    expect(msgOf(form, { pin }, 'pin')).toBe('You have entered an invalid pin.');
  });
  it.each(['1', '12345', '1234567', '0000000000'])('refuses length of %j', (pin) => {
    expect(msgOf(form, { pin }, 'pin')).toBe('Pin must be six(6) numbers.');
  });
  it.each(['123456', '000000'])('accepts %j typed twice, and sends only the pin', (pin) => {
    expect(form.safeParse({ pin, confirm_pin: pin })).toEqual({ success: true, data: { pin } });
  });
  // the pin is typed twice; the spec's own messages come first.
  it('refuses a confirmation that differs, with its own message', () => {
    expect(msgOf(form, { pin: '123456', confirm_pin: '123465' }, 'confirm_pin')).toBe(
      'Pins do not match.',
    );
    expect(msgOf(form, { pin: '123456' }, 'confirm_pin')).toBe('Pins do not match.');
    expect(msgOf(form, { pin: '12345', confirm_pin: '12345' }, 'pin')).toBe(
      'Pin must be six(6) numbers.',
    );
  });
});

describe('reset pin (spec §5)', () => {
  const form = resetPinForm();
  const good = { password: 'password1', pin: '654321', confirm_pin: '654321' };
  it('accepts a valid form, and sends no confirmation', () => {
    expect(form.safeParse(good)).toEqual({
      success: true,
      data: { password: 'password1', pin: '654321' },
    });
  });
  it('refuses a confirmation that differs', () => {
    expect(msgOf(form, { ...good, confirm_pin: '654312' }, 'confirm_pin')).toBe(
      'Pins do not match.',
    );
  });
  it('requires the current password', () => {
    expect(msgOf(form, { ...good, password: '' }, 'password')).toBe(
      'Please enter current password.',
    );
  });
  it('refuses a non-digit pin', () => {
    expect(msgOf(form, { ...good, pin: '65432x' }, 'pin')).toBe('You have entered an invalid pin.');
  });
  it('refuses a pin that is not six digits', () => {
    expect(msgOf(form, { ...good, pin: '65432' }, 'pin')).toBe('Pin must be six(6) numbers.');
    expect(msgOf(form, { ...good, pin: '6543210' }, 'pin')).toBe('Pin must be six(6) numbers.');
  });
});

// ── Airtime ──────────────────────────────────────────────────────────────────

describe('airtime, wallet (spec §5)', () => {
  const ctx = { balance: naira(10_000), total: (a: number) => airtimePrice(a, 2).total };
  const form = airtimeForm(ctx);
  const good = {
    pin: '123456',
    phone_number: '08031234567',
    amount: '100',
    network_id: 'mtn',
    coupon_code: '',
  };

  it('accepts ₦100 to a valid number, amount in kobo', () => {
    const r = form.safeParse(good);
    expect(r.success).toBe(true);
    expect(r.data?.amount).toBe(10_000);
  });

  it('requires the pin', () => {
    expect(msgOf(form, { ...good, pin: '' }, 'pin')).toBe('Pin Required.');
  });

  it.each(['+234 803 123 4567', '0803 123 4567', '2348031234567'])(
    'tidies phone %j to 08031234567',
    (phone_number) => {
      const r = form.safeParse({ ...good, phone_number });
      expect(r.success).toBe(true);
      expect(r.data?.phone_number).toBe('08031234567');
    },
  );

  it.each(['06031234567', '0803123456', '0803123456a', ''])('refuses phone %j', (phone_number) => {
    expect(msgOf(form, { ...good, phone_number }, 'phone_number')).toBe(
      'Invalid Phone Number or Amount.',
    );
  });

  it.each(['50', '0', '1', 'abc', '', '100.50', '1e3', '-100', '10 0'])(
    'refuses amount %j as invalid',
    (amount) => {
      expect(msgOf(form, { ...good, amount }, 'amount')).toBe('Invalid Phone Number or Amount.');
    },
  );

  it.each(['51', '99'])('amount %j (over 50, under 100) names the ₦100 minimum', (amount) => {
    expect(msgOf(form, { ...good, amount }, 'amount')).toBe(
      'Minimum amount of ₦100 can be recharged.',
    );
  });

  it.each(['100', '101', '5000'])('amount %j passes', (amount) => {
    expect(msgOf(form, { ...good, amount }, 'amount')).toBeUndefined();
  });

  it('refuses a payable amount above the balance, using the discounted total', () => {
    // ₦100 at 2% off = 9800 kobo payable.
    const tight = airtimeForm({ ...ctx, balance: 9_799 });
    expect(msgOf(tight, good, 'amount')).toBe('Insufficient funds.');
    const exact = airtimeForm({ ...ctx, balance: 9_800 });
    expect(exact.safeParse(good).success).toBe(true);
  });
});

// ── Coupon load ──────────────────────────────────────────────────────────────

describe('coupon load (spec §5)', () => {
  it.each(['', '   '])('refuses blank %j', (coupon_code) => {
    expect(msgOf(couponLoadForm(), { coupon_code }, 'coupon_code')).toBe(
      'Coupon code cannot be blank.',
    );
  });
  it('accepts a code and removes spaces (pasted with spaces)', () => {
    const r = couponLoadForm().safeParse({ coupon_code: ' K7QM 4XPR-AIRTIME ' });
    expect(r.success).toBe(true);
    expect(r.data?.coupon_code).toBe('K7QM4XPR-AIRTIME');
  });
  it('accepts a code typed in lower case, in capitals', () => {
    const r = couponLoadForm().safeParse({ coupon_code: 'k7qm 4xpr-airtime' });
    expect(r.success).toBe(true);
    expect(r.data?.coupon_code).toBe('K7QM4XPR-AIRTIME');
  });
});

// ── Data ─────────────────────────────────────────────────────────────────────

describe('data (spec §5)', () => {
  const good = {
    pin: '123456',
    plan_id: 'mtn-1gb-30d',
    service_id: 'mtn-data',
    network_id: 'mtn',
    phone_number: '08031234567',
    account_id: '',
    coupon_code: '',
  };
  const phoneForm = dataForm({
    balance: naira(5_000),
    requiresAccountId: false,
    price: naira(1_000),
  });
  const accountForm = dataForm({
    balance: naira(5_000),
    requiresAccountId: true,
    price: naira(1_000),
  });

  it('accepts a phone variation with a plan', () => {
    expect(phoneForm.safeParse(good).success).toBe(true);
  });

  it('accepts an account-id variation (SPECTRANET, SMILE) with account id and plan, no phone', () => {
    expect(
      accountForm.safeParse({ ...good, phone_number: '', account_id: '1402345678' }).success,
    ).toBe(true);
  });

  it('account-id variation: no account id → "Invalid account id."', () => {
    expect(msgOf(accountForm, good, 'account_id')).toBe('Invalid account id.');
    expect(first(accountForm, good)).toBe('Invalid account id.');
  });

  it('account-id variation: no plan → "Invalid account id."', () => {
    const input = { ...good, account_id: '1402345678', plan_id: '' };
    expect(first(accountForm, input)).toBe('Invalid account id.');
  });

  it.each(['+234 803 123 4567', '0803 123 4567'])(
    'phone variation: phone %j is tidied to 08031234567',
    (phone_number) => {
      const r = phoneForm.safeParse({ ...good, phone_number });
      expect(r.success).toBe(true);
      expect(r.data?.phone_number).toBe('08031234567');
    },
  );

  it.each(['', '06031234567', '0803123456', '0803 123 456a'])(
    'phone variation: phone %j → "Invalid Phone Number"',
    (phone_number) => {
      expect(msgOf(phoneForm, { ...good, phone_number }, 'phone_number')).toBe(
        'Invalid Phone Number',
      );
    },
  );

  it('phone variation: no plan → "Invalid Phone Number"', () => {
    expect(first(phoneForm, { ...good, plan_id: '' })).toBe('Invalid Phone Number');
  });

  it('requires the pin ("Pin Required", no full stop)', () => {
    expect(msgOf(phoneForm, { ...good, pin: '' }, 'pin')).toBe('Pin Required');
  });

  it('refuses a plan priced above the balance', () => {
    const poor = dataForm({ balance: naira(999), requiresAccountId: false, price: naira(1_000) });
    expect(first(poor, good)).toBe('Insufficient funds.');
    const exact = dataForm({
      balance: naira(1_000),
      requiresAccountId: false,
      price: naira(1_000),
    });
    expect(exact.safeParse(good).success).toBe(true);
  });
});

// ── Cable TV ─────────────────────────────────────────────────────────────────

describe('cable TV (spec §5)', () => {
  const total = billPrice(naira(19_000), naira(100)).total;
  const good = {
    service_id: 'dstv',
    plan_id: 'dstv-compact',
    smart_card_number: '7023456789',
    pin: '123456',
    coupon_code: '',
  };
  const form = cableForm({ balance: naira(50_000), total });

  it('accepts a valid form', () => {
    expect(form.safeParse(good).success).toBe(true);
  });

  it.each(['', '   ', '70234abc89', '7023 456789', '7023-456789'])(
    'smart card %j → "Invalid Decoder Number"',
    (smart_card_number) => {
      expect(msgOf(form, { ...good, smart_card_number }, 'smart_card_number')).toBe(
        'Invalid Decoder Number',
      );
    },
  );

  it('no plan → "Invalid Decoder Number"', () => {
    expect(first(form, { ...good, plan_id: '' })).toBe('Invalid Decoder Number');
  });

  it('requires the pin ("Invalid Pin")', () => {
    expect(msgOf(form, { ...good, pin: '' }, 'pin')).toBe('Invalid Pin');
  });

  it('refuses price + fee above the balance', () => {
    expect(first(cableForm({ balance: total - 1, total }), good)).toBe('Insufficient funds.');
    expect(cableForm({ balance: total, total }).safeParse(good).success).toBe(true);
    // Plan price alone fits, the fee does not.
    expect(first(cableForm({ balance: naira(19_000), total }), good)).toBe('Insufficient funds.');
  });
});

// ── Electricity ──────────────────────────────────────────────────────────────

describe('electricity (spec §5)', () => {
  const ctx = { balance: naira(50_000), total: (a: number) => electricityPrice(a, 1.5).total };
  const form = electricityForm(ctx);
  const good = {
    service_id: 'ikeja-electric',
    variation_code: 'prepaid',
    meter_number: '45012345678',
    amount: '1000',
    pin: '123456',
    coupon_code: '',
  };

  it('accepts a valid form, amount in kobo', () => {
    const r = form.safeParse(good);
    expect(r.success).toBe(true);
    expect(r.data?.amount).toBe(100_000);
  });

  it('empty amount → "Amount cannot be empty."', () => {
    expect(msgOf(form, { ...good, amount: '' }, 'amount')).toBe('Amount cannot be empty.');
  });

  it('empty meter → "Meter number cannot be empty."', () => {
    expect(msgOf(form, { ...good, meter_number: '' }, 'meter_number')).toBe(
      'Meter number cannot be empty.',
    );
  });

  it.each(['4501abc5678', '4501 2345678', 'meter'])('meter %j → digits only', (meter_number) => {
    expect(msgOf(form, { ...good, meter_number }, 'meter_number')).toBe(
      'Invalid Meter Number or amount',
    );
  });

  it.each(['abc', '500.5', '1,000', '-500'])('amount %j → digits only', (amount) => {
    expect(msgOf(form, { ...good, amount }, 'amount')).toBe('Invalid Meter Number or amount');
  });

  it.each(['499', '1', '0'])('amount %j → minimum ₦500', (amount) => {
    expect(msgOf(form, { ...good, amount }, 'amount')).toBe(
      'Minimum amount of ₦500 can be recharged.',
    );
  });

  it.each(['500', '999', '1000'])('amount %j passes', (amount) => {
    expect(msgOf(form, { ...good, amount }, 'amount')).toBeUndefined();
  });

  it('requires the pin ("Invalid Pin")', () => {
    expect(msgOf(form, { ...good, pin: '' }, 'pin')).toBe('Invalid Pin');
  });

  it('refuses amount + fee above the balance (the fee counts)', () => {
    const input = { ...good, amount: '500' }; // ₦500 + 1.5% = 50750 kobo
    expect(msgOf(electricityForm({ ...ctx, balance: naira(500) }), input, 'amount')).toBe(
      'Insufficient funds.',
    );
    expect(electricityForm({ ...ctx, balance: 50_750 }).safeParse(input).success).toBe(true);
    // ₦1,000 + flat ₦100
    expect(msgOf(electricityForm({ ...ctx, balance: 109_999 }), good, 'amount')).toBe(
      'Insufficient funds.',
    );
    expect(electricityForm({ ...ctx, balance: 110_000 }).safeParse(good).success).toBe(true);
  });

  describe('the body: the ₦500 minimum is the wallet’s, not a coupon’s', () => {
    const body = {
      service_id: 'ikeja-electric',
      variation_code: 'prepaid',
      meter_number: '45012345678',
      pin: '123456',
    };
    const coupon = { ...body, coupon_code: 'ABCDEF123456-ELECTRICITY' };

    it.each([200, 300, 499, 500, 5_000])(
      'a coupon call with its face value ₦%i (what the original screen sent) parses',
      (amount) => {
        const r = ElectricityBody.safeParse({ ...coupon, amount });
        expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
        expect(r.data?.amount).toBe(naira(amount));
      },
    );

    it('a coupon call without an amount parses', () => {
      expect(ElectricityBody.safeParse(coupon).success).toBe(true);
    });

    it.each([0, -200, 200.5, 'abc'])('a coupon call with amount %j is still refused', (amount) => {
      expect(msgOf(ElectricityBody, { ...coupon, amount }, 'amount')).toBe(
        'Invalid Meter Number or amount',
      );
    });

    it.each([
      [499, 'Minimum amount of ₦500 can be recharged.'],
      [200, 'Minimum amount of ₦500 can be recharged.'],
      [undefined, 'Amount cannot be empty.'],
    ])('a wallet call with amount %j → %s', (amount, message) => {
      expect(msgOf(ElectricityBody, { ...body, amount }, 'amount')).toBe(message);
      // A blank code is no coupon.
      expect(msgOf(ElectricityBody, { ...body, amount, coupon_code: '' }, 'amount')).toBe(message);
    });

    it('the minimum is still reported beside another field’s error', () => {
      expect(fields(ElectricityBody, { ...body, amount: 499, pin: '' })).toMatchObject({
        amount: 'Minimum amount of ₦500 can be recharged.',
        pin: 'Invalid Pin',
      });
    });
  });
});

// ── Education ────────────────────────────────────────────────────────────────

describe('education (spec §5)', () => {
  const total = (q: number) => billPrice(naira(900), naira(100), q).total;
  const form = educationForm({ balance: naira(100_000), total });
  const good = {
    service_id: 'waec',
    plan_id: 'waecdirect',
    pin: '123456',
    quantity: 1,
    coupon_code: '',
  };

  it.each([1, 2, 5])('accepts %d unit(s)', (quantity) => {
    expect(form.safeParse({ ...good, quantity }).success).toBe(true);
  });

  it.each([0, 6, -1, 1.5, Number.NaN])('refuses %d unit(s)', (quantity) => {
    expect(msgOf(form, { ...good, quantity }, 'quantity')).toEqual(expect.any(String));
  });

  it('requires the pin ("Invalid Pin")', () => {
    expect(msgOf(form, { ...good, pin: '' }, 'pin')).toBe('Invalid Pin');
  });

  it('refuses units × (price + fee) above the balance', () => {
    const input = { ...good, quantity: 3 }; // 3 × ₦1,000
    expect(msgOf(educationForm({ balance: 299_999, total }), input, 'quantity')).toBe(
      'Insufficient funds.',
    );
    expect(educationForm({ balance: 300_000, total }).safeParse(input).success).toBe(true);
  });
});

// ── Share funds ──────────────────────────────────────────────────────────────

describe('share funds (spec §5)', () => {
  const form = shareForm({ balance: naira(5_000) });
  const good = { amount: '1000', email: 'friend@example.com', pin: '123456' };

  it('accepts a valid form, amount in kobo', () => {
    const r = form.safeParse(good);
    expect(r.success).toBe(true);
    expect(r.data?.amount).toBe(100_000);
  });

  it.each(['', '   ', 'abc', '10.5', '1,000', '-5'])('amount %j → "Invalid Amount."', (amount) => {
    expect(msgOf(form, { ...good, amount }, 'amount')).toBe('Invalid Amount.');
  });

  it.each(['friend', 'friend@example', 'friend @example.com', ''])(
    'e-mail %j → "Please enter a valid email."',
    (email) => {
      expect(msgOf(form, { ...good, email }, 'email')).toBe('Please enter a valid email.');
    },
  );

  it('requires the pin ("Invalid Secret Pin.")', () => {
    expect(msgOf(form, { ...good, pin: '' }, 'pin')).toBe('Invalid Secret Pin.');
  });

  it.each(['0', '00', '5001', '1000000'])(
    'amount %j (≤ 0 or above balance) → "Insufficient funds."',
    (amount) => {
      expect(msgOf(form, { ...good, amount }, 'amount')).toBe('Insufficient funds.');
    },
  );

  it('the whole balance can be sent', () => {
    expect(form.safeParse({ ...good, amount: '5000' }).success).toBe(true);
  });
});

// ── Fund wallet ──────────────────────────────────────────────────────────────

describe('fund wallet (spec §5)', () => {
  it.each(['', 'abc', '10.5', '1,000', '-5'])('amount %j → "Invalid Amount"', (amount) => {
    expect(msgOf(fundForm(), { amount }, 'amount')).toBe('Invalid Amount');
  });
  it('accepts digits, in kobo', () => {
    const r = fundForm().safeParse({ amount: '5000' });
    expect(r.success).toBe(true);
    expect(r.data?.amount).toBe(500_000);
  });
});

// ── Change password ──────────────────────────────────────────────────────────

describe('change password (spec §5)', () => {
  const form = changePasswordForm();
  const good = {
    old_password: 'oldpass12',
    new_password: 'newpass12',
    confirm_password: 'newpass12',
  };

  it('accepts a valid form', () => {
    expect(form.safeParse(good).success).toBe(true);
  });
  it('requires the current password', () => {
    expect(msgOf(form, { ...good, old_password: '' }, 'old_password')).toBe(
      'Please enter current password.',
    );
  });
  it('requires the new password', () => {
    expect(msgOf(form, { ...good, new_password: '', confirm_password: '' }, 'new_password')).toBe(
      'Please enter your new password.',
    );
  });
  it('refuses a short new password', () => {
    expect(
      msgOf(form, { ...good, new_password: 'short', confirm_password: 'short' }, 'new_password'),
    ).toBe('Password too short.');
  });
  it('requires a matching confirmation', () => {
    expect(msgOf(form, { ...good, confirm_password: 'newpass13' }, 'confirm_password')).toBe(
      'Passwords not equal',
    );
  });
});

// ── Buy coupon ───────────────────────────────────────────────────────────────

describe('buy coupon (spec §5)', () => {
  const unitTotal = airtimePrice(naira(500), 2).total; // 49000
  const airtime = {
    product: 'AIRTIME',
    amount: '500',
    unit: 4,
    pin: '123456',
    service_id: '',
    plan_id: '',
    network_id: 'mtn',
  };
  const electricity = {
    ...airtime,
    product: 'ELECTRICITY',
    service_id: 'ikeja-electric',
    network_id: '',
  };
  const data = {
    product: 'DATA-REGULAR',
    unit: 2,
    pin: '123456',
    service_id: 'mtn-data',
    plan_id: 'mtn-1gb-30d',
    network_id: 'mtn',
  };
  const form = couponBuyForm({ balance: naira(10_000), total: unitTotal * 4 });

  it('accepts 4 airtime coupons of ₦500 typed as digits, amount in kobo', () => {
    const r = form.safeParse(airtime);
    expect(r.success).toBe(true);
    expect(r.data?.amount).toBe(50_000);
  });

  it('accepts a data coupon without an amount', () => {
    expect(form.safeParse(data).success).toBe(true);
    expect(form.safeParse({ ...data, amount: '' }).success).toBe(true);
  });

  it('refuses a total above the balance', () => {
    const poor = couponBuyForm({ balance: unitTotal * 4 - 1, total: unitTotal * 4 });
    expect(first(poor, airtime)).toBe('Insufficient funds.');
    const exact = couponBuyForm({ balance: unitTotal * 4, total: unitTotal * 4 });
    expect(exact.safeParse(airtime).success).toBe(true);
  });

  it('requires the pin ("Pin Required.")', () => {
    expect(msgOf(form, { ...airtime, pin: '' }, 'pin')).toBe('Pin Required.');
  });

  it.each([
    ['AIRTIME', airtime],
    ['ELECTRICITY', electricity],
  ] as const)('%s: amount 199 → ₦200 minimum, 200 passes', (_, base) => {
    expect(msgOf(form, { ...base, amount: '199' }, 'amount')).toBe(
      'Minimum amount of ₦200 can be recharged.',
    );
    expect(msgOf(form, { ...base, amount: '200' }, 'amount')).toBeUndefined();
  });

  it.each(['abc', '50.5', '1,000', '-200', ''])(
    'amount %j → "Invalid Amount Entered."',
    (amount) => {
      expect(msgOf(form, { ...airtime, amount }, 'amount')).toBe('Invalid Amount Entered.');
    },
  );

  it('units at least 1', () => {
    expect(msgOf(form, { ...airtime, unit: 0 }, 'unit')).toEqual(expect.any(String));
    expect(msgOf(form, { ...airtime, unit: -1 }, 'unit')).toEqual(expect.any(String));
    expect(msgOf(form, { ...airtime, unit: 1.5 }, 'unit')).toEqual(expect.any(String));
    expect(msgOf(form, { ...airtime, unit: 1 }, 'unit')).toBeUndefined();
  });
});

// ── Server-side bodies: the same rule, the same message, from JSON ───────────

describe('server bodies give the forms’ messages for bad JSON values', () => {
  const cases: [
    name: string,
    schema: Schema,
    body: Record<string, unknown>,
    field: string,
    message: string,
  ][] = [
    [
      'LoginBody: missing username',
      LoginBody,
      { password: 'x' },
      'username',
      'Please fill in your details.',
    ],
    [
      'LoginBody: number username',
      LoginBody,
      { username: 42, password: 'x' },
      'username',
      'Please fill in your details.',
    ],
    [
      'LoginBody: missing password',
      LoginBody,
      { username: 'ada@example.com' },
      'password',
      'Please fill in your details.',
    ],
    [
      'LoginBody: bad e-mail',
      LoginBody,
      { username: 'ada', password: 'x' },
      'username',
      'Please enter a vaild email address.',
    ],
    [
      'RegisterBody: name',
      RegisterBody,
      { name: 'Ada Obi', email: 'a@b.co', phone: '08031234567', password: 'password1' },
      'name',
      'Name must be more than 5 characters.',
    ],
    [
      'RegisterBody: phone',
      RegisterBody,
      { name: 'Chiamaka', email: 'a@b.co', phone: '06031234567', password: 'password1' },
      'phone',
      'Invalid Phone number.',
    ],
    [
      'RegisterBody: phone as number',
      RegisterBody,
      { name: 'Chiamaka', email: 'a@b.co', phone: 8031234567, password: 'password1' },
      'phone',
      'Invalid Phone number.',
    ],
    [
      'RegisterBody: password',
      RegisterBody,
      { name: 'Chiamaka', email: 'a@b.co', phone: '08031234567', password: 'short' },
      'password',
      'Password too short.',
    ],
    [
      'RegisterBody: e-mail',
      RegisterBody,
      { name: 'Chiamaka', email: 'ab.co', phone: '08031234567', password: 'password1' },
      'email',
      'Invalid email',
    ],
    ['EmailBody', EmailBody, { email: 'nope' }, 'email', 'Invalid Email Address.'],
    [
      'ResetPasswordBody: empty',
      ResetPasswordBody,
      { token: 't', password: '' },
      'password',
      'Please enter  password.',
    ],
    [
      'ResetPasswordBody: short',
      ResetPasswordBody,
      { token: 't', password: 'short' },
      'password',
      'Password too short.',
    ],
    ['PinBody: missing', PinBody, {}, 'pin', 'pin is required.'],
    ['PinBody: number', PinBody, { pin: 123456 }, 'pin', 'pin is required.'],
    ['PinBody: letters', PinBody, { pin: '12a456' }, 'pin', 'You have entered an invalid pin.'],
    ['PinBody: length', PinBody, { pin: '12345' }, 'pin', 'Pin must be six(6) numbers.'],
    [
      'ChangePasswordBody: old',
      ChangePasswordBody,
      { old_password: '', new_password: 'password1' },
      'old_password',
      'Please enter current password.',
    ],
    [
      'ChangePasswordBody: new',
      ChangePasswordBody,
      { old_password: 'x', new_password: '' },
      'new_password',
      'Please enter your new password.',
    ],
    [
      'ChangePasswordBody: short',
      ChangePasswordBody,
      { old_password: 'x', new_password: 'short' },
      'new_password',
      'Password too short.',
    ],
    [
      'ResetPinBody: password',
      ResetPinBody,
      { password: '', pin: '123456' },
      'password',
      'Please enter current password.',
    ],
    [
      'ResetPinBody: pin',
      ResetPinBody,
      { password: 'x', pin: '1234' },
      'pin',
      'Pin must be six(6) numbers.',
    ],
    [
      'AirtimeBody: 99',
      AirtimeBody,
      { pin: '123456', phone_number: '08031234567', amount: 99 },
      'amount',
      'Minimum amount of ₦100 can be recharged.',
    ],
    [
      'AirtimeBody: 50',
      AirtimeBody,
      { pin: '123456', phone_number: '08031234567', amount: 50 },
      'amount',
      'Invalid Phone Number or Amount.',
    ],
    [
      'AirtimeBody: string amount',
      AirtimeBody,
      { pin: '123456', phone_number: '08031234567', amount: '100' },
      'amount',
      'Invalid Phone Number or Amount.',
    ],
    [
      'AirtimeBody: fractional amount',
      AirtimeBody,
      { pin: '123456', phone_number: '08031234567', amount: 100.5 },
      'amount',
      'Invalid Phone Number or Amount.',
    ],
    [
      'AirtimeBody: negative amount',
      AirtimeBody,
      { pin: '123456', phone_number: '08031234567', amount: -100 },
      'amount',
      'Invalid Phone Number or Amount.',
    ],
    [
      'AirtimeBody: phone',
      AirtimeBody,
      { pin: '123456', phone_number: '0803123456', amount: 100 },
      'phone_number',
      'Invalid Phone Number or Amount.',
    ],
    [
      'AirtimeBody: pin',
      AirtimeBody,
      { phone_number: '08031234567', amount: 100 },
      'pin',
      'Pin Required.',
    ],
    [
      'DataBody: pin',
      DataBody,
      { service_id: 'mtn-data', plan_id: 'p', phone_number: '08031234567' },
      'pin',
      'Pin Required',
    ],
    [
      'CableBody: decoder',
      CableBody,
      { service_id: 'dstv', plan_id: 'p', smart_card_number: '12ab', pin: '1' },
      'smart_card_number',
      'Invalid Decoder Number',
    ],
    [
      'CableBody: decoder as number',
      CableBody,
      { service_id: 'dstv', plan_id: 'p', smart_card_number: 7023456789, pin: '1' },
      'smart_card_number',
      'Invalid Decoder Number',
    ],
    [
      'CableBody: plan',
      CableBody,
      { service_id: 'dstv', plan_id: '', smart_card_number: '7023456789', pin: '1' },
      'plan_id',
      'Invalid Decoder Number',
    ],
    [
      'CableBody: pin',
      CableBody,
      { service_id: 'dstv', plan_id: 'p', smart_card_number: '7023456789', pin: '' },
      'pin',
      'Invalid Pin',
    ],
    [
      'ElectricityBody: 499',
      ElectricityBody,
      { service_id: 's', variation_code: 'prepaid', meter_number: '4501', amount: 499, pin: '1' },
      'amount',
      'Minimum amount of ₦500 can be recharged.',
    ],
    [
      'ElectricityBody: string amount',
      ElectricityBody,
      { service_id: 's', variation_code: 'prepaid', meter_number: '4501', amount: 'abc', pin: '1' },
      'amount',
      'Invalid Meter Number or amount',
    ],
    [
      'ElectricityBody: meter empty',
      ElectricityBody,
      { service_id: 's', variation_code: 'prepaid', meter_number: '', amount: 500, pin: '1' },
      'meter_number',
      'Meter number cannot be empty.',
    ],
    [
      'ElectricityBody: meter letters',
      ElectricityBody,
      { service_id: 's', variation_code: 'prepaid', meter_number: '45a1', amount: 500, pin: '1' },
      'meter_number',
      'Invalid Meter Number or amount',
    ],
    [
      'ElectricityBody: pin',
      ElectricityBody,
      { service_id: 's', variation_code: 'prepaid', meter_number: '4501', amount: 500, pin: '' },
      'pin',
      'Invalid Pin',
    ],
    [
      'EducationBody: pin',
      EducationBody,
      { service_id: 'waec', plan_id: 'p', quantity: 1 },
      'pin',
      'Invalid Pin',
    ],
    [
      'ShareBody: 0',
      ShareBody,
      { amount: 0, email: 'a@b.co', pin: '1' },
      'amount',
      'Insufficient funds.',
    ],
    [
      'ShareBody: negative',
      ShareBody,
      { amount: -10, email: 'a@b.co', pin: '1' },
      'amount',
      'Insufficient funds.',
    ],
    [
      'ShareBody: string amount',
      ShareBody,
      { amount: '1000', email: 'a@b.co', pin: '1' },
      'amount',
      'Invalid Amount.',
    ],
    [
      'ShareBody: fractional amount',
      ShareBody,
      { amount: 10.5, email: 'a@b.co', pin: '1' },
      'amount',
      'Invalid Amount.',
    ],
    [
      'ShareBody: e-mail',
      ShareBody,
      { amount: 10, email: 'ab.co', pin: '1' },
      'email',
      'Please enter a valid email.',
    ],
    ['ShareBody: pin', ShareBody, { amount: 10, email: 'a@b.co' }, 'pin', 'Invalid Secret Pin.'],
    ['FundBody: string', FundBody, { amount: 'abc' }, 'amount', 'Invalid Amount'],
    ['FundBody: fractional', FundBody, { amount: 10.5 }, 'amount', 'Invalid Amount'],
    [
      'CouponCodeBody',
      CouponCodeBody,
      { coupon_code: '  ' },
      'coupon_code',
      'Coupon code cannot be blank.',
    ],
    [
      'CouponBuyBody: 199',
      CouponBuyBody,
      { product: 'AIRTIME', amount: 199, unit: 1, pin: '1' },
      'amount',
      'Minimum amount of ₦200 can be recharged.',
    ],
    [
      'CouponBuyBody: electricity 199',
      CouponBuyBody,
      { product: 'ELECTRICITY', amount: 199, unit: 1, pin: '1', service_id: 's' },
      'amount',
      'Minimum amount of ₦200 can be recharged.',
    ],
    [
      'CouponBuyBody: string amount',
      CouponBuyBody,
      { product: 'AIRTIME', amount: '500', unit: 1, pin: '1' },
      'amount',
      'Invalid Amount Entered.',
    ],
    [
      'CouponBuyBody: fractional amount',
      CouponBuyBody,
      { product: 'AIRTIME', amount: 500.5, unit: 1, pin: '1' },
      'amount',
      'Invalid Amount Entered.',
    ],
    [
      'CouponBuyBody: pin',
      CouponBuyBody,
      { product: 'AIRTIME', amount: 500, unit: 1 },
      'pin',
      'Pin Required.',
    ],
  ];

  it.each(cases)('%s', (_, schema, body, field, message) => {
    expect(msgOf(schema, body, field)).toBe(message);
  });

  it('good JSON bodies parse, money in kobo', () => {
    expect(LoginBody.parse({ username: 'ada@example.com', password: 'x' })).toMatchObject({
      username: 'ada@example.com',
    });
    expect(
      AirtimeBody.parse({ pin: '123456', phone_number: '08031234567', amount: 100 }).amount,
    ).toBe(10_000);
    expect(
      ElectricityBody.parse({
        service_id: 's',
        variation_code: 'prepaid',
        meter_number: '4501',
        amount: 500,
        pin: '1',
      }).amount,
    ).toBe(50_000);
    expect(ShareBody.parse({ amount: 1000, email: 'A@B.co', pin: '1' })).toMatchObject({
      amount: 100_000,
      email: 'a@b.co',
    });
    expect(FundBody.parse({ amount: 5000 }).amount).toBe(500_000);
    expect(CouponBuyBody.parse({ product: 'AIRTIME', amount: 200, unit: 1, pin: '1' }).amount).toBe(
      20_000,
    );
    expect(
      EducationBody.safeParse({ service_id: 'waec', plan_id: 'p', pin: '1', quantity: 5 }).success,
    ).toBe(true);
    expect(
      EducationBody.safeParse({ service_id: 'waec', plan_id: 'p', pin: '1', quantity: 6 }).success,
    ).toBe(false);
    expect(
      EducationBody.safeParse({ service_id: 'waec', plan_id: 'p', pin: '1', quantity: 0 }).success,
    ).toBe(false);
    expect(
      CouponBuyBody.safeParse({ product: 'AIRTIME', amount: 200, unit: 0, pin: '1' }).success,
    ).toBe(false);
  });

  it('JAMB pins need a 10-digit profile id; other exams need none', () => {
    const jamb = { service_id: 'jamb', plan_id: 'utme', pin: '123456', quantity: 1 };
    for (const profile_id of [undefined, '', '12345', '12345678901', '12345abcde']) {
      expect(msgOf(EducationBody, { ...jamb, profile_id }, 'profile_id')).toBe(
        "Enter the candidate's 10-digit JAMB profile ID.",
      );
    }
    expect(EducationBody.safeParse({ ...jamb, profile_id: ' 1234567890 ' }).success).toBe(true);
    expect(
      EducationBody.safeParse({ ...jamb, service_id: 'waec', plan_id: 'waecdirect' }).success,
    ).toBe(true);
  });

  it('form and body agree on the airtime amount rule for every whole naira 0..200', () => {
    const form = airtimeForm({ balance: naira(1_000_000), total: (a) => a });
    const base = { pin: '1', phone_number: '08031234567' };
    for (let n = 0; n <= 200; n++) {
      expect(msgOf(form, { ...base, amount: String(n) }, 'amount')).toBe(
        msgOf(AirtimeBody, { ...base, amount: n }, 'amount'),
      );
    }
  });
});
