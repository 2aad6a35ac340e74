/**
 * Purchases (spec §5; decisions §5; ADR 0008): validate → check pin → ONE DB transaction that
 * debits the payer (wallet, or coupon liability for a redemption) to the provider float and
 * inserts the transaction `pending` with the provider's name and request_id → call the
 * provider OUTSIDE the DB transaction → mark `successful` or `failed`. A timeout, a malformed
 * or unknown answer leaves it `pending` for the requery worker (`runRequeryOnce`). A failed
 * purchase is reversed exactly once (guarded `failed → reversed` + a reversing movement):
 * automatically unless AUTO_REVERSE_FAILED=0, else by an admin.
 */
import { randomUUID } from 'node:crypto';
import {
  airtimePrice,
  billPrice,
  COUPON_SCREEN,
  dataDestinationError,
  electricityPrice,
  FINAL_TRANSACTION_STATUSES,
  isJambProfileId,
  JAMB_SERVICE_ID,
  MSG,
  SERVER_MSG,
  suggestNetwork,
  type AdminOverview,
  type CouponMeta,
  type Kobo,
  type Product,
  type Transaction,
} from '@contract';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { CouponsTable, TransactionsTable } from '../db/schema.ts';
import {
  InsufficientFunds,
  postMovement,
  systemAccountId,
  walletAccountId,
} from '../domain/ledger.ts';
import { ApiError } from '../http/errors.ts';
import {
  newVtpassRequestId,
  type ProviderOutcome,
  type PurchaseRequest,
  type VtuProduct,
} from '../providers/index.ts';
import { findCoupon, ownerNotBlocked } from './coupons.ts';
import { checkPin, requireVerified } from './wallet.ts';
import { toTransaction, type UserRow } from './users.ts';

type TxRow = Selectable<TransactionsTable>;

/** First requery after this; then doubling up to REQUERY_MAX_MS (decisions §5). */
export const REQUERY_FIRST_MS = 5_000;
export const REQUERY_MAX_MS = 10 * 60_000;
/** A claimed job is leased for this long; a worker that dies loses its claim after it. */
const REQUERY_LEASE_MS = 60_000;

/**
 * The first requery waits until the purchase call itself has surely ended (a real provider
 * may take up to PROVIDER_TIMEOUT_MS): asking about a request still in flight could hear
 * "unknown" and reverse a sale that then succeeds. The in-process sandbox answers fast.
 */
function firstRequeryDelay(ctx: AppContext, providerName: string): number {
  if (providerName.startsWith('sandbox')) return REQUERY_FIRST_MS;
  return ctx.providers.config.PROVIDER_TIMEOUT_MS + REQUERY_FIRST_MS;
}

export const autoReverse = (ctx: AppContext) => ctx.config.env.AUTO_REVERSE_FAILED !== '0';

const notFound = () => new ApiError('not_found', SERVER_MSG.productNotFound);
const invalidCoupon = () => new ApiError('invalid_coupon', MSG.couponInvalid);
const frozenCoupon = () => new ApiError('invalid_coupon', SERVER_MSG.couponFrozen);

/** What a route decided to buy, priced on the server from catalogue ids. */
interface Order {
  product: Product;
  vtu: VtuProduct;
  /** Face value. */
  value: Kobo;
  /** What the payer is charged. */
  total: Kobo;
  request: Omit<PurchaseRequest, 'requestId'>;
  columns: Partial<TxRow>;
}

async function loadCoupon(db: Db, code: string): Promise<Selectable<CouponsTable>> {
  const found = await findCoupon(db, code);
  if (!found || Number(found.is_valid) !== 1 || Number(found.expires_at) <= Date.now()) {
    throw invalidCoupon();
  }
  const { owner_active, ...row } = found;
  if (!owner_active) throw frozenCoupon();
  return row;
}

/** The common flow once the order is priced. */
async function buy(
  ctx: AppContext,
  user: UserRow,
  product: Product,
  pin: string,
  couponCode: string | undefined,
  price: (coupon?: CouponMeta) => Promise<Order>,
): Promise<Transaction> {
  requireVerified(user);
  await checkPin(ctx, user.id, pin);
  let coupon: Selectable<CouponsTable> | undefined;
  let meta: CouponMeta | undefined;
  if (couponCode) {
    coupon = await loadCoupon(ctx.db, couponCode);
    meta = JSON.parse(coupon.meta) as CouponMeta;
    // A coupon is redeemed on its own product's screen only.
    if (COUPON_SCREEN[meta.product] !== product) throw invalidCoupon();
  }
  const order = await price(meta);

  const provider = ctx.providers.forProduct(order.vtu, order.request.serviceId);
  const requestId = newVtpassRequestId();
  const id = randomUUID();
  const payer = coupon ? systemAccountId('coupon_liability') : walletAccountId(user.id);
  const paid = coupon ? Number(coupon.unit_price) : order.total;
  try {
    await ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      if (coupon) {
        // Single use: the claim is one guarded UPDATE; a second redeemer matches no row.
        const claimed = await trx
          .updateTable('coupons')
          .set({ is_valid: 0, redeemed_by: user.id, redeemed_at: now })
          .where('code', '=', coupon.code)
          .where('is_valid', '=', 1)
          .where('expires_at', '>', now)
          .where(ownerNotBlocked)
          .returning('code')
          .executeTakeFirst();
        if (!claimed) throw invalidCoupon();
      }
      const { movementId, entries } = await postMovement(trx, {
        kind: coupon ? 'coupon_redemption' : 'purchase',
        memo: id,
        legs: [
          { accountId: payer, amount: -paid },
          { accountId: systemAccountId('provider_float'), amount: paid },
        ],
        now,
      });
      const balance = coupon
        ? await trx
            .selectFrom('accounts')
            .select('balance')
            .where('id', '=', walletAccountId(user.id))
            .executeTakeFirstOrThrow()
            .then((r) => Number(r.balance))
        : undefined;
      const entry = entries.get(payer)!;
      await trx
        .insertInto('transactions')
        .values({
          ...order.columns,
          id,
          user_id: user.id,
          movement_id: movementId,
          product: order.product,
          direction: 'debit',
          status: 'pending',
          value: order.value,
          amount_charged: coupon ? 0 : paid,
          balance_before: balance ?? entry.balanceBefore,
          balance_after: balance ?? entry.balanceAfter,
          service_id: order.request.serviceId,
          coupon_code: coupon?.code ?? null,
          provider: provider.name,
          provider_request_id: requestId,
          next_requery_at: now + firstRequeryDelay(ctx, provider.name),
          paid_account: payer,
          paid_amount: paid,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      throw new ApiError('insufficient_funds', MSG.insufficientFunds);
    }
    throw err;
  }

  let outcome: ProviderOutcome;
  try {
    outcome = await provider.purchase({ ...order.request, requestId });
  } catch (err) {
    // Unknown: the provider may have sold it. Pending until a requery says otherwise.
    ctx.log.warn({ err: (err as Error).message, id }, 'purchase call failed; left pending');
    outcome = { status: 'pending', message: 'The provider did not answer.' };
  }
  await settle(ctx, id, outcome);
  return transactionById(ctx.db, id);
}

export async function transactionById(db: Db, id: string): Promise<Transaction> {
  const row = await db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .selectAll('transactions')
    .select('users.email')
    .where('transactions.id', '=', id)
    .executeTakeFirstOrThrow();
  return toTransaction(row, row.email);
}

/**
 * Applies a provider answer to a pending purchase (guarded: only `pending` rows move, so two
 * workers, or a worker and the request, cannot settle it twice). Failed → auto reversal.
 */
export async function settle(ctx: AppContext, id: string, outcome: ProviderOutcome) {
  const now = Date.now();
  if (outcome.status === 'pending') return;
  const base = ctx.db
    .updateTable('transactions')
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (outcome.status === 'successful') {
    await base
      .set({
        status: 'successful',
        token: outcome.token ?? null,
        units: outcome.units ?? null,
        exchange_reference: outcome.exchangeReference ?? null,
        purchased_code: outcome.purchasedCode ?? null,
        customer_name: outcome.customerName ?? null,
        response_msg: outcome.message?.slice(0, 500) ?? null,
        next_requery_at: null,
        updated_at: now,
      })
      .execute();
    return;
  }
  const moved = await base
    .set({
      status: 'failed',
      response_msg: outcome.message?.slice(0, 500) ?? null,
      next_requery_at: null,
      updated_at: now,
    })
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1 && autoReverse(ctx)) {
    await reverse(ctx, id).catch((err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
    });
  }
}

/**
 * `failed → reversed`, exactly once: the guarded UPDATE and the reversing movement commit
 * together. A coupon redemption returns the money to coupon liability and the code is valid
 * again; a wallet purchase refunds the wallet.
 */
export async function reverse(ctx: AppContext, id: string, userId?: string): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const now = Date.now();
    let q = trx
      .updateTable('transactions')
      .set({ status: 'reversed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .where('paid_account', 'is not', null);
    if (userId) q = q.where('user_id', '=', userId);
    const row = await q.returningAll().executeTakeFirst();
    if (!row) {
      let exists = trx.selectFrom('transactions').select('id').where('id', '=', id);
      if (userId) exists = exists.where('user_id', '=', userId);
      if (!(await exists.executeTakeFirst())) {
        throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
      }
      throw new ApiError('conflict', SERVER_MSG.notReversible);
    }
    const amount = Number(row.paid_amount);
    if (amount > 0) {
      await postMovement(trx, {
        kind: 'reversal',
        memo: id,
        legs: [
          { accountId: systemAccountId('provider_float'), amount: -amount },
          { accountId: row.paid_account as string, amount },
        ],
        now,
      });
    }
    if (row.coupon_code) {
      await trx
        .updateTable('coupons')
        .set({ is_valid: 1, redeemed_by: null, redeemed_at: null })
        .where('code', '=', row.coupon_code)
        .execute();
    }
    return SERVER_MSG.reversed;
  });
}

// ── The requery worker ────────────────────────────────────────────────────────

/** Claims due pending purchases (a DB-table job) so only one worker asks about each. */
async function claimDue(ctx: AppContext, now: number, limit: number): Promise<TxRow[]> {
  const lease = now + REQUERY_LEASE_MS;
  if (ctx.dbh.engine === 'postgres') {
    const result = await sql<TxRow>`
      update transactions set next_requery_at = ${lease},
        requery_attempts = requery_attempts + 1
      where id in (
        select id from transactions
        where status = 'pending' and next_requery_at <= ${now} and provider is not null
        order by next_requery_at limit ${limit}
        for update skip locked)
      returning *`.execute(ctx.db);
    return result.rows;
  }
  const due = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'next_requery_at'])
    .where('status', '=', 'pending')
    .where('next_requery_at', '<=', now)
    .where('provider', 'is not', null)
    .orderBy('next_requery_at')
    .limit(limit)
    .execute();
  const claimed: TxRow[] = [];
  for (const d of due) {
    // Guarded claim: matches only if no other worker moved next_requery_at meanwhile.
    const row = await ctx.db
      .updateTable('transactions')
      .set((eb) => ({ next_requery_at: lease, requery_attempts: eb('requery_attempts', '+', 1) }))
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .where('next_requery_at', '=', d.next_requery_at)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/**
 * One pass of the requery worker: asks the provider that sold each due pending purchase and
 * settles it; still pending → back off (5 s, 10 s, 20 s … up to 10 min). `now` lets tests and
 * a restart treat every pending purchase as due. Answers how many were settled.
 */
export async function runRequeryOnce(
  ctx: AppContext,
  options: { now?: number; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  let settled = 0;
  if (autoReverse(ctx)) {
    // A crash between "failed" and its reversal leaves a failed row: reverse it now (guarded).
    const failed = await ctx.db
      .selectFrom('transactions')
      .select('id')
      .where('status', '=', 'failed')
      .where('paid_account', 'is not', null)
      .limit(options.limit ?? 50)
      .execute();
    for (const f of failed) {
      await reverse(ctx, f.id).then(
        () => settled++,
        (err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
        },
      );
    }
  }
  const rows = await claimDue(ctx, now, options.limit ?? 50);
  for (const row of rows) {
    const provider = ctx.providers.byName(row.provider as string);
    let outcome: ProviderOutcome = { status: 'pending' };
    if (provider && row.provider_request_id) {
      try {
        outcome = await provider.requery(row.provider_request_id);
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message, id: row.id }, 'requery failed');
      }
    }
    if (outcome.status === 'pending') {
      const attempts = Number(row.requery_attempts);
      const wait = Math.min(REQUERY_FIRST_MS * 2 ** Math.min(attempts, 20), REQUERY_MAX_MS);
      await ctx.db
        .updateTable('transactions')
        .set({ next_requery_at: Date.now() + wait })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
    } else {
      await settle(ctx, row.id, outcome);
      settled++;
    }
  }
  return settled;
}

/** Runs the worker every few seconds (and at once: a restart picks up what a crash left). */
export function startRequeryWorker(ctx: AppContext, everyMs = 2_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runRequeryOnce(ctx).catch((err: Error) =>
      ctx.log.warn({ err: err.message }, 'requery pass failed'),
    );
  };
  tick();
  const timer = setInterval(() => {
    void running.then(tick);
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

// ── The five products ─────────────────────────────────────────────────────────

async function networkFor(db: Db, networkId: string | undefined, phone: string) {
  const all = await db.selectFrom('networks').selectAll().execute();
  if (networkId) {
    const n = all.find((x) => x.id === networkId || x.service_id === networkId);
    if (!n) throw notFound();
    return n;
  }
  const name = suggestNetwork(phone);
  const n = all.find((x) => x.name === name);
  if (!n) throw new ApiError('validation_error', MSG.inputsInvalid);
  return n;
}

export function airtime(
  ctx: AppContext,
  user: UserRow,
  body: {
    pin: string;
    phone_number: string;
    amount: Kobo;
    network_id?: string;
    coupon_code?: string;
  },
) {
  return buy(ctx, user, 'Airtime', body.pin, body.coupon_code, async (coupon) => {
    const amount = coupon ? coupon.amount : body.amount;
    const network = await networkFor(
      ctx.db,
      body.network_id ?? coupon?.network_id,
      body.phone_number,
    );
    const price = airtimePrice(amount, Number(network.wallet_percent_off));
    return {
      product: 'Airtime',
      vtu: 'airtime',
      value: price.value,
      total: price.total,
      request: {
        product: 'airtime',
        serviceId: network.service_id,
        amount,
        phone: body.phone_number,
      },
      columns: { transaction_phone: body.phone_number, plan: network.name },
    };
  });
}

export function data(
  ctx: AppContext,
  user: UserRow,
  body: {
    pin: string;
    plan_id?: string;
    service_id: string;
    phone_number?: string;
    account_id?: string;
    coupon_code?: string;
  },
) {
  return buy(ctx, user, 'Data', body.pin, body.coupon_code, async (coupon) => {
    const planId = coupon?.plan_id ?? body.plan_id;
    const serviceId = coupon?.service_id ?? body.service_id;
    const variation = await ctx.db
      .selectFrom('data_variations')
      .selectAll()
      .where('service_id', '=', serviceId)
      .executeTakeFirst();
    if (!variation) throw notFound();
    const needsAccount = Number(variation.requires_account_id) === 1;
    const message = dataDestinationError({ ...body, plan_id: planId }, needsAccount);
    if (message) throw new ApiError('validation_error', message);
    const plan = await ctx.db
      .selectFrom('data_plans')
      .selectAll()
      .where('variation_id', '=', variation.id)
      .where((eb) => eb.or([eb('plan_id', '=', planId!), eb('id', '=', planId!)]))
      .where('on_sale', '=', 1)
      .executeTakeFirst();
    if (!plan) throw notFound();
    const price = Number(plan.wallet_price);
    const destination = needsAccount ? body.account_id! : body.phone_number!;
    return {
      product: 'Data',
      vtu: 'data',
      value: price,
      total: price,
      request: {
        product: 'data',
        serviceId: variation.service_id,
        variationCode: plan.plan_id,
        amount: price,
        phone: body.phone_number ?? user.phone,
        billersCode: destination,
      },
      columns: {
        plan: plan.name,
        plan_id: plan.plan_id,
        transaction_phone: needsAccount ? null : destination,
        account_id: needsAccount ? destination : null,
      },
    };
  });
}

async function billPlan(db: Db, kind: 'cabletv' | 'education', serviceId: string, planId: string) {
  const variation = await db
    .selectFrom('bill_variations')
    .selectAll()
    .where('kind', '=', kind)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!variation) throw notFound();
  const plan = await db
    .selectFrom('bill_plans')
    .selectAll()
    .where('variation_id', '=', variation.id)
    .where((eb) => eb.or([eb('plan_id', '=', planId), eb('id', '=', planId)]))
    .where('on_sale', '=', 1)
    .executeTakeFirst();
  if (!plan) throw notFound();
  return { variation, plan };
}

export function cabletv(
  ctx: AppContext,
  user: UserRow,
  body: {
    service_id: string;
    plan_id: string;
    smart_card_number: string;
    pin: string;
    coupon_code?: string;
  },
) {
  return buy(ctx, user, 'CableTV', body.pin, body.coupon_code, async (coupon) => {
    const { variation, plan } = await billPlan(
      ctx.db,
      'cabletv',
      coupon?.service_id ?? body.service_id,
      coupon?.plan_id ?? body.plan_id,
    );
    const price = billPrice(Number(plan.price), Number(variation.convenience_fee));
    return {
      product: 'CableTV',
      vtu: 'cabletv',
      value: price.value,
      total: price.total,
      request: {
        product: 'cabletv',
        serviceId: variation.service_id,
        variationCode: plan.plan_id,
        amount: Number(plan.price),
        phone: user.phone,
        billersCode: body.smart_card_number,
        subscriptionType: 'change',
      },
      columns: {
        plan: plan.name,
        plan_id: plan.plan_id,
        smart_card_number: body.smart_card_number,
      },
    };
  });
}

export function electricity(
  ctx: AppContext,
  user: UserRow,
  body: {
    service_id: string;
    variation_code: 'prepaid' | 'postpaid';
    meter_number: string;
    amount?: Kobo;
    pin: string;
    coupon_code?: string;
  },
) {
  return buy(ctx, user, 'Electricity', body.pin, body.coupon_code, async (coupon) => {
    // A coupon buys its own DisCo, meter type and amount; its minimum (₦200) was checked when
    // it was bought. One sold before coupons kept their DisCo uses the one the customer chose
    // (decision 0013). The face value is what the coupon paid for.
    const variation = await ctx.db
      .selectFrom('electricity_variations')
      .selectAll()
      .where('service_id', '=', coupon?.service_id ?? body.service_id)
      .where(
        'variation_code',
        '=',
        coupon ? (coupon.variation_code ?? 'prepaid') : body.variation_code,
      )
      .executeTakeFirst();
    if (!variation) throw notFound();
    const amount = coupon ? coupon.amount : body.amount;
    if (amount === undefined) {
      throw new ApiError('validation_error', MSG.electricityAmountEmpty);
    }
    const price = electricityPrice(amount, Number(variation.fee_percent));
    return {
      product: 'Electricity',
      vtu: 'electricity',
      value: price.value,
      total: price.total,
      request: {
        product: 'electricity',
        serviceId: variation.service_id,
        variationCode: variation.variation_code,
        amount,
        phone: user.phone,
        billersCode: body.meter_number,
      },
      columns: {
        plan: variation.name,
        plan_id: variation.variation_code,
        meter_number: body.meter_number,
      },
    };
  });
}

export function education(
  ctx: AppContext,
  user: UserRow,
  body: {
    service_id: string;
    plan_id: string;
    pin: string;
    quantity: number;
    profile_id?: string;
    coupon_code?: string;
  },
) {
  return buy(ctx, user, 'Education', body.pin, body.coupon_code, async (coupon) => {
    const { variation, plan } = await billPlan(
      ctx.db,
      'education',
      coupon?.service_id ?? body.service_id,
      coupon?.plan_id ?? body.plan_id,
    );
    // A JAMB coupon's exam is only known here: the profile id is checked for it too.
    if (variation.service_id === JAMB_SERVICE_ID && !isJambProfileId(body.profile_id)) {
      throw new ApiError('validation_error', SERVER_MSG.jambProfileId);
    }
    const quantity = coupon ? 1 : body.quantity;
    const price = billPrice(Number(plan.price), Number(variation.convenience_fee), quantity);
    return {
      product: 'Education',
      vtu: 'education',
      value: price.value,
      total: price.total,
      request: {
        product: 'education',
        serviceId: variation.service_id,
        variationCode: plan.plan_id,
        amount: Number(plan.price) * quantity,
        phone: user.phone,
        billersCode: body.profile_id,
        quantity,
      },
      columns: { plan: plan.name, plan_id: plan.plan_id, quantity },
    };
  });
}

// ── History, admin list, overview, customer lookup ───────────────────────────

/** Hides one of the user's own finished transactions (the ledger keeps its entries). */
export async function deleteTransaction(ctx: AppContext, user: UserRow, id: string) {
  const row = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  if (!FINAL_TRANSACTION_STATUSES.includes(row.status as Transaction['status'])) {
    throw new ApiError('conflict', SERVER_MSG.notDeletable);
  }
  await ctx.db
    .updateTable('transactions')
    .set({ deleted: 1 })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('status', 'in', [...FINAL_TRANSACTION_STATUSES])
    .execute();
  return SERVER_MSG.deleted;
}

export async function listTransactions(
  ctx: AppContext,
  query: { page: number; limit: number; q?: string; id?: string },
) {
  let base = ctx.db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id');
  if (query.q) base = base.where('users.email', '=', query.q.toLowerCase());
  if (query.id) base = base.where('transactions.id', '=', query.id);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('transactions')
    .select('users.email')
    .orderBy('transactions.created_at', 'desc')
    .orderBy('transactions.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const count = Number(total);
  return {
    message: rows.map((r) => toTransaction(r, r.email)),
    page: query.page,
    pages: Math.max(1, Math.ceil(count / query.limit)),
    total: count,
  };
}

const DAY_MS = 86_400_000;

export async function overview(ctx: AppContext, now = Date.now()): Promise<AdminOverview> {
  const count = (r: { n: unknown }) => Number(r.n);
  const users = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const recent = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('last_login', '>=', now - 1_000_000)
    .executeTakeFirstOrThrow();
  const payments = await ctx.db
    .selectFrom('payments')
    .select((eb) => [eb.fn.countAll().as('n'), sql<number>`coalesce(sum(amount), 0)`.as('sum')])
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const from = today - 29 * DAY_MS;
  const rows = await ctx.db
    .selectFrom('transactions')
    .select(['created_at', 'value'])
    .where('status', '=', 'successful')
    .where('direction', '=', 'debit')
    .where('created_at', '>=', from)
    .execute();
  const daily = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(from + i * DAY_MS).toISOString().slice(0, 10),
    value: 0,
    count: 0,
  }));
  for (const r of rows) {
    const d = daily[Math.floor((Number(r.created_at) - from) / DAY_MS)];
    if (d) {
      d.value += Number(r.value);
      d.count += 1;
    }
  }
  return {
    total_users: count(users),
    payments_count: count(payments),
    payments_amount: Number(payments.sum),
    recent_users: count(recent),
    daily,
  };
}

export async function verifyCustomer(
  ctx: AppContext,
  body: { service_id: string; customer_number: string; variation_code?: 'prepaid' | 'postpaid' },
) {
  const electric = await ctx.db
    .selectFrom('electricity_variations')
    .select('id')
    .where('service_id', '=', body.service_id)
    .executeTakeFirst();
  const bill = await ctx.db
    .selectFrom('bill_variations')
    .select('kind')
    .where('service_id', '=', body.service_id)
    .executeTakeFirst();
  if (!electric && !bill) throw notFound();
  const product: VtuProduct = electric ? 'electricity' : (bill!.kind as VtuProduct);
  let found;
  try {
    found = await ctx.providers.forProduct(product, body.service_id).verifyCustomer({
      serviceId: body.service_id,
      customerNumber: body.customer_number,
      variationCode: body.variation_code,
    });
  } catch {
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (!found) throw new ApiError('not_found', SERVER_MSG.customerNotFound);
  return found;
}
