/**
 * The providers a purchase tried (ADR 0052) in the admin's transaction list, on SQLite and
 * PostgreSQL: after a failover the admin sees each provider and what became of it; the
 * customer's answers (the purchase, their history, /api/user) never name a provider.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, PIN, type Kit } from '../helper.ts';

describe.each(engines)('providers tried on %s', (engine) => {
  let kit: Kit;
  let admin: string;

  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
    const route = await kit.call(api.setProviderRoute, {
      token: admin,
      body: { key: 'airtime', providers: ['vtpass', 'flutterwave'] },
    });
    expect(route.status).toBe(200);
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  const adminView = async (id: string) => {
    const res = await kit.call(api.transactions, { token: admin, query: { id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toHaveLength(1);
    return res.body.message[0] as Record<string, unknown>;
  };

  it('an admin sees the refusal and the provider that took the purchase over', async () => {
    const user = await kit.user({ funds: 5_000_00 });
    const fault = await kit.call(api.devProviderFault, {
      body: { provider: 'vtpass', fault: 'refuse', count: 1 },
    });
    expect(fault.status).toBe(200);
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 1000 },
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;

    const seen = await adminView(id);
    expect(seen.status).toBe('successful');
    expect(seen.providers_tried).toEqual([
      { provider: 'sandbox-vt', result: 'refused', message: expect.any(String) },
      { provider: 'sandbox-flutterwave', result: 'sent', message: null },
    ]);
    const [refused] = seen.providers_tried as { message: string }[];
    expect(refused!.message.length).toBeGreaterThan(0);

    // The customer's answers carry no provider at all: not the purchase, not the history,
    // not the recent list of /api/user.
    const answers = [
      res.body.message,
      ...(await kit.call(api.myTransactions, { token: user.token })).body.message,
      ...(await kit.call(api.currentUser, { token: user.token })).body.message.transactions,
    ] as Record<string, unknown>[];
    expect(answers.some((t) => t.transaction_id === id)).toBe(true);
    for (const t of answers) expect(t).not.toHaveProperty('providers_tried');
    for (const t of answers) expect(JSON.stringify(t)).not.toMatch(/sandbox-|vtpass|flutterwave/i);
  });

  it('a purchase the first provider took shows that one alone', async () => {
    const user = await kit.user({ funds: 5_000_00 });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 1000 },
    });
    expect(res.status).toBe(200);
    const seen = await adminView(res.body.message.transaction_id as string);
    expect(seen.providers_tried).toEqual([
      { provider: 'sandbox-vt', result: 'sent', message: null },
    ]);
  });

  it('a row from before the failover (nothing recorded) says null, not an empty list', async () => {
    const user = await kit.user();
    await kit.app.ctx.db
      .insertInto('transactions')
      .values({
        id: 'tried-old-1',
        user_id: user.id,
        product: 'Airtime',
        direction: 'debit',
        status: 'failed',
        value: 500_00,
        amount_charged: 0,
        balance_before: 0,
        balance_after: 0,
        transaction_phone: '08031234567',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    expect((await adminView('tried-old-1')).providers_tried).toBeNull();
  });
});
