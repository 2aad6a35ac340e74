/**
 * Bearer secrets are not staff data (ADR 0071):
 * - `coupons.code` becomes the keyed hash of the code (the lookup and redemption key) and the
 *   code itself moves, sealed, to `coupons.sealed_code`; a coupon purchase's `purchased_code`
 *   (its codes) and a redemption's `coupon_code` are sealed in place. A reader of the database
 *   or of a backup can redeem none. The keys come from PIN_SECRET through the database
 *   handle's codes plugin (platform/db/sealed-codes.ts): rows already there are converted only by a
 *   start that holds the database's PIN_SECRET (its fingerprint, ADR 0036, is checked first);
 *   an empty table needs none.
 * - Retry records of coupon purchases and redemptions lose their kept answer (it held codes):
 *   a retry of those requests is answered from the transaction as it stands (ADR 0017).
 * - `users.admin_grants`: what an owner granted an admin beyond their role.
 * PostgreSQL: `transactions.coupon_code` was varchar(64), too short for a sealed code.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../src/platform/db/engine.ts';
import type { Database } from '../src/platform/db/schema.ts';
import { sealedCodesIn, type SealedCodes } from '../src/platform/db/sealed-codes.ts';

type Tables = Pick<
  Database,
  'coupons' | 'transactions' | 'idempotency_keys' | 'secret_fingerprints' | 'users'
>;

/** The codes plugin, refused unless its PIN_SECRET is the one this database first ran with. */
async function keyOf(db: Kysely<Tables>): Promise<SealedCodes> {
  const codes = sealedCodesIn(db);
  if (!codes) {
    throw new Error(
      '0028 seals the coupon codes already issued: run it by starting the server (npm start), which holds PIN_SECRET',
    );
  }
  const recorded = await db
    .selectFrom('secret_fingerprints')
    .select('fingerprint')
    .where('name', '=', 'PIN_SECRET')
    .executeTakeFirst();
  if (recorded && recorded.fingerprint !== codes.pinFingerprint) {
    throw new Error(
      '0028: this PIN_SECRET is not the one the database ran with; no coupon code was sealed',
    );
  }
  return codes;
}

export function sealedCouponCodes(engine: Engine): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as unknown as Kysely<Tables>;
      await db.schema
        .alterTable('coupons')
        .addColumn('sealed_code', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('users').addColumn('admin_grants', 'varchar(200)').execute();
      if (engine === 'postgres') {
        await sql`alter table transactions alter column coupon_code type text`.execute(db);
      }

      const coupons = await db.selectFrom('coupons').select('code').execute();
      const purchases = await db
        .selectFrom('transactions')
        .select(['id', 'purchased_code', 'coupon_code', 'product'])
        .where((eb) =>
          eb.or([
            eb.and([eb('product', '=', 'Coupon'), eb('purchased_code', 'is not', null)]),
            eb('coupon_code', 'is not', null),
          ]),
        )
        .execute();
      if (coupons.length === 0 && purchases.length === 0) return;
      const codes = await keyOf(db);
      for (const { code } of coupons) {
        await db
          .updateTable('coupons')
          .set({ code: codes.hash(code), sealed_code: codes.seal(code) })
          .where('code', '=', code)
          .execute();
      }
      for (const row of purchases) {
        await db
          .updateTable('transactions')
          .set({
            ...(row.product === 'Coupon' && row.purchased_code
              ? { purchased_code: codes.seal(row.purchased_code) }
              : {}),
            ...(row.coupon_code ? { coupon_code: codes.seal(row.coupon_code) } : {}),
          })
          .where('id', '=', row.id)
          .execute();
      }
      // Not a placeholder: a record with a transaction and no answer is answered from it.
      await db
        .updateTable('idempotency_keys')
        .set({ response: null, status_code: null })
        .where('transaction_id', 'in', (eb) =>
          eb
            .selectFrom('transactions')
            .select('id')
            .where((w) => w.or([w('product', '=', 'Coupon'), w('coupon_code', 'is not', null)])),
        )
        .execute();
    },
  };
}
