import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBalanced,
  HELD_CREDITS_ACCOUNT,
  InsufficientFunds,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../../src/wallet/ledger.ts';
import { createKit, engines, type Kit } from '../helper.ts';

describe('assertBalanced', () => {
  it('refuses unbalanced, zero, fractional and single legs', () => {
    expect(() => assertBalanced([{ accountId: 'a', amount: 5 }])).toThrow();
    expect(() =>
      assertBalanced([
        { accountId: 'a', amount: 5 },
        { accountId: 'b', amount: -4 },
      ]),
    ).toThrow();
    expect(() =>
      assertBalanced([
        { accountId: 'a', amount: 0 },
        { accountId: 'b', amount: 0 },
      ]),
    ).toThrow();
    expect(() =>
      assertBalanced([
        { accountId: 'a', amount: 0.5 },
        { accountId: 'b', amount: -0.5 },
      ]),
    ).toThrow();
    expect(() =>
      assertBalanced([
        { accountId: 'a', amount: 5 },
        { accountId: 'b', amount: -5 },
      ]),
    ).not.toThrow();
  });
});

describe.each(engines)('ledger on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => kit.close());

  it('posts entries with balances before and after, and refuses an overdraft atomically', async () => {
    const u = await kit.user({ funds: 1_000 });
    const { dbh } = kit.app.ctx;
    const wallet = walletAccountId(u.id);
    const fees = systemAccountId('fees_income');
    const posted = await dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'test',
        legs: [
          { accountId: wallet, amount: -400 },
          { accountId: fees, amount: 400 },
        ],
      }),
    );
    expect(posted.entries.get(wallet)).toEqual({
      accountId: wallet,
      amount: -400,
      balanceBefore: 1_000,
      balanceAfter: 600,
    });
    const before = await kit.app.ctx.db
      .selectFrom('ledger_entries')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      dbh.writeTx((trx) =>
        postMovement(trx, {
          kind: 'test',
          legs: [
            { accountId: wallet, amount: -601 },
            { accountId: fees, amount: 601 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    const after = await kit.app.ctx.db
      .selectFrom('ledger_entries')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await kit.balance(u.id)).toBe(600);
    expect(await kit.invariants()).toEqual([]);
  });

  it('the database refuses a negative wallet even without the conditional update', async () => {
    const u = await kit.user();
    await expect(
      kit.app.ctx.db
        .updateTable('accounts')
        .set({ balance: -1 })
        .where('id', '=', walletAccountId(u.id))
        .execute(),
    ).rejects.toThrow();
  });

  it('checkInvariants reports a balance that does not match its entries', async () => {
    const u = await kit.user({ funds: 500 });
    await kit.app.ctx.db
      .updateTable('accounts')
      .set({ balance: 499 })
      .where('id', '=', walletAccountId(u.id))
      .execute();
    const problems = await kit.invariants();
    expect(problems.some((p) => p.includes(walletAccountId(u.id)))).toBe(true);
    await kit.app.ctx.db
      .updateTable('accounts')
      .set({ balance: 500 })
      .where('id', '=', walletAccountId(u.id))
      .execute();
    expect(await kit.invariants()).toEqual([]);
  });

  it('checkInvariants reports held money no held credit names, and a held credit released twice', async () => {
    // A credit past level 1's ₦300,000 maximum balance is held: the account and its row agree.
    const u = await kit.user({ level: 1, funds: 295_000_00 });
    const { held } = await kit.app.ctx.dbh.writeTx((trx) =>
      postMovement(trx, {
        kind: 'card_funding',
        legs: [
          { accountId: systemAccountId('card_clearing'), amount: -10_000_00 },
          { accountId: walletAccountId(u.id), amount: 10_000_00 },
        ],
      }),
    );
    expect(held).toHaveLength(1);
    expect(await kit.invariants()).toEqual([]);
    // Marked released without money leaving the held account (as a second release of one
    // credit would leave the first's account short).
    const row = await kit.app.ctx.db
      .selectFrom('held_credits')
      .select('movement_id')
      .where('id', '=', held[0]!.id)
      .executeTakeFirstOrThrow();
    const mark = (status: 'held' | 'released') =>
      kit.app.ctx.db
        .updateTable('held_credits')
        .set(
          status === 'released'
            ? { status, release_movement_id: row.movement_id, released_at: Date.now() }
            : { status, release_movement_id: null, released_at: null },
        )
        .where('id', '=', held[0]!.id)
        .execute();
    await mark('released');
    expect(await kit.invariants()).toContain(
      'held credits account balance 1000000 ≠ credits still held 0',
    );
    await mark('held');
    expect(await kit.invariants()).toEqual([]);
    expect(HELD_CREDITS_ACCOUNT).toBe('system:held_credits');
  });
});
