/**
 * Provider failover, circuit breaker and float alerts (ADR 0052).
 *
 * - Order: an admin's ordered providers per product or service (`provider_routes`), else the
 *   configured route (PROVIDER_ROUTES). A provider the last catalogue sync shows without the
 *   plan, or selling it above our price, is skipped; so is a fallback never synced for it.
 *   A provider is sent the plan under its own code, as the sync matched its list to our plans.
 * - Failover: only a DEFINITE refusal moves a purchase to the next provider, under the same
 *   record, payment and idempotency key, with a request id of its own (a late callback for the
 *   refused one then finds nothing). Pending, a timeout or anything unreadable stays with the
 *   provider that has it: it may still deliver, and two deliveries would be paid once.
 * - Breaker (`provider_breakers`, shared by every instance through the database): N definite
 *   refusals or unanswered calls in a row pause a provider for a cooldown; after it one
 *   purchase at a time may try it (half-open): a good answer closes it, a bad one pauses again.
 * - Floats: polled by a worker; below an admin's threshold every admin is e-mailed once per
 *   crossing (a guarded flag), reset when the float is back at or above it. The SMS account and
 *   the payout float are polled and alerted the same way (ADR 0086).
 */
import { randomUUID } from 'node:crypto';
import { CABLETV, DATA, DISCOS, EDUCATION, NETWORKS } from '@contract/catalogue';
import {
  FLOAT_ACCOUNT_LABELS,
  FLOAT_ACCOUNTS,
  type FloatAccount,
  type OperatorFloat,
  type OperatorFloatHealth,
  FLUTTERWAVE_ROUTE_PRODUCTS,
  PROVIDER_MSG,
  ROUTE_PROVIDER_LABELS,
  ROUTE_PROVIDERS,
  TIER_PRODUCT_LABELS,
  type BreakerState,
  type ProviderHealth,
  type ProviderRoute,
  type ProvidersOverview,
  type RouteProvider,
  type TriedProvider,
} from '@contract';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import {
  newVtpassRequestId,
  type ProviderOutcome,
  type PurchaseRequest,
  type RouteTarget,
  VTU_PRODUCTS,
  type VtuProduct,
  type VtuProvider,
} from './index.ts';
import { type Actor, recordAudit } from '../admin/audit.ts';
import { enqueueMail } from '../notifications/mail.ts';
import { REQUERY_FIRST_MS } from '../purchases/requery.ts';
import { noteCall, noteFailover } from '../purchases/transaction-events.ts';
import { startWorker } from '../platform/worker.ts';

const HOUR_MS = 3_600_000;

// ── Settings ──────────────────────────────────────────────────────────────────

export interface FailoverSettings {
  /** Definite refusals or unanswered calls in a row that pause a provider. */
  failures: number;
  /** How long a paused provider is left alone before one purchase tries it again. */
  cooldownMs: number;
  /** How often the floats are polled (0: never by itself). */
  floatPollMs: number;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

/** PROVIDER_BREAKER_FAILURES, PROVIDER_BREAKER_COOLDOWN_MS, FLOAT_POLL_INTERVAL_MS; throws. */
export function failoverSettings(env: NodeJS.ProcessEnv): FailoverSettings {
  const floatPollMs = whole(env, 'FLOAT_POLL_INTERVAL_MS', 5 * 60_000, 0, 24 * HOUR_MS);
  if (floatPollMs !== 0 && floatPollMs < 10_000) {
    throw new Error('FLOAT_POLL_INTERVAL_MS must be 0 (off) or at least 10000.');
  }
  return {
    failures: whole(env, 'PROVIDER_BREAKER_FAILURES', 5, 1, 1000),
    cooldownMs: whole(env, 'PROVIDER_BREAKER_COOLDOWN_MS', 60_000, 1_000, 24 * HOUR_MS),
    floatPollMs,
  };
}

const clock = (ctx: AppContext) => (ctx.config.clock ?? Date.now)();

// ── Routes ────────────────────────────────────────────────────────────────────

/** Our service ids → their product and name (a route key is a product or one of these). */
const SERVICES: ReadonlyMap<string, { product: VtuProduct; name: string }> = new Map<
  string,
  { product: VtuProduct; name: string }
>([
  ...NETWORKS.map(
    (n) => [n.service_id, { product: 'airtime', name: `${n.name} airtime` }] as const,
  ),
  ...DATA.map((d) => [d.service_id, { product: 'data', name: `${d.name} data` }] as const),
  ...CABLETV.map((c) => [c.service_id, { product: 'cabletv', name: c.name }] as const),
  ...DISCOS.map(([id, name]) => [id, { product: 'electricity', name }] as const),
  ...EDUCATION.map((e) => [e.service_id, { product: 'education', name: e.name }] as const),
]);

const parseList = (text: string): RouteProvider[] => {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list)
      ? list.filter((p): p is RouteProvider => (ROUTE_PROVIDERS as readonly unknown[]).includes(p))
      : [];
  } catch {
    return [];
  }
};

/**
 * The provider order of a purchase: the admin's for the service, the configured service
 * route, the admin's for the product, the configured product route (the first that says).
 */
export async function routeTargets(
  ctx: AppContext,
  product: VtuProduct,
  serviceId?: string,
): Promise<RouteTarget[]> {
  const service = serviceId?.toLowerCase();
  const rows = await ctx.db
    .selectFrom('provider_routes')
    .select(['route_key', 'providers'])
    .where('route_key', 'in', service ? [service, product] : [product])
    .execute();
  const admin = (key: string | undefined) => {
    const row = rows.find((r) => r.route_key === key);
    const list = row ? parseList(row.providers) : [];
    return list.length ? list : undefined;
  };
  const configured = service ? ctx.providers.config.routes.services[service] : undefined;
  return (
    admin(service) ??
    (configured ? [configured] : undefined) ??
    admin(product) ?? [ctx.providers.routeOf(product)]
  );
}

/** The first provider of the order (the catalogue sync asks it). */
export async function primaryProvider(
  ctx: AppContext,
  product: VtuProduct,
  serviceId: string,
): Promise<VtuProvider> {
  const [first] = await routeTargets(ctx, product, serviceId);
  return ctx.providers.byTarget(first ?? ctx.providers.routeOf(product, serviceId));
}

/** Every product, and every service with a route of its own, as the admin page lists them. */
export async function listRoutes(ctx: AppContext): Promise<ProviderRoute[]> {
  const rows = await ctx.db
    .selectFrom('provider_routes')
    .select(['route_key', 'providers'])
    .execute();
  const admin = new Map(rows.map((r) => [r.route_key, parseList(r.providers)]));
  const asRoute = (target: RouteTarget): RouteProvider =>
    target === 'flutterwave' ? 'flutterwave' : 'vtpass';
  const out: ProviderRoute[] = VTU_PRODUCTS.map((product) => ({
    key: product,
    kind: 'product',
    label: TIER_PRODUCT_LABELS[product],
    providers: admin.get(product) ?? [asRoute(ctx.providers.config.routes.products[product])],
    is_default: !admin.has(product),
  }));
  const services = new Set([
    ...Object.keys(ctx.providers.config.routes.services),
    ...[...admin.keys()].filter((k) => SERVICES.has(k)),
  ]);
  for (const key of [...services].sort()) {
    const service = SERVICES.get(key);
    if (!service) continue;
    const configured = ctx.providers.config.routes.services[key];
    out.push({
      key,
      kind: 'service',
      label: service.name,
      providers: admin.get(key) ?? [asRoute(configured ?? ctx.providers.routeOf(service.product))],
      is_default: !admin.has(key),
    });
  }
  return out;
}

/** Sets an ordered provider list (audited in the same transaction). */
export async function setRoute(
  ctx: AppContext,
  actor: Actor,
  body: { key: string; providers: RouteProvider[] },
): Promise<ProviderRoute> {
  const key = body.key.toLowerCase();
  const product = (VTU_PRODUCTS as readonly string[]).includes(key)
    ? (key as VtuProduct)
    : SERVICES.get(key)?.product;
  if (!product) throw new ApiError('not_found', PROVIDER_MSG.routeUnknown);
  if (
    body.providers.includes('flutterwave') &&
    !(FLUTTERWAVE_ROUTE_PRODUCTS as readonly string[]).includes(product)
  ) {
    throw new ApiError('validation_error', PROVIDER_MSG.routeNotSold);
  }
  const before = (await listRoutes(ctx)).find((r) => r.key === key);
  const now = clock(ctx);
  const text = JSON.stringify(body.providers);
  await ctx.dbh.writeTx(async (trx) => {
    await trx
      .insertInto('provider_routes')
      .values({ route_key: key, providers: text, updated_at: now })
      .onConflict((oc) => oc.column('route_key').doUpdateSet({ providers: text, updated_at: now }))
      .execute();
    await recordAudit(trx, actor, {
      action: 'provider.route',
      targetType: 'provider',
      targetId: key,
      targetLabel: before?.label ?? key,
      before: { providers: before ? before.providers.join(' → ') : null },
      after: { providers: body.providers.join(' → ') },
    });
  });
  const after = (await listRoutes(ctx)).find((r) => r.key === key);
  return after as ProviderRoute;
}

// ── Which providers sell the plan ────────────────────────────────────────────

const PLAN_PRODUCTS: ReadonlySet<VtuProduct> = new Set(['data', 'cabletv', 'education']);

/** Whether a provider sells the plan, and under which code of its own. */
type PlanAnswer =
  | { skip: 'not_sold' | 'above_price' }
  | {
      skip: null;
      /** The provider's own code for the plan when it is not ours (ADR 0052). */
      code?: string;
    };

/**
 * Whether a provider is skipped for this plan, and the code it sells the plan under. An
 * operator's mapping (`planCode`, e.g. FLUTTERWAVE_BILLERS' `service/plan` entry) wins; else the
 * last catalogue sync's match of the provider's list to our plan (`provider_plans.plan_code`).
 * The first of the order is sent a plan the sync never asked it about, under our code (the
 * plan's own on-sale state already follows that provider: ADR 0044); a fallback never is.
 */
async function planFor(
  db: Db,
  provider: VtuProvider,
  request: Omit<PurchaseRequest, 'requestId'>,
  first: boolean,
): Promise<PlanAnswer> {
  // A bouquet renewal is sent only where the provider documents one (ADR 0077).
  if (request.subscriptionType === 'renew' && !provider.renews) return { skip: 'not_sold' };
  if (!PLAN_PRODUCTS.has(request.product) || !request.variationCode) return { skip: null };
  const ours = request.variationCode;
  const configured = provider.planCode ? provider.planCode(request.serviceId, ours) : undefined;
  if (configured === null) return { skip: 'not_sold' };
  const base = db
    .selectFrom('provider_plans')
    .select(['code', 'cost'])
    .where('provider', '=', provider.name)
    .where('service_id', '=', request.serviceId);
  const row = await (
    configured !== undefined
      ? base.where('code', '=', configured)
      : base.where('plan_code', '=', ours)
  )
    .orderBy('code')
    .executeTakeFirst();
  const theirs = (code: string) => (code === ours ? {} : { code });
  if (row) {
    const cost = Number(row.cost) * (request.quantity ?? 1);
    if (request.amount !== undefined && cost > request.amount) return { skip: 'above_price' };
    return { skip: null, ...theirs(row.code) };
  }
  if (first) {
    const synced = await db
      .selectFrom('provider_plans')
      .select('code')
      .where('provider', '=', provider.name)
      .where('service_id', '=', request.serviceId)
      .limit(1)
      .executeTakeFirst();
    if (!synced) return { skip: null, ...theirs(configured ?? ours) };
  }
  return { skip: 'not_sold' };
}

/**
 * Keeps what a provider listed for a service (the catalogue sync, each provider of the order),
 * each with the code of our plan it was matched to (`planCodes`: listed code → ours; ADR 0052).
 */
export async function recordListing(
  trx: Db,
  provider: string,
  serviceId: string,
  listed: readonly { code: string; amount: number }[],
  now: number,
  planCodes: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  await trx
    .deleteFrom('provider_plans')
    .where('provider', '=', provider)
    .where('service_id', '=', serviceId)
    .execute();
  for (const v of listed) {
    await trx
      .insertInto('provider_plans')
      .values({
        provider,
        service_id: serviceId,
        code: v.code,
        cost: v.amount,
        synced_at: now,
        plan_code: planCodes.get(v.code) ?? null,
      })
      .onConflict((oc) => oc.columns(['provider', 'service_id', 'code']).doNothing())
      .execute();
  }
}

// ── Breaker ───────────────────────────────────────────────────────────────────

/** Whether a purchase may go to `name` now; half-open, the one try is claimed (guarded). */
async function admit(ctx: AppContext, name: string): Promise<{ ok: boolean; probe: boolean }> {
  const now = clock(ctx);
  const row = await ctx.db
    .selectFrom('provider_breakers')
    .select(['open_until', 'probe_until'])
    .where('provider', '=', name)
    .executeTakeFirst();
  if (!row || row.open_until === null) return { ok: true, probe: false };
  if (Number(row.open_until) > now) return { ok: false, probe: false };
  // Half-open: one purchase at a time, across instances. A try that never reports back (a
  // crash) frees the provider after another cooldown.
  const claimed = await ctx.db
    .updateTable('provider_breakers')
    .set({ probe_until: now + failoverSettings(ctx.config.env).cooldownMs, updated_at: now })
    .where('provider', '=', name)
    .where('open_until', '<=', now)
    .where((eb) => eb.or([eb('probe_until', 'is', null), eb('probe_until', '<=', now)]))
    .returning('provider')
    .executeTakeFirst();
  return { ok: claimed !== undefined, probe: claimed !== undefined };
}

type CallResult = 'successful' | 'pending' | 'failed' | 'timeout';

function resultOf(outcome: ProviderOutcome): CallResult {
  if (outcome.callFailed) return 'timeout';
  return outcome.status;
}

/** One purchase call's record: the last hour's figures and the breaker, in one transaction. */
async function recordCall(
  ctx: AppContext,
  provider: string,
  product: string,
  result: CallResult,
  latencyMs: number,
  probe: boolean,
  alone: boolean,
): Promise<void> {
  const now = clock(ctx);
  const settings = failoverSettings(ctx.config.env);
  const bad = result === 'failed' || result === 'timeout';
  // The only provider of an order is never paused for refusals: a refused purchase costs its
  // buyer nothing (refunded), so failing numbers typed on purpose would otherwise stop every
  // customer's sales. Such a refusal resets nothing either. Unanswered calls still pause it:
  // sales then stop before more money is held pending.
  const counts = bad && !(alone && result === 'failed' && !probe);
  await ctx.dbh.writeTx(async (trx) => {
    await trx
      .insertInto('provider_calls')
      .values({
        id: randomUUID(),
        provider,
        product,
        outcome: result,
        latency_ms: Math.max(0, Math.min(Math.round(latencyMs), 2_000_000_000)),
        created_at: now,
      })
      .execute();
    if (!bad) {
      // An answer: closed again (written only when there is something to reset).
      await trx
        .updateTable('provider_breakers')
        .set({ failures: 0, open_until: null, probe_until: null, updated_at: now })
        .where('provider', '=', provider)
        .where((eb) => eb.or([eb('failures', '>', 0), eb('open_until', 'is not', null)]))
        .execute();
      return;
    }
    if (!counts) return;
    const row = await trx
      .insertInto('provider_breakers')
      .values({ provider, failures: 1, updated_at: now })
      .onConflict((oc) =>
        oc.column('provider').doUpdateSet({
          failures: sql<number>`provider_breakers.failures + 1`,
          updated_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (probe || Number(row.failures) >= settings.failures) {
      await trx
        .updateTable('provider_breakers')
        .set({ failures: 0, open_until: now + settings.cooldownMs, probe_until: null })
        .where('provider', '=', provider)
        .execute();
      ctx.log.warn(
        { provider, cooldownMs: settings.cooldownMs, probe },
        'provider paused: refusals or timeouts in a row',
      );
    }
  });
}

// ── A purchase's route ────────────────────────────────────────────────────────

export interface Admitted {
  provider: VtuProvider;
  probe: boolean;
  /** The order has no other provider to take its traffic (refusals then never pause it). */
  alone: boolean;
  /** This provider's own code for the plan, when not ours (the catalogue sync's match). */
  code?: string;
}

export interface PurchaseRoute {
  /** What became of each provider so far (the record's `providers_tried`). */
  tried: TriedProvider[];
  /** The next provider that sells the plan and is not paused (claims a half-open try). */
  next(): Promise<Admitted | null>;
}

export async function purchaseRoute(
  ctx: AppContext,
  product: VtuProduct,
  request: Omit<PurchaseRequest, 'requestId'>,
): Promise<PurchaseRoute> {
  const targets = await routeTargets(ctx, product, request.serviceId);
  const seen = new Set<string>();
  const providers = targets
    .map((t) => ctx.providers.byTarget(t))
    .filter((p) => !seen.has(p.name) && seen.add(p.name));
  const tried: TriedProvider[] = [];
  let index = 0;
  return {
    tried,
    async next() {
      while (index < providers.length) {
        const first = index === 0;
        const provider = providers[index++] as VtuProvider;
        const plan = await planFor(ctx.db, provider, request, first);
        if (plan.skip) {
          tried.push({ provider: provider.name, result: plan.skip, message: null });
          continue;
        }
        const admitted = await admit(ctx, provider.name);
        if (!admitted.ok) {
          tried.push({ provider: provider.name, result: 'paused', message: null });
          continue;
        }
        tried.push({ provider: provider.name, result: 'sent', message: null });
        return {
          provider,
          probe: admitted.probe,
          alone: providers.length === 1,
          ...(plan.code ? { code: plan.code } : {}),
        };
      }
      return null;
    },
  };
}

/** One call, its record and its breaker count; a throw is an unknown answer (pending). */
async function callOnce(
  ctx: AppContext,
  admitted: Admitted,
  request: PurchaseRequest,
  id: string,
): Promise<ProviderOutcome> {
  const sentAt = Date.now();
  const started = performance.now();
  let outcome: ProviderOutcome;
  try {
    // The provider's own code for the plan (Flutterwave's item for VTpass's variation code).
    const sent = admitted.code ? { ...request, variationCode: admitted.code } : request;
    outcome = await admitted.provider.purchase(sent);
  } catch (err) {
    // Unknown: the provider may have sold it. Pending until a requery says otherwise.
    ctx.log.warn({ err: (err as Error).message, id }, 'purchase call failed; left pending');
    outcome = { status: 'pending', message: 'The provider did not answer.', callFailed: true };
  }
  await noteCall(ctx, id, admitted, request, outcome, {
    sentAt,
    latencyMs: performance.now() - started,
  });
  // Nothing was sent (no biller for it there): no word on the provider's health.
  if (!outcome.notSent) {
    try {
      await recordCall(
        ctx,
        admitted.provider.name,
        request.product,
        resultOf(outcome),
        performance.now() - started,
        admitted.probe,
        admitted.alone,
      );
    } catch (err) {
      // The figures must never cost a purchase its answer.
      ctx.log.warn({ err: (err as Error).message, id }, 'provider call not recorded');
    }
  }
  return outcome;
}

/**
 * Sends a purchase (already debited and recorded `pending` under `first`), moving it down the
 * order while providers refuse definitely. Answers the last provider's outcome to settle.
 */
export async function sendPurchase(
  ctx: AppContext,
  route: PurchaseRoute,
  first: Admitted,
  request: PurchaseRequest,
  id: string,
): Promise<ProviderOutcome> {
  let current = first;
  let req = request;
  for (;;) {
    const outcome = await callOnce(ctx, current, req, id);
    if (outcome.status !== 'failed') return outcome;
    const refused = [...route.tried].reverse().find((t) => t.result === 'sent');
    const known = route.tried.length;
    const next = await route.next();
    if (refused) {
      refused.result = 'refused';
      refused.message = outcome.message?.slice(0, 200) ?? null;
    }
    if (!next) {
      // The providers skipped after it belong on the record too (why nobody else was asked).
      if (route.tried.length > known) await noteTried(ctx, id, req.requestId, route.tried);
      return outcome;
    }
    const requestId = newVtpassRequestId();
    const moved = await moveTo(ctx, id, req.requestId, next.provider.name, requestId, route.tried);
    // Settled meanwhile (an admin, a requery under way): that verdict stands, nothing more is sent.
    if (!moved) return outcome;
    ctx.log.info(
      { id, from: current.provider.name, to: next.provider.name },
      'purchase refused; sent to the next provider',
    );
    current = next;
    req = { ...req, requestId };
  }
}

/**
 * Hands a pending purchase to the next provider: guarded on the request id sent to the one
 * that refused and on no requery having been claimed yet (a requery of that provider could
 * otherwise settle the purchase on its answer while the next one delivers it).
 */
async function moveTo(
  ctx: AppContext,
  id: string,
  fromRequestId: string,
  provider: string,
  requestId: string,
  tried: TriedProvider[],
): Promise<boolean> {
  const now = Date.now();
  return ctx.dbh.writeTx(async (trx) => {
    const moved = await trx
      .updateTable('transactions')
      .set({
        provider,
        provider_request_id: requestId,
        providers_tried: JSON.stringify(tried),
        // The first requery comes after this call surely ended, whatever the provider: its
        // "no such request" window (ADR 0038) counts from the row's creation.
        next_requery_at: now + ctx.providers.config.PROVIDER_TIMEOUT_MS + REQUERY_FIRST_MS,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('provider_request_id', '=', fromRequestId)
      .where('requery_attempts', '=', 0)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
    await noteFailover(ctx, trx, id, provider, tried);
    await trx
      .deleteFrom('kv_store')
      .where('namespace', '=', 'requery-unknown-request')
      .where('key', '=', id)
      .execute();
    return true;
  });
}

async function noteTried(
  ctx: AppContext,
  id: string,
  requestId: string,
  tried: TriedProvider[],
): Promise<void> {
  await ctx.db
    .updateTable('transactions')
    .set({ providers_tried: JSON.stringify(tried) })
    .where('id', '=', id)
    .where('provider_request_id', '=', requestId)
    .execute();
}

/** `providers_tried` as the record keeps it (at most a few entries). */
export const triedJson = (route: PurchaseRoute): string => JSON.stringify(route.tried);

/** A record's `providers_tried`, as read back (null on a purchase from before ADR 0052). */
export function parseTried(text: string | null | undefined): TriedProvider[] | null {
  if (!text) return null;
  try {
    const list = JSON.parse(text) as TriedProvider[];
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

// ── Floats ────────────────────────────────────────────────────────────────────

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A float the poll reads: its adapter's name (null: none configured) and its balance call. */
interface FloatSource {
  name: string | null;
  read: () => Promise<number>;
  /** What running out stops, for the alert e-mail. */
  runsOut: string;
}

/**
 * Every float the poll reads (ADR 0052; the SMS account and the payout float, ADR 0086): the
 * two purchase floats, the SMS provider's account (Termii `GET /api/get-balance`, through
 * `SmsProvider.balance`) and the Flutterwave NGN balance withdrawals are paid from
 * (`GET /v3/balances/NGN`, through `PayoutProvider.balance`).
 */
export function floatSource(ctx: AppContext, account: FloatAccount): FloatSource {
  if (account === 'termii') {
    const sms = ctx.providers.sms;
    return {
      name: sms?.name ?? null,
      read: async () => {
        if (!sms) throw new Error('No SMS provider (TERMII_API_KEY unset)');
        return (await sms.balance()).amount;
      },
      runsOut: 'SMS to customers stop being sent once it runs out. Top it up at Termii.',
    };
  }
  if (account === 'payouts') {
    const payout = ctx.providers.payout;
    return {
      name: payout.name,
      read: () => payout.balance(),
      runsOut:
        'Withdrawals to bank accounts fail once it runs out. Top up the NGN balance at Flutterwave.',
    };
  }
  const provider = ctx.providers.byTarget(account);
  const label = ROUTE_PROVIDER_LABELS[account];
  return {
    name: provider.name,
    read: () => provider.balance(),
    runsOut:
      `Purchases routed to ${label} fail once it runs out. Top it up at ${label}, or move its ` +
      `products to another provider on the admin Providers page.`,
  };
}

/**
 * Asks each float its balance and applies the thresholds: the first poll below one e-mails
 * every admin (once: a guarded flag, whichever instance polls), a poll at or above resets it.
 */
export async function pollFloats(
  ctx: AppContext,
  /** True once the server shuts down: no more providers are asked (worker.ts). */
  stopping: () => boolean = () => false,
): Promise<void> {
  for (const target of FLOAT_ACCOUNTS) {
    if (stopping()) return;
    const source = floatSource(ctx, target);
    let balance: number | undefined;
    let error: string | null = null;
    try {
      balance = await source.read();
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    }
    const now = clock(ctx);
    await ctx.dbh.writeTx(async (trx) => {
      await trx
        .insertInto('provider_floats')
        .values({ provider: target, updated_at: now })
        .onConflict((oc) => oc.column('provider').doNothing())
        .execute();
      if (balance === undefined) {
        await trx
          .updateTable('provider_floats')
          .set({ poll_error: error, updated_at: now })
          .where('provider', '=', target)
          .execute();
        return;
      }
      const row = await trx
        .updateTable('provider_floats')
        .set({ balance, polled_at: now, poll_error: null, updated_at: now })
        .where('provider', '=', target)
        .returning(['threshold', 'alerted'])
        .executeTakeFirstOrThrow();
      const threshold = row.threshold === null ? null : Number(row.threshold);
      const below = threshold !== null && balance < threshold;
      if (!below) {
        if (Number(row.alerted) === 1) {
          await trx
            .updateTable('provider_floats')
            .set({ alerted: 0 })
            .where('provider', '=', target)
            .execute();
        }
        return;
      }
      const crossed = await trx
        .updateTable('provider_floats')
        .set({ alerted: 1 })
        .where('provider', '=', target)
        .where('alerted', '=', 0)
        .returning('provider')
        .executeTakeFirst();
      if (!crossed) return;
      const admins = await trx
        .selectFrom('users')
        .select('email')
        .where('is_admin', '=', 1)
        .where('is_blocked', '=', 0)
        .execute();
      const label = FLOAT_ACCOUNT_LABELS[target];
      for (const admin of admins) {
        const text =
          `The ${label} float is ${naira(balance)}, below the alert threshold of ${naira(threshold)}.\n\n` +
          `${source.runsOut}\n`;
        await enqueueMail(
          trx,
          {
            to: admin.email,
            subject: `${label} float low: ${naira(balance)}`,
            text,
            html: `<p>${text.trim().replace(/\n\n/g, '</p><p>')}</p>`,
          },
          now,
        );
      }
      ctx.log.warn({ provider: target, balance, threshold }, 'float below its alert threshold');
    });
  }
  // The overview reads the last hour: a day is kept for support, the rest goes.
  await ctx.db
    .deleteFrom('provider_calls')
    .where('created_at', '<', clock(ctx) - 24 * HOUR_MS)
    .execute();
}

/** The float poll (with the other workers; answers the stop function). */
export function startFloatWatch(ctx: AppContext, everyMs: number): () => Promise<void> {
  return startWorker(ctx, 'float poll', (stopping) => pollFloats(ctx, stopping), everyMs);
}

export async function setThreshold(
  ctx: AppContext,
  actor: Actor,
  body: { provider: FloatAccount; threshold: number | null },
): Promise<ProviderHealth | OperatorFloatHealth> {
  const now = clock(ctx);
  await ctx.dbh.writeTx(async (trx) => {
    const before = await trx
      .selectFrom('provider_floats')
      .select('threshold')
      .where('provider', '=', body.provider)
      .executeTakeFirst();
    await trx
      .insertInto('provider_floats')
      .values({ provider: body.provider, threshold: body.threshold, updated_at: now })
      .onConflict((oc) =>
        oc.column('provider').doUpdateSet({ threshold: body.threshold, updated_at: now }),
      )
      .execute();
    const old = before?.threshold ?? null;
    await recordAudit(trx, actor, {
      action: 'provider.threshold',
      targetType: 'provider',
      targetId: body.provider,
      targetLabel: FLOAT_ACCOUNT_LABELS[body.provider],
      before: { threshold_kobo: old === null ? null : Number(old) },
      after: { threshold_kobo: body.threshold },
    });
  });
  const provider = body.provider;
  if (provider === 'termii' || provider === 'payouts') return operatorFloat(ctx, provider);
  const health = (await providerHealth(ctx)).find((p) => p.provider === provider);
  return health as ProviderHealth;
}

/** One of the operator's other floats as last polled (ADR 0086). */
export async function operatorFloat(
  ctx: AppContext,
  float: OperatorFloat,
): Promise<OperatorFloatHealth> {
  const row = await ctx.db
    .selectFrom('provider_floats')
    .selectAll()
    .where('provider', '=', float)
    .executeTakeFirst();
  const balance = row?.balance == null ? null : Number(row.balance);
  const threshold = row?.threshold == null ? null : Number(row.threshold);
  return {
    float,
    name: floatSource(ctx, float).name,
    balance,
    polled_at: row?.polled_at == null ? null : Number(row.polled_at),
    error: row?.poll_error ?? null,
    threshold,
    below_threshold: balance !== null && threshold !== null && balance < threshold,
  };
}

// ── The overview ──────────────────────────────────────────────────────────────

function median(sorted: number[]): number | null {
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

/** Each provider's breaker, float, threshold and last hour of purchase calls. */
export async function providerHealth(ctx: AppContext): Promise<ProviderHealth[]> {
  const now = clock(ctx);
  const out: ProviderHealth[] = [];
  for (const target of ROUTE_PROVIDERS) {
    const name = ctx.providers.byTarget(target).name;
    const [breaker, float, calls] = await Promise.all([
      ctx.db
        .selectFrom('provider_breakers')
        .selectAll()
        .where('provider', '=', name)
        .executeTakeFirst(),
      ctx.db
        .selectFrom('provider_floats')
        .selectAll()
        .where('provider', '=', target)
        .executeTakeFirst(),
      // Bounded: a busy hour is summarised from its latest 10,000 calls.
      ctx.db
        .selectFrom('provider_calls')
        .select(['outcome', 'latency_ms'])
        .where('provider', '=', name)
        .where('created_at', '>=', now - HOUR_MS)
        .orderBy('created_at', 'desc')
        .limit(10_000)
        .execute(),
    ]);
    const openUntil = breaker?.open_until == null ? null : Number(breaker.open_until);
    const state: BreakerState =
      openUntil === null ? 'closed' : openUntil > now ? 'open' : 'half_open';
    const good = calls.filter((c) => c.outcome === 'successful' || c.outcome === 'pending');
    const balance = float?.balance == null ? null : Number(float.balance);
    const threshold = float?.threshold == null ? null : Number(float.threshold);
    out.push({
      provider: target,
      name,
      state,
      failures: Number(breaker?.failures ?? 0),
      open_until: openUntil,
      float: balance,
      float_polled_at: float?.polled_at == null ? null : Number(float.polled_at),
      float_error: float?.poll_error ?? null,
      threshold,
      below_threshold: balance !== null && threshold !== null && balance < threshold,
      calls: calls.length,
      success_rate: calls.length ? good.length / calls.length : null,
      median_latency_ms: median(calls.map((c) => Number(c.latency_ms)).sort((a, b) => a - b)),
    });
  }
  return out;
}

export async function providersOverview(ctx: AppContext): Promise<ProvidersOverview> {
  const [providers, routes] = await Promise.all([providerHealth(ctx), listRoutes(ctx)]);
  return { providers, routes };
}
