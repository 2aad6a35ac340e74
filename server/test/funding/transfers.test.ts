/**
 * Funding by bank transfer (ADR 0024) through the sandbox bank: a verified customer
 * gets one account number (BVN with consent; only its last four digits kept); a transfer is
 * credited once whatever the number and order of webhooks (50 parallel identical ones); the
 * webhook body proves nothing (the provider's answer is credited); forged or unsigned
 * webhooks credit nothing; a transfer to nobody's account is held until an admin assigns it,
 * once; fee and stamp duty are booked like card fees. Ledger invariants after every scenario.
 */
import { api, DEFAULT_TRANSFER_FEE, SERVER_MSG, TRANSFER_MSG } from '@contract';
import { parseTransferFee } from '../../src/config.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemAccountId } from '../../src/wallet/ledger.ts';
import { pollTransfers } from '../../src/funding/transfers.ts';
import { adminLogin, bankTransfer, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const BVN = '22212345678';

describe.each(engines)('bank-transfer funding on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  async function accountOf(u: TestUser): Promise<string> {
    const res = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    expect(res.status).toBe(200);
    return res.body.message.account_number;
  }

  const deliver = (webhook: { headers: Record<string, string>; body: unknown }) =>
    kit.app.inject({
      method: 'POST',
      url: api.paymentWebhook.path,
      headers: webhook.headers,
      payload: webhook.body as object,
    });

  const balanceOf = (accountId: string) =>
    kit.app.ctx.db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.balance));

  it('gives a verified customer one account number; the BVN is checked, sent, and not kept', async () => {
    const u = await kit.user();
    const before = await kit.call(api.bankTransferInfo, { token: u.token });
    expect(before.body.message).toMatchObject({
      account: null,
      fee: { kind: 'percent', bps: 100, cap: 300, customer_pays: true },
    });
    const bad = async (body: unknown) =>
      (await kit.call(api.createVirtualAccount, { token: u.token, body })).body.msg;
    expect(await bad({ bvn: '', consent: true })).toBe(TRANSFER_MSG.bvnRequired);
    expect(await bad({ bvn: '1234567890', consent: true })).toBe(TRANSFER_MSG.bvnInvalid);
    expect(await bad({ bvn: '2221234567a', consent: true })).toBe(TRANSFER_MSG.bvnInvalid);
    expect(await bad({ bvn: '2'.repeat(5000), consent: true })).toBe(TRANSFER_MSG.bvnInvalid);
    expect(await bad({ bvn: BVN, consent: false })).toBe(TRANSFER_MSG.consentRequired);
    expect(await bad({ bvn: BVN })).toBe(TRANSFER_MSG.consentRequired);

    const number = await accountOf(u);
    expect(number).toMatch(/^\d{10}$/);
    const info = await kit.call(api.bankTransferInfo, { token: u.token });
    expect(info.body.message.account).toMatchObject({
      account_number: number,
      bank_name: 'Sandbox Bank',
    });
    const again = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    expect(again).toEqual({
      status: 409,
      body: { type: 'conflict', msg: TRANSFER_MSG.accountExists },
    });
    const row = await kit.app.ctx.db
      .selectFrom('virtual_accounts')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.bvn_last4).toBe('5678');
    expect(JSON.stringify(row)).not.toContain(BVN);

    const unverified = await kit.user({ verified: false });
    const refused = await kit.call(api.createVirtualAccount, {
      token: unverified.token,
      body: { bvn: BVN, consent: true },
    });
    expect(refused.body).toEqual({
      type: 'email_not_verified',
      msg: SERVER_MSG.emailNotVerified,
    });
  });

  it('50 parallel identical webhooks credit a ₦20,000 transfer once (₦20,000 − ₦50 duty − ₦200 fee)', async () => {
    const u = await kit.user();
    const number = await accountOf(u);
    const clearing = await balanceOf(systemAccountId('card_clearing'));
    const duty = await balanceOf(systemAccountId('stamp_duty_payable'));
    const { transfer, webhook } = await bankTransfer(kit, {
      accountNumber: number,
      amount: 20_000_00,
      sender: 'Ada, GTBank',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(webhook)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(await kit.balance(u.id)).toBe(19_750_00);
    // The provider owes us the amount less its fee; ₦50 stamp duty is payable.
    expect((await balanceOf(systemAccountId('card_clearing'))) - clearing).toBe(-19_800_00);
    expect((await balanceOf(systemAccountId('stamp_duty_payable'))) - duty).toBe(50_00);
    // Later webhooks (a retry next day) change nothing either.
    expect((await deliver(webhook)).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(19_750_00);

    const list = await kit.call(api.payments, {
      token: await adminLogin(kit),
      query: { page: '1', limit: '5', q: u.email },
    });
    expect(list.body.message).toHaveLength(1);
    expect(list.body.message[0]).toMatchObject({
      t_id: `TRF-${transfer.id}`,
      amount: 20_000,
      credited: 19_750,
      status: 'completed',
      channel: 'bank_transfer',
      payment_reference: transfer.id,
    });
  });

  it('credits what the provider says, not what the webhook body says', async () => {
    const u = await kit.user();
    const number = await accountOf(u);
    const { webhook } = await bankTransfer(kit, {
      accountNumber: number,
      amount: 1_000_00,
      sender: 'Ada',
    });
    const lie = { ...webhook.body, data: { ...webhook.body.data, amount: 1_000_000 } };
    expect((await deliver({ headers: webhook.headers, body: lie })).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(1_000_00 - 10_00); // ₦1,000 − 1 % fee, no duty
  });

  it('forged, unsigned or unknown webhooks credit nothing', async () => {
    const u = await kit.user();
    const number = await accountOf(u);
    const { webhook } = await bankTransfer(kit, {
      accountNumber: number,
      amount: 5_000_00,
      sender: 'Ada',
    });
    const unsigned = await deliver({ headers: {}, body: webhook.body });
    const forged = await deliver({ headers: { 'verif-hash': 'guess' }, body: webhook.body });
    expect(unsigned.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
    // Signed, but for a transfer the provider never saw: acknowledged, nothing credited.
    const unknown = { ...webhook.body, data: { ...webhook.body.data, id: 123456789 } };
    expect((await deliver({ headers: webhook.headers, body: unknown })).statusCode).toBe(200);
    expect(await kit.balance(u.id)).toBe(0);
    const rows = await kit.app.ctx.db
      .selectFrom('bank_transfers')
      .select('id')
      .where('provider_id', '=', '123456789')
      .execute();
    expect(rows).toEqual([]);
  });

  it('holds a transfer to nobody’s account; an admin assigns it once, recorded', async () => {
    const admin = await adminLogin(kit);
    const u = await kit.user();
    const { transfer, webhook } = await bankTransfer(kit, {
      accountNumber: '9900000000',
      amount: 3_000_00,
      sender: 'Lost Sender, Zenith',
    });
    await Promise.all([deliver(webhook), deliver(webhook)]);
    const held = await kit.call(api.heldTransfers, {
      token: admin,
      query: { page: '1', limit: '100' },
    });
    const item = held.body.message.find((t: { reference: string }) => t.reference === transfer.id);
    // Flutterwave's verify answer does not name the receiving account (providers/
    // flutterwave-transfers.ts): a held transfer shows none, in the sandbox as live.
    expect(item).toMatchObject({
      account_number: '',
      sender: 'Lost Sender, Zenith',
      amount: 3_000,
      status: 'held',
      assigned_to: null,
    });
    expect((await kit.call(api.heldTransfers, { token: u.token })).status).toBe(403);
    const body = { id: item.id, email: u.email.toUpperCase() };
    expect((await kit.call(api.assignTransfer, { token: u.token, body })).status).toBe(403);
    const nobody = await kit.call(api.assignTransfer, {
      token: admin,
      body: { id: item.id, email: 'nobody@example.com' },
    });
    expect(nobody.body).toEqual({ type: 'not_found', msg: SERVER_MSG.userNotFound });

    const tries = await Promise.all(
      Array.from({ length: 5 }, () => kit.call(api.assignTransfer, { token: admin, body })),
    );
    expect(tries.filter((t) => t.status === 200).map((t) => t.body.message)).toEqual([
      TRANSFER_MSG.assigned,
    ]);
    expect(tries.filter((t) => t.status === 409)[0]?.body.msg).toBe(TRANSFER_MSG.alreadyAssigned);
    expect(await kit.balance(u.id)).toBe(3_000_00 - 30_00);
    const audit = await kit.call(api.auditLog, {
      token: admin,
      query: { action: 'transfer.assign', target: item.id },
    });
    expect(audit.body.total).toBe(1);
    expect(audit.body.message[0]).toMatchObject({
      admin: kit.config.adminEmail,
      before: { status: 'held', customer: null },
      after: { status: 'assigned', customer: u.email },
    });
    const missing = await kit.call(api.assignTransfer, {
      token: admin,
      body: { id: 'no-such-transfer', email: u.email },
    });
    expect(missing.body).toEqual({ type: 'not_found', msg: TRANSFER_MSG.transferNotFound });
  });

  it('reconciliation counts held transfers and finds a credit that does not match', async () => {
    const admin = await adminLogin(kit);
    const report = async () => (await kit.call(api.reconciliation, { token: admin })).body.message;
    const before = await report();
    const { webhook } = await bankTransfer(kit, {
      accountNumber: '9900000777',
      amount: 1_000_00,
      sender: 'Nobody',
    });
    await deliver(webhook);
    expect((await report()).held_transfers).toBe(before.held_transfers + 1);

    const u = await kit.user();
    const sent = await bankTransfer(kit, {
      accountNumber: await accountOf(u),
      amount: 2_000_00,
      sender: 'Ada',
    });
    await deliver(sent.webhook);
    expect((await report()).transfer_problems).toEqual([]);
    const txRef = `TRF-${sent.transfer.id}`;
    await kit.app.ctx.db
      .updateTable('payments')
      .set({ credited: 1 })
      .where('tx_ref', '=', txRef)
      .execute();
    const tampered = await report();
    expect(tampered.ok).toBe(false);
    expect(tampered.transfer_problems).toEqual([
      `transfer payment ${txRef} credited 1, wallet got ${2_000_00 - 20_00}`,
    ]);
    await kit.app.ctx.db
      .updateTable('payments')
      .set({ credited: 2_000_00 - 20_00 })
      .where('tx_ref', '=', txRef)
      .execute();
  });

  it('the sandbox bank page sends a transfer, twice-delivered webhook included', async () => {
    const u = await kit.user();
    const number = await accountOf(u);
    const page = await kit.app.inject({
      method: 'GET',
      url: `/sandbox/transfer?account=${number}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${number}"`);
    expect(page.body).not.toMatch(/<script/);
    const sent = await kit.app.inject({
      method: 'POST',
      url: '/sandbox/transfer',
      payload: `account=${number}&amount=12000&sender=Ada&duplicate=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('delivered twice');
    expect(sent.body).toContain('credited');
    // ₦12,000 − ₦50 duty − ₦120 fee.
    expect(await kit.balance(u.id)).toBe(11_830_00);
    const bad = await kit.app.inject({
      method: 'POST',
      url: '/sandbox/transfer',
      payload: 'account=12&amount=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a 10-digit account number.');
  });
});

describe.each(engines)('the sandbox bank’s other webhook shapes on %s (ADR 0039)', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => kit.close());

  const send = (payload: string) =>
    kit.app.inject({
      method: 'POST',
      url: '/sandbox/transfer',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('sends the flat shape, or loses the webhook for the poller to find, once', async () => {
    const u = await kit.user();
    const res = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    const number = res.body.message.account_number;
    const flat = await send(`account=${number}&amount=2000&sender=Ada&flat=1&duplicate=1`);
    expect(flat.statusCode).toBe(200);
    expect(flat.body).toContain('credited');
    expect(await kit.balance(u.id)).toBe(2_000_00 - 20_00);

    const lost = await send(`account=${number}&amount=3000&sender=Ada&lost=1`);
    expect(lost.body).toContain('lost on purpose');
    expect(await kit.balance(u.id)).toBe(2_000_00 - 20_00);
    const passes = await Promise.all([pollTransfers(kit.app.ctx), pollTransfers(kit.app.ctx)]);
    expect(passes.reduce((n, p) => n + p.credited, 0)).toBe(1);
    expect((await pollTransfers(kit.app.ctx)).credited).toBe(0);
    expect(await kit.balance(u.id)).toBe(2_000_00 - 20_00 + 3_000_00 - 30_00);
    expect(await kit.invariants()).toEqual([]);
  });
});

describe('bank-transfer fee borne by the business', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit('sqlite', {
      env: { TRANSFER_FEE: '50', TRANSFER_FEE_BEARER: 'business' },
    });
  });
  afterAll(async () => kit.close());

  it('credits the amount less stamp duty and books the flat fee as an expense', async () => {
    const u = await kit.user();
    const res = await kit.call(api.createVirtualAccount, {
      token: u.token,
      body: { bvn: BVN, consent: true },
    });
    const fees = async () =>
      Number(
        (
          await kit.app.ctx.db
            .selectFrom('accounts')
            .select('balance')
            .where('id', '=', systemAccountId('fees_income'))
            .executeTakeFirstOrThrow()
        ).balance,
      );
    const feesBefore = await fees();
    const { webhook } = await bankTransfer(kit, {
      accountNumber: res.body.message.account_number,
      amount: 10_000_00,
      sender: 'Ada',
    });
    await kit.app.inject({
      method: 'POST',
      url: api.paymentWebhook.path,
      headers: webhook.headers,
      payload: webhook.body,
    });
    expect(await kit.balance(u.id)).toBe(9_950_00);
    expect((await fees()) - feesBefore).toBe(-50_00);
    expect(await kit.invariants()).toEqual([]);
  });
});

describe('TRANSFER_FEE and TRANSFER_FEE_BEARER', () => {
  it('read a flat fee, a percentage, a capped one; refuse anything else', () => {
    expect(parseTransferFee(undefined, undefined)).toEqual(DEFAULT_TRANSFER_FEE);
    expect(parseTransferFee('50', 'business')).toEqual({
      kind: 'flat',
      flat: 50_00,
      bps: 0,
      cap: 0,
      customer_pays: false,
    });
    expect(parseTransferFee('1.5%', '')).toMatchObject({ kind: 'percent', bps: 150, cap: 0 });
    expect(parseTransferFee('1% max 300', 'customer')).toMatchObject({ bps: 100, cap: 300_00 });
    expect(() => parseTransferFee('cheap', undefined)).toThrow(/TRANSFER_FEE must be/);
    expect(() => parseTransferFee('150%', undefined)).toThrow(/TRANSFER_FEE must be/);
    expect(() => parseTransferFee('50', 'bank')).toThrow(/TRANSFER_FEE_BEARER must be/);
  });
});
