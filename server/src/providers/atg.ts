/**
 * ATG adapter. ATG publishes no documentation (docs/domain.md), so this models a plausible
 * JSON API behind the same interface; swap the paths/fields here when the real one is known.
 *
 * Every call: `Authorization: Bearer <ATG_API_KEY>`, JSON bodies, money in naira strings.
 * Envelope: `{ ok: true, data: … }` or `{ ok: false, error: { code, message } }` (HTTP 4xx).
 *
 * - `POST /v1/purchases` `{ reference, service, product, plan?, amount?, recipient, phone,
 *   quantity?, subscription_type? }` → `data: { reference, id, status, message?, token?,
 *   units?, exchange_reference?, customer_name?, pins?: [{ serial?, pin }] }` where status is
 *   `completed` | `processing` | `queued` | `failed` | `refunded`.
 * - `GET /v1/purchases/{reference}` → the same `data` (requery); unknown → 404 `NOT_FOUND`.
 * - `POST /v1/customers/verify` `{ service, number, type? }` → `data: { name, address?,
 *   meter_number?, bouquet?, due_date?, min_amount? }`; unknown → 404 `CUSTOMER_NOT_FOUND`.
 * - `GET /v1/wallet` → `data: { balance: "1200000.00", currency: "NGN" }`.
 * - `GET /v1/services/{service}/plans` → `data: [{ code, name, price: "1000.00" }]`.
 *
 * What the codes and statuses mean for the money: ATG_ERRORS and ATG_STATUS below.
 */
import { z } from 'zod';
import type { CustomerLookup, Kobo } from '@contract';
import type {
  ProviderOutcome,
  ProviderStatus,
  PurchaseRequest,
  Variation,
  VtuProvider,
} from './types.ts';
import {
  type FetchFn,
  type HttpResult,
  ProviderError,
  callFailed,
  koboToNaira,
  nairaToKobo,
  pending,
  pendingFromHttp,
  requestJson,
} from './util.ts';

export interface AtgOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: FetchFn;
  name?: string;
}

/** Which ATG call answered: a purchase, or a requery (`GET /v1/purchases/{reference}`). */
export type AtgCall = 'purchase' | 'requery';

/**
 * What an error code (4xx `{ ok: false, error: { code } }`) means, per call. A purchase
 * refused before any charge is `failed` (refunded); a requery refused (bad key, unknown
 * reference, rate limit…) says nothing about the purchase: pending, asked again later. Only
 * the purchase's own status (ATG_STATUS) fails it on a requery. Codes not listed: pending.
 */
export const ATG_ERRORS: Readonly<
  Record<string, { purchase: ProviderStatus; requery: 'pending' }>
> = {
  INVALID_REQUEST: { purchase: 'failed', requery: 'pending' },
  INVALID_SERVICE: { purchase: 'failed', requery: 'pending' },
  INVALID_PLAN: { purchase: 'failed', requery: 'pending' },
  INVALID_AMOUNT: { purchase: 'failed', requery: 'pending' },
  INVALID_RECIPIENT: { purchase: 'failed', requery: 'pending' },
  INSUFFICIENT_FUNDS: { purchase: 'failed', requery: 'pending' },
  UNAUTHORIZED: { purchase: 'failed', requery: 'pending' },
  // The reference was used before: that earlier call may have gone through.
  DUPLICATE_REFERENCE: { purchase: 'pending', requery: 'pending' },
  // Unknown reference: cannot tell whether the purchase call ever arrived.
  NOT_FOUND: { purchase: 'pending', requery: 'pending' },
  RATE_LIMITED: { purchase: 'pending', requery: 'pending' },
};

/** `data.status` of a purchase (any other value: pending). */
export const ATG_STATUS: Readonly<Record<string, ProviderStatus>> = {
  completed: 'successful',
  processing: 'pending',
  queued: 'pending',
  failed: 'failed',
  refunded: 'failed',
};

const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const Text = z.union([z.string(), z.number()]).transform(String);

const ErrorEnvelope = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.string(), message: opt(z.string()) }),
});

const PurchaseData = z.object({
  reference: opt(z.string()),
  id: opt(Text),
  status: z.string(),
  message: opt(z.string()),
  token: opt(Text),
  units: opt(Text),
  exchange_reference: opt(Text),
  customer_name: opt(z.string()),
  pins: opt(z.array(z.object({ serial: opt(Text), pin: Text }))),
});
const PurchaseEnvelope = z.object({ ok: z.literal(true), data: PurchaseData });

const VerifyEnvelope = z.object({
  ok: z.literal(true),
  data: z.object({
    name: z.string(),
    address: opt(z.string()),
    meter_number: opt(Text),
    bouquet: opt(z.string()),
    due_date: opt(z.string()),
    min_amount: opt(z.union([z.string(), z.number()])),
  }),
});
const WalletEnvelope = z.object({
  ok: z.literal(true),
  data: z.object({ balance: z.union([z.string(), z.number()]) }),
});
const PlansEnvelope = z.object({
  ok: z.literal(true),
  data: z.array(
    z.object({ code: Text, name: z.string(), price: z.union([z.string(), z.number()]) }),
  ),
});

/** Maps an ATG purchase or requery answer (any HTTP status) to an outcome. */
export function outcomeFromAtg(result: HttpResult, call: AtgCall): ProviderOutcome {
  if (result.kind === 'http' && result.status >= 400 && result.status < 500) {
    const error = ErrorEnvelope.safeParse(result.body);
    if (error.success) {
      const { code, message } = error.data.error;
      const text = `${code}${message ? `: ${message}` : ''}`;
      if (ATG_ERRORS[code]?.[call] === 'failed') {
        return { status: 'failed', message: text, raw: result.body };
      }
      return callFailed(pending(`ATG ${text}`, result.body));
    }
  }
  if (result.kind !== 'json') return pendingFromHttp(result);
  const parsed = PurchaseEnvelope.safeParse(result.body);
  if (!parsed.success) return callFailed(pending('Unreadable answer from ATG', result.body));
  const data = parsed.data.data;
  const base = { raw: result.body, ...(data.id ? { providerReference: data.id } : {}) };
  switch (ATG_STATUS[data.status.toLowerCase()]) {
    case 'successful': {
      const out: ProviderOutcome = { status: 'successful', message: data.message, ...base };
      if (data.token) out.token = data.token;
      if (data.units) out.units = data.units;
      if (data.exchange_reference) out.exchangeReference = data.exchange_reference;
      if (data.customer_name) out.customerName = data.customer_name;
      if (data.pins?.length) {
        out.purchasedCode = data.pins
          .map((p) => (p.serial ? `Serial: ${p.serial}, Pin: ${p.pin}` : `Pin: ${p.pin}`))
          .join('; ');
      }
      return out;
    }
    case 'failed':
      return { status: 'failed', message: data.message ?? `Transaction ${data.status}`, ...base };
    default:
      return { ...pending(`ATG transaction ${data.status}`, result.body), ...base };
  }
}

function purchaseBody(req: PurchaseRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    reference: req.requestId,
    service: req.serviceId,
    product: req.product,
    recipient: req.billersCode ?? req.phone,
    phone: req.phone,
  };
  if (req.variationCode !== undefined) body.plan = req.variationCode;
  if (req.amount !== undefined) body.amount = koboToNaira(req.amount).toFixed(2);
  if (req.quantity !== undefined) body.quantity = req.quantity;
  if (req.subscriptionType !== undefined) body.subscription_type = req.subscriptionType;
  return body;
}

export function createAtgProvider(options: AtgOptions): VtuProvider {
  const name = options.name ?? 'atg';
  const base = options.baseUrl.replace(/\/+$/, '');
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    requestJson(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.apiKey}` },
      body,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });

  async function outcome(call: AtgCall, run: () => Promise<HttpResult>): Promise<ProviderOutcome> {
    try {
      return outcomeFromAtg(await run(), call);
    } catch (error) {
      return callFailed(pending(`ATG adapter error: ${String(error)}`));
    }
  }

  function parseOrThrow<T>(schema: z.ZodType<T>, result: HttpResult, what: string): T {
    if (result.kind !== 'json') throw new ProviderError(name, `${what}: ${result.kind}`, result);
    const parsed = schema.safeParse(result.body);
    if (!parsed.success) throw new ProviderError(name, `unreadable ${what} answer`, result.body);
    return parsed.data;
  }

  return {
    name,

    purchase: (req) => outcome('purchase', () => call('POST', '/v1/purchases', purchaseBody(req))),

    requery: (requestId) =>
      outcome('requery', () => call('GET', `/v1/purchases/${encodeURIComponent(requestId)}`)),

    async verifyCustomer(req): Promise<CustomerLookup | null> {
      const body: Record<string, unknown> = { service: req.serviceId, number: req.customerNumber };
      if (req.variationCode !== undefined) body.type = req.variationCode;
      const result = await call('POST', '/v1/customers/verify', body);
      if (result.kind === 'http' && result.status === 404) {
        const error = ErrorEnvelope.safeParse(result.body);
        if (error.success && error.data.error.code === 'CUSTOMER_NOT_FOUND') return null;
      }
      const { data } = parseOrThrow(VerifyEnvelope, result, 'customer verify');
      if (!data.name.trim()) return null;
      const lookup: CustomerLookup = { customer_name: data.name.trim() };
      if (data.address) lookup.address = data.address;
      if (data.meter_number) lookup.meter_number = data.meter_number;
      if (data.bouquet) lookup.current_bouquet = data.bouquet;
      if (data.due_date) lookup.due_date = data.due_date;
      const min = nairaToKobo(data.min_amount);
      if (min !== undefined) lookup.min_purchase_amount = min;
      return lookup;
    },

    async balance(): Promise<Kobo> {
      const { data } = parseOrThrow(WalletEnvelope, await call('GET', '/v1/wallet'), 'wallet');
      const kobo = nairaToKobo(data.balance);
      if (kobo === undefined) throw new ProviderError(name, 'unreadable wallet balance', data);
      return kobo;
    },

    async listVariations(serviceId): Promise<Variation[]> {
      const path = `/v1/services/${encodeURIComponent(serviceId)}/plans`;
      const { data } = parseOrThrow(PlansEnvelope, await call('GET', path), 'plans');
      return data.flatMap((p) => {
        const amount = nairaToKobo(p.price);
        return amount === undefined ? [] : [{ code: p.code, name: p.name, amount }];
      });
    },
  };
}
