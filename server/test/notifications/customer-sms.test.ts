/**
 * Every money and security event told by SMS (ADR 0081), through the same hubs as the e-mails
 * (customer-mail.ts, security-mail.ts): each is queued once per event under its own key, in
 * the event's transaction; the customer's choice per kind (purchases, alerts) is respected,
 * but a refund's SMS and the security SMS are always sent; the texts are bank-alert style, in
 * the GSM alphabet, within one 160-character page for typical values, and never hold a
 * password, pin or key.
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import { settledInBackground } from '../../src/platform/capacity.ts';
import type { ProviderOutcome } from '../../src/providers/index.ts';
import { moneySms, type PurchaseFacts } from '../../src/notifications/customer-mail.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { securitySms, type SecurityEvent } from '../../src/notifications/security-mail.ts';
import { isGsm, SMS_PAGE, smsPass } from '../../src/notifications/sms.ts';
import {
  chooseAtCheckout,
  createKit,
  engines,
  loseWebhooks,
  PASSWORD,
  PIN,
  type Kit,
  type TestUser,
} from '../helper.ts';

const LATER = () => Date.now() + 24 * 3_600_000;
/** 2 December 2026, 14:05 in Lagos (13:05 UTC). */
const AT = Date.UTC(2026, 11, 2, 13, 5);

const purchase = (p: Partial<PurchaseFacts>): PurchaseFacts => ({
  id: '5b0c1f6e-8a5d-4c1e-9f57-2f1f4f1d2a10',
  product: 'Airtime',
  plan: null,
  quantity: null,
  transaction_phone: '08031234567',
  meter_number: null,
  smart_card_number: null,
  account_id: null,
  paid_amount: 98_000,
  coupon_code: null,
  token: null,
  units: null,
  purchased_code: null,
  created_at: AT,
  ...p,
});

describe('SMS texts', () => {
  const typical: Parameters<typeof moneySms>[0][] = [
    {
      kind: 'cardFunded',
      ref: 'r',
      amount: 5_000_00,
      duty: 50_00,
      fee: 0,
      credited: 4_950_00,
      balance: 12_000_00,
    },
    {
      kind: 'transferFunded',
      ref: 'r',
      amount: 20_000_00,
      duty: 50_00,
      fee: 0,
      credited: 19_950_00,
      balance: 1_250_000_00,
      assigned: false,
    },
    { kind: 'shareReceived', amount: 1_000_00, from: 'Bola Adeyemi', balance: 1_200_00, ref: 'r' },
    { kind: 'shareSent', amount: 1_000_00, to: 'Chioma Eze', balance: 4_000_00, ref: 'r' },
    {
      kind: 'adjusted',
      direction: 'credit',
      amount: 2_500_00,
      reason: 'Goodwill',
      reference: 'ADJ-1',
      balance: 9_999_999_99,
    },
    {
      kind: 'adjusted',
      direction: 'debit',
      amount: 2_500_00,
      reason: 'Duplicate',
      reference: 'ADJ-2',
      balance: 0,
    },
    {
      kind: 'commissionEarned',
      id: 'c',
      amount: 50_00,
      friend: 'Oluwaseun',
      source: 'purchase',
      balance: 150_50,
    },
    { kind: 'commissionReversed', id: 'c', amount: 50_00, friend: 'Oluwaseun', balance: 100_50 },
    { kind: 'heldReleased', id: 'h', amount: 300_000_00, balance: 450_000_00 },
    {
      kind: 'creditHeld',
      amount: 300_000_00,
      source: 'card_funding',
      reason: 'balance',
      level: 1,
      limit: 50_000_00,
    },
    { kind: 'processing', purchase: purchase({}) },
    { kind: 'purchased', purchase: purchase({}) },
    {
      kind: 'purchased',
      purchase: purchase({
        product: 'Electricity',
        transaction_phone: null,
        meter_number: '45123455678',
        plan: 'prepaid',
        paid_amount: 5_000_00,
        token: '1234-5678-9012-3456-7890',
        units: '32.5 kWh',
      }),
    },
    {
      kind: 'refunded',
      purchase: {
        ...purchase({}),
        provider: 'vtpass',
        response_msg: '016 TRANSACTION FAILED',
        service_id: 'mtn',
      },
      amount: 980_00,
      balance: 10_000_00,
    },
    {
      kind: 'refunded',
      purchase: {
        ...purchase({ coupon_code: 'SECRETCOUPON1' }),
        provider: 'vtpass',
        response_msg: '016 TRANSACTION FAILED',
        service_id: 'mtn',
      },
      amount: 980_00,
      balance: null,
    },
  ];

  it('money SMS: one GSM page for typical values, NGN never ₦', () => {
    for (const event of typical) {
      const text = moneySms(event);
      expect(text.length, text).toBeLessThanOrEqual(SMS_PAGE);
      expect(isGsm(text), text).toBe(true);
    }
  });

  it('a credit and a debit read as a bank alert: amount, what, balance', () => {
    expect(moneySms(typical[0]!)).toBe('Credit: NGN4,950 card funding. Bal: NGN12,000');
    expect(moneySms(typical[1]!)).toBe('Credit: NGN19,950 bank transfer. Bal: NGN1,250,000');
    expect(moneySms(typical[2]!)).toBe('Credit: NGN1,000 from Bola Adeyemi. Bal: NGN1,200');
    expect(moneySms(typical[3]!)).toBe('Debit: NGN1,000 sent to Chioma Eze. Bal: NGN4,000');
    expect(moneySms(typical[5]!)).toBe('Debit: NGN2,500 adjustment by our team. Bal: NGN0');
    expect(moneySms(typical[6]!)).toBe(
      'Credit: NGN50 referral commission (Oluwaseun). Bal: NGN150.50',
    );
    expect(moneySms(typical[8]!)).toBe('Credit: NGN300,000 held credit released. Bal: NGN450,000');
  });

  it('a delivered purchase names product, destination, amount and the token; a refund its reason and balance', () => {
    expect(moneySms(typical[11]!)).toBe('Delivered: Airtime for 08031234567, NGN980.');
    expect(moneySms(typical[12]!)).toBe(
      'Delivered: Electricity (prepaid) for meter 45123455678, NGN5,000. Token: 1234-5678-9012-3456-7890 (32.5 kWh)',
    );
    expect(moneySms(typical[13]!)).toBe(
      'Refund: NGN980. Airtime for 08031234567 failed. MTN could not complete this top-up. Bal: NGN10,000',
    );
    // Paid with a coupon: usable again, and the code itself never goes by SMS.
    const coupon = moneySms(typical[14]!);
    expect(coupon).toBe(
      'Airtime for 08031234567 failed. MTN could not complete this top-up. Your coupon can be used again.',
    );
    expect(coupon).not.toContain('SECRETCOUPON1');
    expect(moneySms(typical[10]!)).toBe(
      'Processing: Airtime for 08031234567, NGN980. We will SMS you when it is delivered or refunded.',
    );
  });

  it('security SMS: one GSM page, when, what to do, and nothing secret', () => {
    const events: SecurityEvent[] = [
      { kind: 'passwordChanged' },
      { kind: 'passwordReset', keysRevoked: 2, webhookRemoved: true },
      { kind: 'pinSet' },
      { kind: 'pinChanged' },
      { kind: 'keyCreated', prefix: 'pk_live_ab12', createdAt: AT },
      { kind: 'keyRevoked', prefix: 'pk_live_ab12', createdAt: AT },
      { kind: 'keysRevokedByBlock', count: 3 },
      { kind: 'webhookSet', origin: 'https://shop.example' },
    ];
    for (const event of events) {
      const text = securitySms(event, AT);
      expect(text.length, text).toBeLessThanOrEqual(SMS_PAGE);
      expect(isGsm(text), text).toBe(true);
      expect(text).toContain('2 Dec, 14:05 WAT');
      expect(text).not.toMatch(/pk_live|https?:|shop\.example/);
    }
    expect(securitySms({ kind: 'pinChanged' }, AT)).toBe(
      'Your secret pin was changed on 2 Dec, 14:05 WAT. Not you? Reset your password now from the sign-in page.',
    );
  });
});

describe.each(engines)('customer SMS on %s', (engine) => {
  let kit: Kit;

  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  /** The customer's SMS, oldest first: key and text. */
  const sms = async (u: TestUser) =>
    (
      await kit.app.ctx.db
        .selectFrom('sms_outbox')
        .select(['event_key', 'body', 'to_number'])
        .where('user_id', '=', u.id)
        .orderBy('id')
        .execute()
    ).map((r) => ({ key: r.event_key, text: r.body }));
  const texts = async (u: TestUser) => (await sms(u)).map((s) => s.text);
  const subjects = async (u: TestUser) => (await kit.mail(u.email)).map((m) => m.subject).reverse();

  const row = (id: string) =>
    kit.app.ctx.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const electricity = (u: TestUser, meter: string) =>
    kit.call(api.electricity, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'ikeja-electric',
        variation_code: 'prepaid',
        meter_number: meter,
        amount: 500,
      },
    });
  const refusedAirtime = (u: TestUser) =>
    kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
  const choose = (u: TestUser, body: unknown) =>
    kit.call(api.setMailPreferences, { token: u.token, body });

  it('card funding: one bank-alert SMS keyed by the payment, to the account’s phone', async () => {
    const u = await kit.user({ phone: '08055512345' });
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 20_000 },
      headers: { host: 'shop.test' },
    });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    await Promise.all([
      kit.call(api.verifyPayment, { token: u.token, body: params }),
      kit.call(api.verifyPayment, { token: u.token, body: params }),
    ]);
    const rows = await kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select(['event_key', 'body', 'to_number'])
      .where('user_id', '=', u.id)
      .execute();
    expect(rows).toEqual([
      {
        event_key: `cardFunded:${txRef}`,
        body: 'Credit: NGN19,950 card funding. Bal: NGN19,950',
        to_number: '2348055512345',
      },
    ]);
  });

  it('a delivered purchase: product, destination, amount and the token or pins, once', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const power = await electricity(u, '45123455678');
    expect(power.body.message.status).toBe('successful');
    const exams = await kit.call(api.education, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'waec',
        plan_id: 'waecdirect',
        quantity: 2,
        profile_id: '88123455678',
      },
    });
    expect(exams.body.message.status).toBe('successful');
    const [light, waec, ...more] = await sms(u);
    expect(more).toEqual([]);
    expect(light!.key).toBe(`purchased:${power.body.message.transaction_id}`);
    expect(light!.text).toMatch(/^Delivered: Electricity \(.+\) for meter 45123455678, NGN\d/);
    expect(light!.text).toContain(`Token: ${power.body.message.token}`);
    expect(waec!.key).toBe(`purchased:${exams.body.message.transaction_id}`);
    expect(waec!.text).toMatch(/^Delivered: 2 x Education/);
    for (const pin of exams.body.message.purchased_code.split('; ')) {
      expect(waec!.text).toContain(pin);
    }
  });

  it('a refused purchase: the refund SMS with amount, reason and balance, never a delivery', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const res = await refusedAirtime(u);
    expect(res.body.message.status).toBe('reversed');
    expect(await sms(u)).toEqual([
      {
        key: `refunded:${res.body.message.transaction_id}`,
        text: expect.stringMatching(
          /^Refund: NGN980\. Airtime \(MTN\) for 08031230000 failed\. .+ Bal: NGN10,000$/,
        ),
      },
    ]);
  });

  it('a share: the sender’s debit and the recipient’s credit, each once', async () => {
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    const friend = await kit.user({ funds: 200_00, name: 'Chioma Eze' });
    const res = await kit.call(api.share, {
      token: sender.token,
      body: { amount: 1_000, email: friend.email, pin: PIN },
    });
    expect(res.status).toBe(200);
    expect(await texts(sender)).toEqual(['Debit: NGN1,000 sent to Chioma Eze. Bal: NGN4,000']);
    expect(await texts(friend)).toEqual(['Credit: NGN1,000 from Bola Adeyemi. Bal: NGN1,200']);
    // The sender is told on screen and by SMS, still not by mail.
    expect(await subjects(sender)).toEqual([]);
  });

  it('a requery and the VTpass callback racing on one pending purchase: one SMS', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const restore = loseWebhooks(kit);
    try {
      const res = await electricity(u, '45123451111');
      expect(res.body.message.status).toBe('pending');
      const id = res.body.message.transaction_id;
      const { provider_request_id: requestId } = await row(id);
      const callback = () =>
        kit.call(api.vtpassWebhook, { body: { type: 'transaction-update', data: { requestId } } });
      await Promise.all([
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
        runRequeryOnce(kit.app.ctx, { now: LATER() }),
        callback(),
      ]);
      expect((await row(id)).status).toBe('successful');
      await callback();
      await runRequeryOnce(kit.app.ctx, { now: LATER() });
      // Answered pending by the provider: "processing" once, then the delivery once.
      const told = await sms(u);
      expect(told.map((s) => s.key)).toEqual([`processing:${id}`, `purchased:${id}`]);
      expect(told[1]!.text).toContain(`Token: ${(await row(id)).token}`);
    } finally {
      restore();
    }
  });

  it('the choices: defaults on, changed per kind and channel, bad bodies refused', async () => {
    const u = await kit.user();
    const all = {
      money_mail: true,
      purchases: { sms: true, email: true, refund_sms: true },
      alerts: { sms: true, email: true },
      security: { sms: true, email: true },
    };
    expect((await kit.call(api.mailPreferences, { token: u.token })).body).toEqual({
      message: all,
    });
    for (const body of [
      {},
      { purchases: {} },
      { purchases: { sms: 'no' } },
      { purchases: { refund_sms: false } },
      { security: { sms: false } },
      { alerts: { sms: false, extra: 1 } },
    ]) {
      expect((await choose(u, body)).status, JSON.stringify(body)).toBe(400);
    }
    const off = await choose(u, { alerts: { email: false } });
    expect(off.body.message).toEqual({
      ...all,
      money_mail: false,
      alerts: { sms: true, email: false },
    });
    // The older switch sets both e-mails.
    const legacy = await choose(u, { money_mail: true });
    expect(legacy.body.message).toEqual(all);
    expect((await choose(u, { money_mail: false })).body.message).toEqual({
      ...all,
      money_mail: false,
      purchases: { sms: true, email: false, refund_sms: true },
      alerts: { sms: true, email: false },
    });
    expect((await kit.call(api.setMailPreferences, { body: { money_mail: true } })).status).toBe(
      401,
    );
  });

  it('SMS off: no delivery or alert SMS, but the refund and security SMS still go; e-mails follow their own switch', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    const res = await choose(u, { purchases: { sms: false }, alerts: { sms: false } });
    expect(res.status).toBe(200);

    const power = await electricity(u, '45123455678');
    expect(power.body.message.status).toBe('successful');
    const refused = await refusedAirtime(u);
    expect(refused.body.message.status).toBe('reversed');
    await kit.call(api.share, {
      token: sender.token,
      body: { amount: 1_000, email: u.email, pin: PIN },
    });
    const pinReset = await kit.call(api.resetPin, {
      token: u.token,
      body: { password: PASSWORD, pin: '135790' },
    });
    expect(pinReset.status).toBe(200);
    const keys = (await sms(u)).map((s) => s.key.split(':')[0]);
    expect(keys).toEqual(['refunded', 'pinChanged']);
    const [refund, pin] = await texts(u);
    expect(refund).toMatch(/^Refund: NGN980\. .+ Bal: NGN\d/);
    expect(pin).toMatch(/^Your secret pin was changed on .+ WAT\. Not you\?/);
    expect(pin).not.toContain('135790');
    // The e-mails were left on: every one of them went.
    expect(await subjects(u)).toEqual([
      'Your Electricity purchase was successful',
      '₦980 refunded to your wallet',
      '₦1,000 from Bola Adeyemi',
      'Your secret pin was changed',
    ]);
  });

  it('purchase e-mails off, alerts by SMS and e-mail: each channel as chosen', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const sender = await kit.user({ funds: 5_000_00, name: 'Bola Adeyemi' });
    await choose(u, { purchases: { email: false } });
    await electricity(u, '45123455678');
    await kit.call(api.share, {
      token: sender.token,
      body: { amount: 500, email: u.email, pin: PIN },
    });
    expect(await subjects(u)).toEqual(['₦500 from Bola Adeyemi']);
    expect((await sms(u)).map((s) => s.key.split(':')[0])).toEqual(['purchased', 'shareReceived']);
  });
});

describe.each(engines)('a purchase answered pending (%s)', (engine) => {
  let kit: Kit | undefined;
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  it('one "processing" SMS when answered pending, then its outcome', async () => {
    kit = await createKit(engine, { env: { PURCHASE_ANSWER_MS: '50' } });
    const vt = kit.app.ctx.providers.byName('sandbox-vt')!;
    let answer!: (outcome: ProviderOutcome) => void;
    vt.purchase = () => new Promise<ProviderOutcome>((resolve) => (answer = resolve));
    const u = await kit.user({ funds: 10_000_00 });
    const buy = () =>
      kit!.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: '08031235678', amount: 100 },
        requestId: 'slow-sms-1',
      });
    const res = await buy();
    expect(res.body.message.status).toBe('pending');
    const id = res.body.message.transaction_id as string;
    // The retried request answers the same purchase: still one SMS.
    await buy();
    const rows = () =>
      kit!.app.ctx.db
        .selectFrom('sms_outbox')
        .select(['event_key', 'body'])
        .where('user_id', '=', u.id)
        .orderBy('id')
        .execute();
    expect(await rows()).toEqual([
      {
        event_key: `processing:${id}`,
        body: 'Processing: Airtime (MTN) for 08031235678, NGN98. We will SMS you when it is delivered or refunded.',
      },
    ]);
    answer({ status: 'failed', message: 'TRANSACTION FAILED' });
    await settledInBackground(kit.app.ctx.config);
    expect((await rows()).map((r) => r.event_key)).toEqual([`processing:${id}`, `refunded:${id}`]);
  });
});

describe.each(engines)('SMS and the logs (%s)', (engine) => {
  it('the token and exam pins an SMS carries never reach the logs, queued or sent', async () => {
    const lines: string[] = [];
    const options = {
      ...loggerOptions({ write: (line: string) => void lines.push(line) }),
      level: 'trace',
    };
    const kit = await createKit(engine, { logger: options });
    try {
      const u = await kit.user({ funds: 10_000_00 });
      const power = await kit.call(api.electricity, {
        token: u.token,
        body: {
          pin: PIN,
          service_id: 'ikeja-electric',
          variation_code: 'prepaid',
          meter_number: '45123455678',
          amount: 500,
        },
      });
      const exams = await kit.call(api.education, {
        token: u.token,
        body: {
          pin: PIN,
          service_id: 'waec',
          plan_id: 'waecdirect',
          quantity: 1,
          profile_id: '88123455678',
        },
      });
      const { db, providers } = kit.app.ctx;
      expect(await smsPass(db, providers.sms)).toBeGreaterThanOrEqual(2);
      const received = (await providers.simulators.termii.received('2348031234567')).map(
        (m) => m.sms,
      );
      const token = power.body.message.token as string;
      const pins = (exams.body.message.purchased_code as string).split('; ');
      expect(received.join('\n')).toContain(token);
      const output = lines.join('');
      for (const secret of [token, ...pins]) expect(output).not.toContain(secret);
    } finally {
      await kit.close();
    }
  });
});
