/**
 * First start (decisions §2): system ledger accounts, the catalogue, an admin and, in sandbox
 * mode only (ADR 0014), a demo customer whose wallet is funded through the ledger (from card
 * clearing, like a card top-up: money from nowhere, which only the sandbox may have).
 * Idempotent: every part checks what is there first, and `buildApp` runs it inside
 * `dbh.exclusive`, so of several instances started together exactly one seeds.
 */
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PIN } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './platform/db/index.ts';
import {
  ensureSystemAccounts,
  postMovement,
  systemAccountId,
  walletAccountId,
} from './wallet/ledger.ts';
import { insertUser } from './accounts/auth.ts';
import { seedCatalogue } from './purchases/catalogue.ts';

export const DEMO_FUNDS_KOBO = 50_000_00;

export interface SeedResult {
  /** True when this start created the admin (and, in sandbox mode, the demo customer). */
  createdUsers: boolean;
}

const hasUsers = async (db: Db) => {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count) > 0;
};

export async function seed(ctx: AppContext): Promise<SeedResult> {
  await ctx.dbh.writeTx(async (trx) => {
    await ensureSystemAccounts(trx);
    await seedCatalogue(trx);
  });
  if (await hasUsers(ctx.db)) return { createdUsers: false };

  const demo = ctx.mode === 'sandbox';
  const [adminHash, demoHash] = await Promise.all([
    ctx.hasher.hash(ctx.config.adminPassword),
    demo ? ctx.hasher.hash(DEMO_PASSWORD) : '',
  ]);
  return ctx.dbh.writeTx(async (trx) => {
    if (await hasUsers(trx)) return { createdUsers: false };
    await insertUser(
      trx,
      { name: 'Administrator', email: ctx.config.adminEmail, phone: '08000000000', password: '' },
      adminHash,
      { admin: true, verified: true },
    );
    if (!demo) return { createdUsers: true };
    const demoId = await insertUser(
      trx,
      { name: 'Demo Customer', email: DEMO_EMAIL, phone: '08031234567', password: '' },
      demoHash,
      { verified: true },
    );
    // The demo customer shows every screen with its ₦50,000 and more: verified by our team,
    // level 3 (ADR 0058), so no limit stops a demo; new sign-ups start at level 1.
    await trx
      .updateTable('users')
      .set({ pin_hash: ctx.pins.hash(demoId, DEMO_PIN), verification_level: 3 })
      .where('id', '=', demoId)
      .execute();
    await postMovement(trx, {
      kind: 'seed',
      memo: 'demo wallet funding',
      legs: [
        { accountId: systemAccountId('card_clearing'), amount: -DEMO_FUNDS_KOBO },
        { accountId: walletAccountId(demoId), amount: DEMO_FUNDS_KOBO },
      ],
    });
    return { createdUsers: true };
  });
}
