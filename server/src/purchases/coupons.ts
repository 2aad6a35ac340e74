/**
 * Coupons (decisions §8; ADR 0010): buying `units` debits units × the product's wallet price
 * (contract `couponPrice`) from the wallet into coupon liability and issues unguessable codes;
 * a purchase route redeems one (purchases/purchase-flow.ts claims it with a guarded UPDATE).
 * A coupon is kept under the keyed hash of its code, the code itself sealed (ADR 0071,
 * platform/db/sealed-codes.ts): rows read through the app's handle hold it opened in `sealed_code`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  airtimePrice,
  billPrice,
  couponMeta,
  couponOfAdminCreditMessage,
  couponPrice,
  dataPrice,
  tierPrice,
  tierProductOf,
  electricityPrice,
  LIMITS,
  MSG,
  SERVER_MSG,
  type Coupon,
  type CouponMeta,
  type CouponProduct,
  type Kobo,
  type PriceBreakdown,
  spendingLimitMessage,
} from '@contract';
import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { Database } from '../platform/db/schema.ts';
import { sealedCodes } from '../platform/db/sealed-codes.ts';
import {
  InsufficientFunds,
  SpendingLimitReached,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { bindIdempotencyKey } from '../platform/http/idempotency.ts';
import { recentAdminCreditDrawnOn } from '../payouts/withdrawal-review.ts';
import { checkPin, requireVerified } from '../wallet/wallet.ts';
import { toCoupon, type UserRow } from '../accounts/users.ts';
import { userTotals } from '../platform/aggregates.ts';
import { paged } from '../platform/paging.ts';
import { tierDiscountsOf } from './tiers.ts';

/** No 0/O, 1/I/L: read aloud and typed without mistakes (31 symbols). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 14 symbols × log2(31) ≈ 69 random bits from crypto (decisions §8: at least 60). */
const CODE_SYMBOLS = 14;

export function newCouponCode(product: CouponProduct): string {
  let out = '';
  const limit = 256 - (256 % ALPHABET.length); // rejection sampling: every symbol equally likely
  while (out.length < CODE_SYMBOLS) {
    for (const byte of randomBytes(32)) {
      if (byte < limit && out.length < CODE_SYMBOLS) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${out.slice(0, 7)}-${out.slice(7)}-${product}`;
}

const notFound = () => new ApiError('not_found', SERVER_MSG.productNotFound);

interface CouponBuy {
  product: CouponProduct;
  amount?: Kobo;
  unit: number;
  pin: string;
  service_id?: string;
  plan_id?: string;
  network_id?: string;
}

async function unitOf(
  ctx: AppContext,
  body: CouponBuy,
): Promise<{ unit: PriceBreakdown; meta: CouponMeta }> {
  const db = ctx.db;
  switch (body.product) {
    case 'AIRTIME': {
      const network = body.network_id
        ? await db
            .selectFrom('networks')
            .selectAll()
            .where('id', '=', body.network_id)
            .executeTakeFirst()
        : undefined;
      if (body.network_id && !network) throw notFound();
      const amount = body.amount!;
      return {
        unit: airtimePrice(amount, network ? Number(network.wallet_percent_off) : 0),
        meta: couponMeta.airtime(amount, network),
      };
    }
    case 'ELECTRICITY': {
      // Electricity coupons are prepaid tokens of one DisCo (decisions §8): the coupon keeps
      // both, or it could never be redeemed.
      const variation = await db
        .selectFrom('electricity_variations')
        .selectAll()
        .where('service_id', '=', body.service_id!)
        .where('variation_code', '=', 'prepaid')
        .executeTakeFirst();
      if (!variation) throw notFound();
      const amount = body.amount!;
      return {
        unit: electricityPrice(amount, Number(variation.fee_percent)),
        meta: couponMeta.electricity(amount, {
          name: variation.name,
          service_id: variation.service_id,
          variation_code: 'prepaid',
        }),
      };
    }
    case 'DATA-REGULAR':
    case 'DATA-NON-REGULAR': {
      let q = db
        .selectFrom('data_plans')
        .innerJoin('data_variations', 'data_variations.id', 'data_plans.variation_id')
        .selectAll('data_plans')
        .select([
          'data_variations.service_id',
          'data_variations.network_id',
          'data_variations.name as variation_name',
          'requires_account_id',
        ])
        .where((eb) =>
          eb.or([eb('plan_id', '=', body.plan_id!), eb('data_plans.id', '=', body.plan_id!)]),
        )
        .where('on_sale', '=', 1);
      if (body.service_id) q = q.where('data_variations.service_id', '=', body.service_id);
      const plan = await q.executeTakeFirst();
      const accountPlan = body.product === 'DATA-NON-REGULAR';
      if (!plan || (Number(plan.requires_account_id) === 1) !== accountPlan) throw notFound();
      const price = Number(plan.wallet_price);
      return {
        unit: dataPrice(price),
        meta: couponMeta.data(
          body.product,
          { id: plan.id, name: plan.name, price },
          { name: plan.variation_name, network_id: plan.network_id, service_id: plan.service_id },
        ),
      };
    }
    case 'CABLETV':
    case 'EDUCATION': {
      let q = db
        .selectFrom('bill_plans')
        .innerJoin('bill_variations', 'bill_variations.id', 'bill_plans.variation_id')
        .selectAll('bill_plans')
        .select(['bill_variations.service_id', 'bill_variations.convenience_fee'])
        .where('bill_variations.kind', '=', body.product === 'CABLETV' ? 'cabletv' : 'education')
        .where((eb) =>
          eb.or([eb('plan_id', '=', body.plan_id!), eb('bill_plans.id', '=', body.plan_id!)]),
        )
        .where('on_sale', '=', 1);
      if (body.service_id) q = q.where('bill_variations.service_id', '=', body.service_id);
      const plan = await q.executeTakeFirst();
      if (!plan) throw notFound();
      const price = Number(plan.price);
      return {
        unit: billPrice(price, Number(plan.convenience_fee)),
        meta: couponMeta.bill(body.product, { id: plan.id, name: plan.name, price }, plan),
      };
    }
  }
}

export async function buyCoupons(
  ctx: AppContext,
  user: UserRow,
  body: CouponBuy,
): Promise<Coupon[]> {
  requireVerified(user);
  await checkPin(ctx, user, body.pin);
  const { unit: standard, meta } = await unitOf(ctx, body);
  const wallet = walletAccountId(user.id);
  try {
    return await ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      // A unit costs what the product costs this customer from the wallet: their tier's price,
      // read in this transaction (ADR 0027).
      const discounts = await tierDiscountsOf(trx, user.id);
      const unit = tierPrice(tierProductOf(body.product), standard, discounts);
      const price = couponPrice(unit, body.unit);
      const { movementId, entries } = await postMovement(trx, {
        kind: 'coupon_purchase',
        legs: [
          { accountId: wallet, amount: -price.total },
          { accountId: systemAccountId('coupon_liability'), amount: price.total },
        ],
        now,
      });
      const entry = entries.get(wallet)!;
      // A coupon is a code anyone redeems: paid from money an admin credited lately, it would
      // move that money to another customer unchecked, as a share would (ADR 0088). Refused by
      // the share's measure; throwing rolls the movement back. Airtime, data and bills for the
      // customer's own use are still paid from it.
      const credited = await recentAdminCreditDrawnOn(trx, user.id, entry.balanceAfter, now);
      if (credited > 0) {
        throw new ApiError('limit_exceeded', couponOfAdminCreditMessage(credited));
      }
      const expires = now + LIMITS.couponLifetimeDays * 86_400_000;
      const codes = sealedCodes(trx);
      const issued = Array.from({ length: body.unit }, () => newCouponCode(body.product));
      const rows = issued.map((code) => ({
        code: codes.hash(code),
        sealed_code: codes.seal(code),
        owner_id: user.id,
        product: body.product,
        meta: JSON.stringify(meta),
        is_valid: 1,
        issued_at: now,
        expires_at: expires,
        unit_price: unit.total,
      }));
      await trx.insertInto('coupons').values(rows).execute();
      const transactionId = randomUUID();
      await trx
        .insertInto('transactions')
        .values({
          id: transactionId,
          user_id: user.id,
          movement_id: movementId,
          product: 'Coupon',
          direction: 'debit',
          status: 'successful',
          value: price.value,
          amount_charged: price.total,
          balance_before: entry.balanceBefore,
          balance_after: entry.balanceAfter,
          service_id: meta.service_id ?? null,
          plan: meta.name,
          plan_id: meta.plan_id ?? null,
          quantity: body.unit,
          purchased_code: codes.seal(issued.join('; ')),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await bindIdempotencyKey(trx, transactionId);
      return rows.map((r, i) =>
        toCoupon({ ...r, sealed_code: issued[i]!, redeemed_by: null, redeemed_at: null }, now),
      );
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      throw new ApiError('insufficient_funds', MSG.insufficientFunds);
    }
    if (err instanceof SpendingLimitReached) {
      throw new ApiError('limit_exceeded', spendingLimitMessage(err.limit, err.level));
    }
    throw err;
  }
}

/** A customer's coupons, newest first, one page (ADR 0020). */
export async function listMyCoupons(
  ctx: AppContext,
  user: UserRow,
  query: { page: number; limit: number },
) {
  const [{ coupons: n }, rows] = await Promise.all([
    // Counted as they are issued (user_totals, ADR 0069), not per page load.
    userTotals(ctx.db, user.id),
    ctx.db
      .selectFrom('coupons')
      .where('owner_id', '=', user.id)
      .selectAll()
      .orderBy('issued_at', 'desc')
      .orderBy('code', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return paged(
    rows.map((c) => toCoupon(c)),
    query,
    Number(n),
  );
}

/** The coupons a purchase bought, as they stand now (a retry of the same request). */
export async function couponsOfPurchase(ctx: AppContext, transactionId: string): Promise<Coupon[]> {
  const row = await ctx.db
    .selectFrom('transactions')
    .select('purchased_code')
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  // Read opened (platform/db/sealed-codes.ts): the codes themselves, found by their hashes.
  const codes = (row.purchased_code ?? '').split('; ').filter(Boolean);
  if (codes.length === 0) return [];
  const hashes = codes.map((code) => sealedCodes(ctx.db).hash(code));
  const coupons = await ctx.db
    .selectFrom('coupons')
    .selectAll()
    .where('code', 'in', hashes)
    .execute();
  return coupons.map((c) => toCoupon(c));
}

/**
 * True while the coupon's owner is not blocked. A blocked customer's unredeemed coupons are
 * frozen, not cancelled (ADR 0015): refused while blocked, valid again after unblock. Used in
 * the lookup and in the redemption's guarded UPDATE, so a block wins any race.
 */
export const ownerNotBlocked = (eb: ExpressionBuilder<Database, 'coupons'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.id', '=', 'coupons.owner_id')
        .where('users.is_blocked', '=', 1),
    ),
  );

/** The coupon row of a code (found by its hash) and whether it is frozen (owner blocked). */
export async function findCoupon(db: Db, code: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .select((eb) => ownerNotBlocked(eb).as('owner_active'))
    .where('code', '=', sealedCodes(db).hash(code))
    .executeTakeFirst();
}

/** Public: a code's product details; unknown, used, expired or frozen → 422 invalid_coupon. */
export async function verifyCoupon(ctx: AppContext, code: string): Promise<Coupon> {
  const found = await findCoupon(ctx.db, code);
  if (!found) throw new ApiError('invalid_coupon', SERVER_MSG.couponNotFound);
  const { owner_active, ...row } = found;
  if (Number(row.is_valid) !== 1) throw new ApiError('invalid_coupon', SERVER_MSG.couponUsed);
  if (!owner_active) throw new ApiError('invalid_coupon', SERVER_MSG.couponFrozen);
  if (Number(row.expires_at) <= Date.now()) {
    throw new ApiError('invalid_coupon', SERVER_MSG.couponExpired);
  }
  return toCoupon(row);
}
