/**
 * Purchases (spec §5; decisions §5; ADR 0008): validate → check pin → ONE DB transaction that
 * debits the payer (wallet, or coupon liability for a redemption) to the provider float and
 * inserts the transaction `pending` with the provider's name and request_id → call the
 * provider OUTSIDE the DB transaction → settle (reversal.ts). A timeout, a malformed or
 * unknown answer leaves it `pending` for the requery worker (requery.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  airtimePrice,
  billPrice,
  COUPON_SCREEN,
  dataPrice,
  dataDestinationError,
  electricityPrice,
  isJambProfileId,
  JAMB_SERVICE_ID,
  MSG,
  RESELLER_MSG,
  SERVER_MSG,
  suggestNetwork,
  TV_MSG,
  tierPrice,
  type CouponMeta,
  type Kobo,
  type PriceBreakdown,
  type Product,
  type TierProduct,
  type Transaction,
  spendingLimitMessage,
} from '@contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { CouponsTable, TransactionsTable } from '../platform/db/schema.ts';
import { sealedCodes } from '../platform/db/sealed-codes.ts';
import {
  InsufficientFunds,
  SpendingLimitReached,
  postMovement,
  providerFloatAccountId,
  systemAccountId,
  walletAccountId,
} from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { bindIdempotencyKey, currentRequestId } from '../platform/http/idempotency.ts';
import { newVtpassRequestId, type PurchaseRequest, type VtuProduct } from '../providers/index.ts';
import { inBackground, parseCapacity, purchaseGate } from '../platform/capacity.ts';
import { currentApiKeyId } from '../reseller/api-keys.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { checkKeyPin } from '../reseller/key-pins.ts';
import { findCoupon, ownerNotBlocked } from './coupons.ts';
import { transactionById } from '../wallet/history.ts';
import { purchaseRoute, sendPurchase, triedJson } from '../providers/failover.ts';
import { firstRequeryDelay, requerySoonAfterAnswer } from './requery.ts';
import { settle } from './reversal.ts';
import { tierAndPinOf } from './tiers.ts';
import { currentRenewal, renewalOf } from './tv-renewal.ts';
import { toTransaction, type UserRow } from '../accounts/users.ts';
import { checkPin, pinStillClean, requireVerified, rightPinOnCleanRow } from '../wallet/wallet.ts';

type TxRow = Selectable<TransactionsTable>;

const notFound = () => new ApiError('not_found', SERVER_MSG.productNotFound);
const invalidCoupon = () => new ApiError('invalid_coupon', MSG.couponInvalid);
const frozenCoupon = () => new ApiError('invalid_coupon', SERVER_MSG.couponFrozen);

/** The pin row changed between the request's read and the debit: roll back, check it again. */
class PinRecheck extends Error {}

/** What a route decided to buy, priced on the server from catalogue ids. */
interface Order {
  product: Product;
  vtu: VtuProduct;
  tier: TierProduct;
  /** The standard wallet price; the customer's tier is applied inside the transaction. */
  price: PriceBreakdown;
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
  const apiKeyId = currentApiKeyId();
  // The database work before and after the provider call takes turns (PURCHASE_CONCURRENCY),
  // never the call itself: a burst of purchases then queues here, in memory, instead of in
  // front of the pool, where every signed-in read and the settlements would wait behind it
  // (ADR 0060).
  const gate = purchaseGate(ctx.config);
  const charged = await gate.run(() =>
    charge(ctx, user, product, pin, couponCode, price, apiKeyId),
  );
  const { order, route, admitted, requestId, id } = charged;
  // Charged: every purchase is counted as pending once, then as settled (reversal.ts; ADR 0049).
  ctx.metrics.purchase(order.product, admitted.provider.name, 'pending');
  let toldPending = false;
  const finish = (async () => {
    // A definite refusal moves it down the order; anything else stays where it is (ADR 0052).
    const outcome = await sendPurchase(ctx, route, admitted, { ...order.request, requestId }, id);
    // The provider answered "pending": the call is over, so its first requery comes 5 s after
    // this answer, not after the in-flight window (ADR 0092). A time-out keeps the window. A
    // failure here only leaves the window: it never costs the purchase its answer.
    await requerySoonAfterAnswer(ctx, id, outcome, Date.now()).catch((err: unknown) =>
      ctx.log.warn({ err, id }, 'the first requery was not brought forward; it keeps its window'),
    );
    // Settling finishes a purchase already charged: it goes before purchases not started yet.
    return gate.run(
      async () => {
        const settled = await settle(ctx, id, outcome, apiKeyId, () => toldPending);
        return settled ? toTransaction(settled, user.email) : transactionById(ctx.db, id);
      },
      { urgent: true },
    );
  })();
  // The customer waits for the provider at most the answer budget (ADR 0075); then they are
  // answered the purchase as it stands (pending: debited once, at the provider) and the call
  // goes on here, settling it by the same guarded settlement, or, should this process die
  // first, the requery worker does (its first ask comes after the call surely ended).
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      // Set when the budget ends, not when this function resumes: a settlement committing in
      // between already counts the delivery as news to a customer answered pending.
      toldPending = true;
      resolve(null);
    }, parseCapacity(ctx.config.env).purchaseAnswerMs);
  });
  const first = await Promise.race([finish, budget]).finally(() => clearTimeout(timer));
  // Answered pending (the provider said so, or the budget ran out): an SMS says it is
  // processing and that its outcome follows (ADR 0081), once (its key), and only while it still
  // is pending. A failure here never fails the answer.
  const toldProcessing = () =>
    gate
      .run(() => tellProcessing(ctx, id), { urgent: true })
      .catch((err: unknown) => ctx.log.warn({ err, id }, 'the processing SMS was not queued'));
  if (first) {
    if (first.status === 'pending') await toldProcessing();
    return first;
  }
  await toldProcessing();
  inBackground(
    ctx.config,
    finish.catch((err: unknown) =>
      ctx.log.error(
        { err, id },
        'settling a purchase after its answer failed; the requery settles it',
      ),
    ),
  );
  return transactionById(ctx.db, id);
}

/** Queues the "processing" SMS of a purchase answered pending, if it still is. */
async function tellProcessing(ctx: AppContext, id: string): Promise<void> {
  await ctx.dbh.writeTx(async (trx) => {
    const row = await trx
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (row) await customerMail(trx, row.user_id, { kind: 'processing', purchase: row });
  });
}

/** Validates, prices and charges a purchase: recorded `pending`, ready for its provider. */
async function charge(
  ctx: AppContext,
  user: UserRow,
  product: Product,
  pin: string,
  couponCode: string | undefined,
  price: (coupon?: CouponMeta) => Promise<Order>,
  apiKeyId: string | null,
) {
  // A right pin on a clean row is confirmed inside the debit's transaction, not with a write
  // of its own (ADR 0029); anything else is checked (and counted) first, as before. Through an
  // API key the pin is counted on the key's budget, never the app's (ADR 0034).
  let pinInTx = !apiKeyId && rightPinOnCleanRow(ctx, user, pin);
  // The hash the key's pin was checked against: the debit refuses if the row has another now.
  let keyPinHash = user.pin_hash;
  if (apiKeyId) await checkKeyPin(ctx, user, apiKeyId, pin);
  else if (!pinInTx) await checkPin(ctx, user, pin);
  let coupon: Selectable<CouponsTable> | undefined;
  let meta: CouponMeta | undefined;
  if (couponCode) {
    coupon = await loadCoupon(ctx.db, couponCode);
    meta = JSON.parse(coupon.meta) as CouponMeta;
    // A coupon is redeemed on its own product's screen only.
    if (COUPON_SCREEN[meta.product] !== product) throw invalidCoupon();
  }
  const order = await price(meta);

  // The admin's provider order (ADR 0052): the first that sells the plan and is not paused.
  // None: refused before any money moves.
  const route = await purchaseRoute(ctx, order.vtu, order.request);
  const admitted = await route.next();
  if (!admitted) throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  const { provider } = admitted;
  const requestId = newVtpassRequestId();
  const id = randomUUID();
  const payer = coupon ? systemAccountId('coupon_liability') : walletAccountId(user.id);
  const debit = () =>
    ctx.dbh.writeTx(async (trx) => {
      const now = Date.now();
      // The tier is read in this transaction: a tier change commits before or after, whole.
      // A coupon was paid for when it was bought (at that buyer's tier). The pin row comes
      // with it: a pin changed, a wrong one counted or a lock since the request read the user
      // rolls this back (PinRecheck) and the pin is checked the long way.
      if (apiKeyId) {
        // A key authenticated before a revocation (by the owner, a reset, a block) committed
        // must not debit after it: one guarded UPDATE, which on PostgreSQL also holds the key's
        // row until this commits, so a revocation lands wholly before or after the debit.
        const live = await trx
          .updateTable('api_keys')
          .set({ last_used_at: now })
          .where('id', '=', apiKeyId)
          .where('revoked_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!live) throw new ApiError('unauthorized', RESELLER_MSG.keyInvalid);
      }
      const terms = coupon && !pinInTx && !apiKeyId ? undefined : await tierAndPinOf(trx, user.id);
      if (pinInTx && !pinStillClean(terms?.pin, user.pin_hash, now)) throw new PinRecheck();
      // Through a key: the pin checked must still be the account's (a reset clears it, a change
      // replaces it); the key's budget, not the app's lock, decides the rest (ADR 0034).
      if (apiKeyId && (terms?.pin?.pin_hash ?? null) !== keyPinHash) throw new PinRecheck();
      const paid = coupon
        ? Number(coupon.unit_price)
        : tierPrice(order.tier, order.price, terms!.discounts).total;
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
          { accountId: providerFloatAccountId(id), amount: paid },
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
          value: order.price.value,
          amount_charged: coupon ? 0 : paid,
          balance_before: balance ?? entry.balanceBefore,
          balance_after: balance ?? entry.balanceAfter,
          service_id: order.request.serviceId,
          // Sealed at rest, read opened (ADR 0071): the code, never its hash.
          coupon_code: coupon ? sealedCodes(trx).seal(coupon.sealed_code) : null,
          provider: provider.name,
          provider_request_id: requestId,
          providers_tried: triedJson(route),
          next_requery_at: now + firstRequeryDelay(ctx, provider.name),
          paid_account: payer,
          paid_amount: paid,
          api_key_id: apiKeyId,
          client_request_id: currentRequestId(),
          created_at: now,
          updated_at: now,
        })
        .execute();
      // From this commit on, the request's X-Request-Id answers with this purchase.
      await bindIdempotencyKey(trx, id);
    });
  for (;;) {
    try {
      await debit();
      break;
    } catch (err) {
      if (err instanceof PinRecheck) {
        // Rolled back, nothing moved: the pin the long way (it may be wrong now, or locked).
        if (apiKeyId) {
          const row = await ctx.db
            .selectFrom('users')
            .select('pin_hash')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow();
          keyPinHash = row.pin_hash;
          await checkKeyPin(ctx, { id: user.id, pin_hash: keyPinHash }, apiKeyId, pin);
          continue;
        }
        pinInTx = false;
        await checkPin(ctx, user, pin);
        continue;
      }
      if (err instanceof InsufficientFunds) {
        throw new ApiError('insufficient_funds', MSG.insufficientFunds);
      }
      if (err instanceof SpendingLimitReached) {
        throw new ApiError('limit_exceeded', spendingLimitMessage(err.limit, err.level));
      }
      throw err;
    }
  }
  return { order, route, admitted, requestId, id };
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
      tier: 'airtime',
      price,
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
      tier: 'data',
      price: dataPrice(price),
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

export async function cabletv(
  ctx: AppContext,
  user: UserRow,
  body: {
    service_id: string;
    plan_id: string;
    smart_card_number: string;
    pin: string;
    coupon_code?: string;
    subscription_type?: 'change' | 'renew';
    renewal_amount?: Kobo;
  },
) {
  const renewing = body.subscription_type === 'renew';
  // A coupon buys its own plan, never a renewal.
  if (renewing && body.coupon_code) {
    throw new ApiError('validation_error', TV_MSG.renewUnavailable);
  }
  // The renewal is quoted by the provider before the purchase takes its turn at the gate,
  // which holds database work only, never a provider call (ADR 0060): a slow verify, or a
  // burst of renewals at a stale price, never stalls other purchases and their settlements.
  if (renewing) requireVerified(user);
  const quote = renewing
    ? await currentRenewal(ctx, body.service_id, body.smart_card_number)
    : undefined;
  return buy(ctx, user, 'CableTV', body.pin, body.coupon_code, async (coupon) => {
    const { variation, plan } = await billPlan(
      ctx.db,
      'cabletv',
      coupon?.service_id ?? body.service_id,
      coupon?.plan_id ?? body.plan_id,
    );
    if (renewing) {
      // The current bouquet again, at the provider's renewal amount plus the plan's margin
      // (ADR 0077), exactly as the customer was shown it.
      const renewal = quote;
      if (coupon || !renewal) throw new ApiError('validation_error', TV_MSG.renewUnavailable);
      if (renewal.plan_id !== plan.plan_id) {
        throw new ApiError('validation_error', TV_MSG.bouquetChanged);
      }
      if (body.renewal_amount !== renewal.amount) {
        throw new ApiError('validation_error', TV_MSG.renewalChanged);
      }
      return {
        product: 'CableTV',
        vtu: 'cabletv',
        tier: 'cabletv',
        price: billPrice(renewal.amount, Number(variation.convenience_fee)),
        request: {
          product: 'cabletv',
          serviceId: variation.service_id,
          amount: renewal.renewalAmount,
          phone: user.phone,
          billersCode: body.smart_card_number,
          subscriptionType: 'renew',
        },
        columns: {
          plan: plan.name,
          plan_id: plan.plan_id,
          smart_card_number: body.smart_card_number,
        },
      };
    }
    const price = billPrice(Number(plan.price), Number(variation.convenience_fee));
    return {
      product: 'CableTV',
      vtu: 'cabletv',
      tier: 'cabletv',
      price,
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
    // An amount sent with a coupon must be its face value (the contract cannot know it): a
    // customer who typed another amount is told, not sold the coupon's in silence.
    if (coupon && body.amount !== undefined && body.amount !== coupon.amount) {
      throw new ApiError('validation_error', MSG.electricityInvalid);
    }
    const amount = coupon ? coupon.amount : body.amount;
    if (amount === undefined) {
      throw new ApiError('validation_error', MSG.electricityAmountEmpty);
    }
    const price = electricityPrice(amount, Number(variation.fee_percent));
    return {
      product: 'Electricity',
      vtu: 'electricity',
      tier: 'electricity',
      price,
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
      tier: 'education',
      price,
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
  // The provider's renewal amount stays here: the customer sees our renewal price (ADR 0077).
  const { renewalAmount: _amount, ...lookup } = found;
  if (product !== 'cabletv') return lookup;
  const renewal = await renewalOf(ctx.db, body.service_id, found);
  if (!renewal) return lookup;
  const { renewalAmount: _cost, ...offer } = renewal;
  return { ...lookup, renewal: offer };
}
