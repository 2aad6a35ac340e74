import { api, LIMITS, MSG, SERVER_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

const mumsMtn = {
  product: 'Airtime',
  destination: '08031234567',
  service_id: 'mtn',
  name: "Mum's MTN",
};

describe.each(engines)('saved and recent recipients on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  it('saves a named recipient, renames it when saved again, lists and deletes it', async () => {
    const u = await kit.user();
    const saved = await kit.call(api.saveRecipient, { token: u.token, body: mumsMtn });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toMatchObject({
      product: 'Airtime',
      destination: '08031234567',
      service_id: 'mtn',
      variation_code: null,
      name: "Mum's MTN",
    });
    const again = await kit.call(api.saveRecipient, {
      token: u.token,
      body: { ...mumsMtn, name: 'Mama' },
    });
    expect(again.body.message.id).toBe(saved.body.message.id);
    const list = await kit.call(api.recipients, { token: u.token });
    expect(list.body.message.saved).toHaveLength(1);
    expect(list.body.message.saved[0].name).toBe('Mama');

    const del = await kit.call(api.deleteRecipient, {
      token: u.token,
      params: { id: saved.body.message.id },
    });
    expect(del).toEqual({ status: 200, body: { message: SERVER_MSG.recipientDeleted } });
    expect((await kit.call(api.recipients, { token: u.token })).body.message.saved).toEqual([]);
  });

  it("never shows or deletes another customer's recipient", async () => {
    const a = await kit.user();
    const b = await kit.user();
    const saved = await kit.call(api.saveRecipient, { token: a.token, body: mumsMtn });
    expect((await kit.call(api.recipients, { token: b.token })).body.message.saved).toEqual([]);
    const del = await kit.call(api.deleteRecipient, {
      token: b.token,
      params: { id: saved.body.message.id },
    });
    expect(del).toEqual({
      status: 404,
      body: { type: 'not_found', msg: SERVER_MSG.recipientNotFound },
    });
    expect((await kit.call(api.recipients, { token: a.token })).body.message.saved).toHaveLength(1);
  });

  it.each([
    [{ name: '' }, SERVER_MSG.recipientNameRequired],
    [{ name: 'x'.repeat(LIMITS.recipientName + 1) }, SERVER_MSG.recipientNameTooLong],
    [{ destination: '0803-123' }, SERVER_MSG.recipientNumberInvalid],
    [{ destination: '9'.repeat(33) }, SERVER_MSG.recipientNumberInvalid],
    [{ destination: '06031234567' }, MSG.signupPhone],
    [{ product: 'Electricity', service_id: 'ikeja-electric' }, MSG.inputsInvalid],
  ])('refuses %o with a clear message and saves nothing', async (patch, msg) => {
    const u = await kit.user();
    const res = await kit.call(api.saveRecipient, {
      token: u.token,
      body: { ...mumsMtn, ...patch },
    });
    expect(res).toEqual({ status: 400, body: { type: 'validation_error', msg } });
    expect((await kit.call(api.recipients, { token: u.token })).body.message.saved).toEqual([]);
  });

  it(`keeps at most ${LIMITS.savedRecipients} per customer`, async () => {
    const u = await kit.user();
    for (let i = 0; i < LIMITS.savedRecipients; i++) {
      const res = await kit.call(api.saveRecipient, {
        token: u.token,
        body: { ...mumsMtn, destination: `080312345${String(i).padStart(2, '0')}`, name: `N${i}` },
      });
      expect(res.status).toBe(200);
    }
    const over = await kit.call(api.saveRecipient, {
      token: u.token,
      body: { ...mumsMtn, destination: '08039999999' },
    });
    expect(over).toEqual({
      status: 409,
      body: { type: 'conflict', msg: SERVER_MSG.recipientsFull(LIMITS.savedRecipients) },
    });
    // Renaming one already saved still works at the limit.
    const rename = await kit.call(api.saveRecipient, {
      token: u.token,
      body: { ...mumsMtn, destination: '08031234500', name: 'Renamed' },
    });
    expect(rename.status).toBe(200);
    const list = (await kit.call(api.recipients, { token: u.token })).body.message;
    expect(list.saved).toHaveLength(LIMITS.savedRecipients);
  });

  it('lists recent destinations from purchases: newest first, distinct, not failed, not saved', async () => {
    const u = await kit.user({ funds: 100_000_00 });
    const buy = (
      endpoint: typeof api.airtime | typeof api.electricity | typeof api.cabletv | typeof api.data,
      body: object,
    ) => kit.call(endpoint, { token: u.token, body: { pin: PIN, ...body } });
    expect((await buy(api.airtime, { phone_number: '08031230001', amount: 100 })).status).toBe(200);
    expect((await buy(api.airtime, { phone_number: '08051230002', amount: 100 })).status).toBe(200);
    expect((await buy(api.airtime, { phone_number: '08031230001', amount: 200 })).status).toBe(200);
    // …0000 fails in the sandbox: not a destination to offer again.
    await buy(api.airtime, { phone_number: '08031230000', amount: 100 });
    expect(
      (
        await buy(api.electricity, {
          service_id: 'ikeja-electric',
          variation_code: 'postpaid',
          meter_number: '45123450007',
          amount: 1000,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await buy(api.cabletv, {
          service_id: 'dstv',
          plan_id: 'dstv-padi',
          smart_card_number: '7021230008',
        })
      ).status,
    ).toBe(200);

    const before = (await kit.call(api.recipients, { token: u.token })).body.message;
    expect(before.saved).toEqual([]);
    expect(
      before.recent.map((r: { product: string; destination: string }) => [
        r.product,
        r.destination,
      ]),
    ).toEqual([
      ['CableTV', '7021230008'],
      ['Electricity', '45123450007'],
      ['Airtime', '08031230001'],
      ['Airtime', '08051230002'],
    ]);
    expect(before.recent[1]).toMatchObject({
      service_id: 'ikeja-electric',
      variation_code: 'postpaid',
      id: null,
      name: null,
    });
    expect(before.recent[3].service_id).toBe('glo');

    await kit.call(api.saveRecipient, {
      token: u.token,
      body: { ...mumsMtn, destination: '08031230001', name: 'Me' },
    });
    const after = (await kit.call(api.recipients, { token: u.token })).body.message;
    expect(after.saved.map((r: { name: string }) => r.name)).toEqual(['Me']);
    expect(after.recent.map((r: { destination: string }) => r.destination)).not.toContain(
      '08031230001',
    );
    // Another customer sees none of it.
    const other = await kit.user();
    expect((await kit.call(api.recipients, { token: other.token })).body.message).toEqual({
      saved: [],
      recent: [],
    });
  });

  it('offers a destination by its newest purchase still standing: when that one is refunded, by the one before', async () => {
    const u = await kit.user({ funds: 100_000_00 });
    const admin = await kit.user({ admin: true });
    const airtime = async (phone_number: string, amount: number) => {
      const res = await kit.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number, amount },
      });
      expect(res.status).toBe(200);
      return res.body.message.transaction_id as string;
    };
    const first = await airtime('08031230001', 100);
    await airtime('08051230002', 100);
    const last = await airtime('08031230001', 200);
    const db = kit.app.ctx.db;
    const dateOf = async (id: string) =>
      Number(
        (
          await db
            .selectFrom('transactions')
            .select('created_at')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).created_at,
      );
    const recent = async () =>
      (await kit.call(api.recipients, { token: u.token })).body.message.recent.map(
        (r: { destination: string; last_used: number }) => [r.destination, r.last_used],
      );
    const [mtn, glo] = await recent();
    expect(mtn).toEqual(['08031230001', await dateOf(last)]);
    expect(glo![0]).toBe('08051230002');

    // The provider says the newest purchase to the number failed after all; it is refunded.
    const refund = async (id: string) => {
      await db.updateTable('transactions').set({ status: 'failed' }).where('id', '=', id).execute();
      const res = await kit.call(api.reverse, {
        token: admin.token,
        body: { userId: u.id, transactionId: id },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await refund(last);
    expect(await recent()).toEqual([glo, ['08031230001', await dateOf(first)]]);
    // The one before refunded too: nothing standing is left for the number.
    await refund(first);
    expect(await recent()).toEqual([glo]);
  });

  it('needs a signed-in customer', async () => {
    expect((await kit.call(api.recipients)).status).toBe(401);
    expect((await kit.call(api.saveRecipient, { body: mumsMtn })).status).toBe(401);
  });
});
