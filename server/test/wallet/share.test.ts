import { api, maskName, MSG, SERVER_MSG, TRUST_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

describe.each(engines)('sharing funds on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    // The ledger invariants hold after every scenario (decisions §4).
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  it('moves funds, answers the new balance in naira and records both sides', async () => {
    const a = await kit.user({ funds: 5_000_00 });
    const b = await kit.user();
    const res = await kit.call(api.share, {
      token: a.token,
      body: { amount: 1250, email: b.email.toUpperCase(), pin: PIN },
    });
    expect(res).toEqual({ status: 200, body: { message: 3750 } });
    expect(await kit.balance(a.id)).toBe(3_750_00);
    expect(await kit.balance(b.id)).toBe(1_250_00);
    const meA = (await kit.call(api.currentUser, { token: a.token })).body.message;
    expect(meA.wallet_balance).toBe(3750);
    expect(meA.transactions[0]).toMatchObject({
      product: 'Transfer',
      direction: 'debit',
      status: 'successful',
      value: 1250,
      amountCharged: 1250,
      balance_before: 5000,
      balance_after: 3750,
      counterparty: b.email,
    });
    const meB = (await kit.call(api.currentUser, { token: b.token })).body.message;
    expect(meB.transactions).toHaveLength(1);
    expect(meB.transactions[0]).toMatchObject({
      direction: 'credit',
      balance_before: 0,
      balance_after: 1250,
      counterparty: a.email,
      user_id: b.id,
    });
    // Scoped to the signed-in user (OWASP API1): A sees only A's row.
    expect(meA.transactions.every((t: { user_id: string }) => t.user_id === a.id)).toBe(true);
  });

  it.each([
    [{ amount: 'abc' }, MSG.shareAmount],
    [{ amount: 12.345 }, MSG.shareAmount],
    [{ amount: 0 }, MSG.insufficientFunds],
    [{ amount: -5 }, MSG.insufficientFunds],
    [{ email: 'not-an-email' }, MSG.shareEmail],
    [{ pin: '' }, MSG.sharePin],
  ])('validates %# with the spec message', async (patch, msg) => {
    const a = await kit.user({ funds: 1_000_00 });
    const b = await kit.user();
    const body = { amount: 10, email: b.email, pin: PIN, ...patch };
    expect(await kit.call(api.share, { token: a.token, body })).toEqual({
      status: 400,
      body: { type: 'validation_error', msg },
    });
    expect(await kit.balance(a.id)).toBe(1_000_00);
  });

  it('refuses more than the balance, unknown recipients and oneself', async () => {
    const a = await kit.user({ funds: 100_00 });
    const b = await kit.user();
    expect(
      await kit.call(api.share, {
        token: a.token,
        body: { amount: 101, email: b.email, pin: PIN },
      }),
    ).toEqual({ status: 422, body: { type: 'insufficient_funds', msg: MSG.insufficientFunds } });
    expect(
      await kit.call(api.share, {
        token: a.token,
        body: { amount: 1, email: 'ghost@example.com', pin: PIN },
      }),
    ).toEqual({ status: 404, body: { type: 'not_found', msg: SERVER_MSG.userNotFound } });
    expect(
      await kit.call(api.share, { token: a.token, body: { amount: 1, email: a.email, pin: PIN } }),
    ).toEqual({ status: 400, body: { type: 'validation_error', msg: SERVER_MSG.selfTransfer } });
    expect(await kit.balance(a.id)).toBe(100_00);
  });

  it('refuses the unauthenticated, users without a pin, and blocked users', async () => {
    const a = await kit.user({ funds: 100_00 });
    const b = await kit.user();
    expect(
      (await kit.call(api.share, { body: { amount: 1, email: b.email, pin: PIN } })).status,
    ).toBe(401);
    const nopin = await kit.user({ pin: false, funds: 100_00 });
    expect(
      await kit.call(api.share, {
        token: nopin.token,
        body: { amount: 1, email: b.email, pin: PIN },
      }),
    ).toEqual({ status: 409, body: { type: 'pin_not_set', msg: SERVER_MSG.noPin } });
    await kit.app.ctx.db
      .updateTable('users')
      .set({ is_blocked: 1 })
      .where('id', '=', a.id)
      .execute();
    expect(
      await kit.call(api.share, { token: a.token, body: { amount: 1, email: b.email, pin: PIN } }),
    ).toEqual({ status: 423, body: { type: 'blocked', msg: SERVER_MSG.accountBlocked } });
    expect((await kit.call(api.currentUser, { token: a.token })).status).toBe(423);
    expect(await kit.balance(a.id)).toBe(100_00);
  });

  it('locks money movement for 30 minutes after five wrong pins', async () => {
    const a = await kit.user({ funds: 100_00 });
    const b = await kit.user();
    const send = (pin: string) =>
      kit.call(api.share, { token: a.token, body: { amount: 1, email: b.email, pin } });
    // The first two are plain; from the third the answer counts down.
    for (const msg of [
      SERVER_MSG.wrongPin,
      SERVER_MSG.wrongPin,
      'Incorrect transaction pin. 2 attempts left before purchases and transfers are locked.',
      'Incorrect transaction pin. 1 attempt left before purchases and transfers are locked.',
    ]) {
      expect(await send('000000')).toEqual({ status: 422, body: { type: 'wrong_pin', msg } });
    }
    expect(await send('000000')).toEqual({
      status: 423,
      body: { type: 'pin_locked', msg: SERVER_MSG.pinLocked(30) },
    });
    expect(await send(PIN)).toEqual({
      status: 423,
      body: { type: 'pin_locked', msg: SERVER_MSG.pinLocked(30) },
    });
    expect(await kit.balance(a.id)).toBe(100_00);
    // The lock ends after 30 minutes.
    await kit.app.ctx.db
      .updateTable('users')
      .set({ pin_locked_until: Date.now() - 1 })
      .where('id', '=', a.id)
      .execute();
    expect((await send(PIN)).status).toBe(200);
  });

  it('a right pin starts the count again: the next wrong one is plain', async () => {
    const a = await kit.user({ funds: 100_00 });
    const b = await kit.user();
    const send = (pin: string) =>
      kit.call(api.share, { token: a.token, body: { amount: 1, email: b.email, pin } });
    for (let i = 0; i < 3; i++) expect((await send('000000')).status).toBe(422);
    expect((await send(PIN)).status).toBe(200);
    expect((await send('000000')).body).toEqual({ type: 'wrong_pin', msg: SERVER_MSG.wrongPin });
    expect(await kit.balance(a.id)).toBe(99_00);
  });

  it('200 parallel shares from a wallet that affords 100: exactly 100 succeed', async () => {
    const a = await kit.user({ funds: 100 * 50_00 });
    const b = await kit.user();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        kit.call(api.share, { token: a.token, body: { amount: 50, email: b.email, pin: PIN } }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused)
      expect(r.body).toEqual({ type: 'insufficient_funds', msg: MSG.insufficientFunds });
    expect(await kit.balance(a.id)).toBe(0);
    expect(await kit.balance(b.id)).toBe(100 * 50_00);
    const balances = ok.map((r) => r.body.message as number).sort((x, y) => x - y);
    expect(new Set(balances).size).toBe(100);
    expect(balances[0]).toBe(0);
  });

  it('the same X-Request-Id sent 20 times in parallel moves money once', async () => {
    const a = await kit.user({ funds: 1_000_00 });
    const b = await kit.user();
    const body = { amount: 100, email: b.email, pin: PIN };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.call(api.share, { token: a.token, body, requestId: 'req-once-1' }),
      ),
    );
    for (const r of results) expect(r).toEqual({ status: 200, body: { message: 900 } });
    expect(await kit.balance(a.id)).toBe(900_00);
    expect(await kit.balance(b.id)).toBe(100_00);
    // A later retry replays the answer; a different body under the same key is refused.
    expect(await kit.call(api.share, { token: a.token, body, requestId: 'req-once-1' })).toEqual({
      status: 200,
      body: { message: 900 },
    });
    expect(
      await kit.call(api.share, {
        token: a.token,
        body: { ...body, amount: 5 },
        requestId: 'req-once-1',
      }),
    ).toEqual({
      status: 409,
      body: { type: 'idempotency_conflict', msg: SERVER_MSG.idempotencyConflict },
    });
    // Keys are per user: another user's identical key is a different request.
    const c = await kit.user({ funds: 1_000_00 });
    expect(
      (await kit.call(api.share, { token: c.token, body, requestId: 'req-once-1' })).body,
    ).toEqual({ message: 900 });
    expect(await kit.balance(b.id)).toBe(200_00);
  });

  describe("the recipient's name before sending (ADR 0046)", () => {
    it("answers the masked display name of the account, whatever the e-mail's case", async () => {
      const a = await kit.user();
      const b = await kit.user({ name: 'Adebayo Okafor' });
      expect(
        await kit.call(api.shareRecipient, {
          token: a.token,
          body: { email: `  ${b.email.toUpperCase()} ` },
        }),
      ).toEqual({ status: 200, body: { message: { name: 'Ade*** O***' } } });
    });

    it('says only "no PayBills account" for an unknown e-mail, and refuses oneself', async () => {
      const a = await kit.user();
      expect(
        await kit.call(api.shareRecipient, {
          token: a.token,
          body: { email: 'nobody-here@example.com' },
        }),
      ).toEqual({ status: 404, body: { type: 'not_found', msg: TRUST_MSG.noAccount } });
      expect(
        await kit.call(api.shareRecipient, { token: a.token, body: { email: a.email } }),
      ).toEqual({ status: 400, body: { type: 'validation_error', msg: SERVER_MSG.selfTransfer } });
    });

    it.each([
      [{}, MSG.shareEmail],
      [{ email: 'not-an-email' }, MSG.shareEmail],
      [{ email: `${'a'.repeat(250)}@example.com` }, MSG.shareEmail],
    ])('validates %# with the share message, its length limited', async (body, msg) => {
      const a = await kit.user();
      expect(await kit.call(api.shareRecipient, { token: a.token, body })).toEqual({
        status: 400,
        body: { type: 'validation_error', msg },
      });
    });

    it('needs a session', async () => {
      const b = await kit.user();
      expect((await kit.call(api.shareRecipient, { body: { email: b.email } })).status).toBe(401);
    });
  });
});

describe('maskName', () => {
  it.each([
    ['Adebayo Okafor', 'Ade*** O***'],
    ['  Chidinma   Grace  Eze Nwosu ', 'Chi*** G*** E***'],
    ['Ada', 'Ad***'],
    ['Jo', 'J***'],
    ['Émile Zoë', 'Émi*** Z***'],
  ])('%s → %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});
