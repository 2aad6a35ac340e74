/**
 * Finding a customer from a phone complaint, and a block that says why (ADR 0078): the
 * transactions search by what a purchase was for (the phone however it is written, the meter,
 * the smart card, the provider's reference), each exact; the users search by name, e-mail or
 * phone; a block's required reason, refused with its message when missing or too long, and
 * kept in the block's audit entry.
 */
import { api } from '@contract';
import { ADMIN_USERS_MSG, BLOCK_REASON_MAX } from '@contract/messages/admin-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATION_SEARCH_MAX } from '../../src/wallet/history.ts';
import { adminLogin, createKit, engines, type Kit, type TestUser } from '../helper.ts';

const T0 = Date.UTC(2021, 5, 1, 9);

describe.each(engines)('admin finds a customer and blocks with a reason on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  let ada: TestUser;
  let bayo: TestUser;

  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
    ada = await kit.user({ name: 'Adaeze Okafor', phone: '08035550101' });
    bayo = await kit.user();
    const row = (
      id: string,
      user: TestUser,
      at: number,
      dest: Partial<{
        transaction_phone: string;
        meter_number: string;
        smart_card_number: string;
        exchange_reference: string;
      }>,
      product = 'Airtime',
      status = 'successful',
    ) => ({
      id,
      user_id: user.id,
      product,
      direction: 'debit' as const,
      status,
      value: 500_00,
      amount_charged: 500_00,
      balance_before: 0,
      balance_after: 0,
      ...dest,
      created_at: at,
      updated_at: at,
    });
    await kit.app.ctx.db
      .insertInto('transactions')
      .values([
        row('fnd-01', ada, T0, { transaction_phone: '08031112222' }),
        row('fnd-02', bayo, T0 + 1000, { transaction_phone: '08031112222' }, 'Data', 'failed'),
        row('fnd-03', ada, T0 + 2000, { transaction_phone: '08039998888' }),
        row('fnd-04', bayo, T0 + 3000, { meter_number: '45123456789' }, 'Electricity'),
        row('fnd-05', ada, T0 + 4000, { smart_card_number: '7023456789' }, 'CableTV'),
        row(
          'fnd-06',
          bayo,
          T0 + 5000,
          { meter_number: '45123456780', exchange_reference: 'VT-REF-7788' },
          'Electricity',
        ),
      ])
      .execute();
  });
  afterAll(async () => {
    expect(await kit.invariants()).toEqual([]);
    await kit.close();
  });

  const list = (query: Record<string, string>) =>
    kit.call(api.transactions, { token: admin, query: { limit: '5', ...query } });
  const ids = (body: { message: { transaction_id: string }[] }) =>
    body.message.map((t) => t.transaction_id);

  it('finds purchases by the phone they were for, however the phone is written', async () => {
    for (const dest of ['08031112222', '+2348031112222', '2348031112222', '0803 111 2222']) {
      const res = await list({ dest });
      expect(res.status, dest).toBe(200);
      // Newest first, whoever bought them.
      expect(ids(res.body), dest).toEqual(['fnd-02', 'fnd-01']);
      expect(res.body.total).toBe(2);
      expect(res.body.message[0]).toMatchObject({
        user: bayo.email,
        transaction_phone: '08031112222',
      });
    }
  });

  it('finds purchases by meter, smart card and provider reference, exactly', async () => {
    expect(ids((await list({ dest: '45123456789' })).body)).toEqual(['fnd-04']);
    expect(ids((await list({ dest: '7023456789' })).body)).toEqual(['fnd-05']);
    expect(ids((await list({ dest: 'VT-REF-7788' })).body)).toEqual(['fnd-06']);
    // Exact: the start of a number finds nothing.
    const part = await list({ dest: '4512345' });
    expect(part.body).toMatchObject({ message: [], total: 0, pages: 1 });
  });

  it('combines the destination with the e-mail, the status and the pages', async () => {
    expect(ids((await list({ dest: '08031112222', q: ada.email })).body)).toEqual(['fnd-01']);
    expect(ids((await list({ dest: '08031112222', status: 'failed' })).body)).toEqual(['fnd-02']);
    const first = await list({ dest: '08031112222', limit: '1' });
    expect(first.body).toMatchObject({ page: 1, pages: 2, total: 2 });
    expect(ids(first.body)).toEqual(['fnd-02']);
    const second = await list({ dest: '08031112222', limit: '1', page: '2' });
    expect(ids(second.body)).toEqual(['fnd-01']);
  });

  it('lists the newest DESTINATION_SEARCH_MAX purchases of a busy destination', async () => {
    const many = Array.from({ length: DESTINATION_SEARCH_MAX + 3 }, (_, i) => ({
      id: `fnd-busy-${String(i).padStart(3, '0')}`,
      user_id: bayo.id,
      product: 'Airtime',
      direction: 'debit' as const,
      status: 'successful',
      value: 100_00,
      amount_charged: 100_00,
      balance_before: 0,
      balance_after: 0,
      transaction_phone: '08050000000',
      created_at: T0 + 10_000 + i,
      updated_at: T0 + 10_000 + i,
    }));
    await kit.app.ctx.db.insertInto('transactions').values(many).execute();
    const res = await list({ dest: '08050000000' });
    expect(res.body.total).toBe(DESTINATION_SEARCH_MAX);
    expect(ids(res.body)[0]).toBe(`fnd-busy-${DESTINATION_SEARCH_MAX + 2}`);
  });

  it('finds a customer by a name word, the exact e-mail or the phone as 080… or +234…', async () => {
    const find = async (q: string) =>
      (await kit.call(api.users, { token: admin, query: { q, limit: '50' } })).body.message.map(
        (u: { id: string }) => u.id,
      );
    expect(await find('adaeze')).toContain(ada.id);
    expect(await find('Okafor')).toContain(ada.id);
    expect(await find(ada.email)).toEqual([ada.id]);
    expect(await find('08035550101')).toEqual([ada.id]);
    expect(await find('+234 803 555 0101')).toEqual([ada.id]);
    expect(await find('nobody-like-this')).toEqual([]);
  });

  it('refuses a block without a reason, or with one too long, and changes nothing', async () => {
    const u = await kit.user();
    expect(await kit.call(api.blockUser, { token: admin, body: { id: u.id } })).toMatchObject({
      status: 400,
      body: { msg: ADMIN_USERS_MSG.blockReasonRequired },
    });
    expect(
      await kit.call(api.blockUser, { token: admin, body: { id: u.id, reason: '   ' } }),
    ).toMatchObject({ status: 400, body: { msg: ADMIN_USERS_MSG.blockReasonRequired } });
    expect(
      await kit.call(api.blockUser, {
        token: admin,
        body: { id: u.id, reason: 'x'.repeat(BLOCK_REASON_MAX + 1) },
      }),
    ).toMatchObject({ status: 400, body: { msg: ADMIN_USERS_MSG.blockReasonTooLong } });
    const log = await kit.call(api.auditLog, { token: admin, query: { target: u.id } });
    expect(log.body.total).toBe(0);
    const found = await kit.call(api.users, { token: admin, query: { q: u.email } });
    expect(found.body.message[0].isBlocked).toBe(false);
  });

  it('keeps the reason in the audit entry of the block; an unblock asks none', async () => {
    const u = await kit.user();
    const reason = 'Customer called: card used without consent (ticket by phone).';
    const longest = 'y'.repeat(BLOCK_REASON_MAX);
    expect(
      (await kit.call(api.blockUser, { token: admin, body: { id: u.id, reason: `  ${reason} ` } }))
        .status,
    ).toBe(200);
    expect((await kit.call(api.unblockUser, { token: admin, body: { id: u.id } })).status).toBe(
      200,
    );
    expect(
      (await kit.call(api.blockUser, { token: admin, body: { id: u.id, reason: longest } })).status,
    ).toBe(200);
    const log = await kit.call(api.auditLog, { token: admin, query: { target: u.id } });
    expect(
      log.body.message.map((e: { action: string; after: unknown }) => [e.action, e.after]),
    ).toEqual([
      ['user.block', { blocked: true, reason: longest }],
      ['user.unblock', { blocked: false }],
      ['user.block', { blocked: true, reason }],
    ]);
  });
});
