/**
 * Flutterwave bill payments (v3): the second float (the spec's `atgwallet`, ADR 0040). The
 * wire format follows Flutterwave's public documentation; each call cites its page:
 *
 * - Guide: https://developer.flutterwave.com/docs/bill-payment (categories → billers → items,
 *   validate the customer, create the payment, verify its status; server IPs whitelisted).
 * - Create: `POST /v3/billers/{biller_code}/items/{item_code}/payment` with
 *   `{ country: "NG", customer_id, amount (naira), reference }` (`callback_url` optional)
 *   → `{ status: "success", message: "Bill payment successful", data: { phone_number, amount,
 *   network, code: "200", tx_ref, reference, batch_reference, recharge_token, fee } }`
 *   (https://developer.flutterwave.com/reference/create-a-bill-payment,
 *   https://flutterwaveinc.mintlify.app/api-reference/bill-payments/create-a-bill-payment).
 * - Status: `GET /v3/bills/{reference}?verbose=1`; the reference is the one we sent (the
 *   documented default `9300049404444` is the create call's own reference); `verbose=1` "returns
 *   the status of the bill payment from the provider" in `data.status`
 *   (https://developer.flutterwave.com/v3.0.0/reference/get-status-of-a-bill-payment,
 *   https://flutterwaveinc.mintlify.app/api-reference/bill-payments/get-a-bill-payment-status).
 * - Validate: `GET /v3/bill-items/{item_code}/validate?code={biller_code}&customer={number}`
 *   → `data: { response_code: "00", response_message, name, address, biller_code, customer,
 *   product_code, minimum, maximum }` (https://developer.flutterwave.com/reference/validate-bill-service,
 *   https://developer.flutterwave.com/api/bills/validate-customer-details).
 * - Items: `GET /v3/billers/{biller_code}/items` → `data: [{ item_code, name, amount, … }]`
 *   (guide step 1, "fetch the bill items (packages)").
 * - Balance: `GET /v3/balances/NGN` → `data: { currency, available_balance, ledger_balance }`
 *   (https://developer.flutterwave.com/reference/endpoints/misc/).
 * - Errors: `{ status: "error", message, data }`; a timeout is a 503 whose payment "could also
 *   be still processing" (https://developer.flutterwave.com/docs/handling-error-timeouts).
 *
 * Flutterwave names what it sells by biller and item codes, not by our (VTpass) service ids:
 * FLUTTERWAVE_BILLERS maps one to the other (DOCUMENTED_BILLERS are the codes the pages
 * above show). Exam pins are not in Flutterwave's bill categories: this adapter never sells
 * them (routing refuses `education=flutterwave` at start).
 */
import { z } from 'zod';
import type { CustomerLookup, Kobo } from '@contract';
import type {
  ProviderOutcome,
  ProviderStatus,
  PurchaseRequest,
  Variation,
  VtuProduct,
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

/** What Flutterwave sells for one of our service ids (optionally one plan or meter type). */
export interface FlutterwaveBiller {
  billerCode: string;
  /** The item to buy; unset: the request's plan code is the item code (data, TV plans). */
  itemCode?: string;
}

/** `service` or `service/variation` → biller (and item). */
export type FlutterwaveBillers = Readonly<Record<string, FlutterwaveBiller>>;

/** Products Flutterwave bill payments cover; exam pins are not among its categories. */
export const FLUTTERWAVE_PRODUCTS: readonly VtuProduct[] = [
  'airtime',
  'data',
  'cabletv',
  'electricity',
];

/** The only biller and item codes the documentation itself shows (anything else: configure). */
export const DOCUMENTED_BILLERS: FlutterwaveBillers = {
  // create-a-bill-payment path defaults: biller BIL099, item AT099 (airtime, phone customer).
  mtn: { billerCode: 'BIL099', itemCode: 'AT099' },
  // validate-bill-service example answer: biller_code BIL119, product_code CB141 (DStv).
  dstv: { billerCode: 'BIL119', itemCode: 'CB141' },
};

const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * `mtn-data=BIL108, mtn-data/200mb=BIL108/MD142` (MTN data's biller and its 200 MB item, from
 * developer.flutterwave.com/changelog/how-to-buy-data-bundles-on-flutterwave) → billers, over
 * DOCUMENTED_BILLERS. Throws a clear message (the start refuses).
 */
export function parseFlutterwaveBillers(text: string | undefined): FlutterwaveBillers {
  const out: Record<string, FlutterwaveBiller> = { ...DOCUMENTED_BILLERS };
  const seen = new Set<string>();
  for (const entry of (text ?? '').split(/[,;\s]+/).filter(Boolean)) {
    const match = /^([a-z0-9-]+(?:\/[a-z0-9-]+)?)=([^/=]+)(?:\/([^/=]+))?$/i.exec(entry);
    if (!match || !CODE.test(match[2] as string) || (match[3] && !CODE.test(match[3]))) {
      throw new Error(
        `FLUTTERWAVE_BILLERS: "${entry.slice(0, 80)}" is not <service id>[/<plan>]=<biller_code>[/<item_code>].`,
      );
    }
    const key = (match[1] as string).toLowerCase();
    if (seen.has(key)) throw new Error(`FLUTTERWAVE_BILLERS: "${key}" is named twice.`);
    seen.add(key);
    out[key] = {
      billerCode: match[2] as string,
      ...(match[3] ? { itemCode: match[3] } : {}),
    };
  }
  return out;
}

/** Whether any entry covers this service id (the service itself or one of its plans). */
export function hasBiller(billers: FlutterwaveBillers, serviceId: string): boolean {
  const id = serviceId.toLowerCase();
  return Object.keys(billers).some((key) => key === id || key.startsWith(`${id}/`));
}

/**
 * The biller and item for a purchase, a plan list or a validation; `null`: not sold here.
 * A `service/plan` entry wins; else the service's biller, with the plan code as the item when
 * the plan is a provider item (data and TV plans), else the entry's item (airtime, a meter).
 */
export function billerFor(
  billers: FlutterwaveBillers,
  serviceId: string,
  variationCode?: string,
  planIsItem = false,
): FlutterwaveBiller | null {
  const id = serviceId.toLowerCase();
  const exact = variationCode ? billers[`${id}/${variationCode.toLowerCase()}`] : undefined;
  if (exact) return exact;
  const service = billers[id];
  if (!service) return null;
  const itemCode = (planIsItem ? variationCode : undefined) ?? service.itemCode;
  return { billerCode: service.billerCode, ...(itemCode ? { itemCode } : {}) };
}

/** Products whose plan code is the provider's item code (the catalogue stores it per plan). */
const PLAN_IS_ITEM: ReadonlySet<VtuProduct> = new Set(['data', 'cabletv']);

/**
 * `data.status` of a verbose bill status (lower-cased; the history endpoint writes
 * `Successful`). Any other value, or none (the mintlify example has none): pending.
 */
export const FLUTTERWAVE_BILL_STATUS: Readonly<Record<string, ProviderStatus>> = {
  successful: 'successful',
  success: 'successful',
  failed: 'failed',
  pending: 'pending',
};

/**
 * HTTP statuses at which an `{ status: "error" }` answer to the create call is a refusal
 * before any charge (bad biller/item/customer/amount, insufficient balance, bad key, IP not
 * whitelisted): failed and refunded. Anything else (409 reference reused, 429, 5xx including
 * the documented 503 timeout, an unreadable body): pending, the status call decides.
 */
export const FLUTTERWAVE_REFUSED_HTTP: ReadonlySet<number> = new Set([400, 401, 403, 404, 422]);

const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const Text = z.union([z.string(), z.number()]).transform(String);
const Money = z.union([z.string(), z.number()]);

const ErrorEnvelope = z.object({ status: z.literal('error'), message: opt(z.string()) });

const CreateEnvelope = z.object({
  status: z.literal('success'),
  message: opt(z.string()),
  data: z.object({
    code: opt(Text),
    tx_ref: opt(Text),
    reference: opt(Text.nullable()),
    flw_ref: opt(Text),
    recharge_token: opt(Text.nullable()),
    status: opt(z.string()),
  }),
});

const StatusEnvelope = z.object({
  status: z.literal('success'),
  message: opt(z.string()),
  data: z.object({
    status: opt(z.string()),
    flw_ref: opt(Text),
    tx_ref: opt(Text),
    extra: opt(Text.nullable()),
    customer_reference: opt(Text),
  }),
});

const ValidateEnvelope = z.object({
  status: z.literal('success'),
  data: z.object({
    response_code: opt(Text),
    response_message: opt(z.string()),
    name: opt(z.string().nullable()),
    address: opt(z.string().nullable()),
    minimum: opt(Money),
  }),
});

const BalanceEnvelope = z.object({
  status: z.literal('success'),
  data: z.object({ currency: opt(z.string()), available_balance: Money }),
});

const ItemsEnvelope = z.object({
  status: z.literal('success'),
  data: z.array(z.object({ item_code: Text, name: z.string(), amount: Money })),
});

const ref0 = (ref: string | undefined) => (ref ? { providerReference: ref } : {});

const refused = (status: number, body: unknown): string | null => {
  const error = ErrorEnvelope.safeParse(body);
  if (!error.success || !FLUTTERWAVE_REFUSED_HTTP.has(status)) return null;
  return error.data.message ?? `HTTP ${status}`;
};

/** Maps the create call's answer (any HTTP status) to an outcome. */
export function outcomeFromBillPayment(result: HttpResult): ProviderOutcome {
  if (result.kind === 'http') {
    const why = refused(result.status, result.body);
    if (why) return { status: 'failed', message: why, raw: result.body };
    const error = ErrorEnvelope.safeParse(result.body);
    if (error.success) {
      return callFailed(
        pending(`Flutterwave HTTP ${result.status}: ${error.data.message}`, result),
      );
    }
  }
  if (result.kind !== 'json') return pendingFromHttp(result);
  const parsed = CreateEnvelope.safeParse(result.body);
  if (!parsed.success) {
    return callFailed(pending('Unreadable answer from Flutterwave', result.body));
  }
  const { data, message } = parsed.data;
  const ref = data.tx_ref ?? data.flw_ref ?? data.reference ?? undefined;
  const base = { raw: result.body, ...ref0(ref) };
  const said = data.status ? FLUTTERWAVE_BILL_STATUS[data.status.toLowerCase()] : undefined;
  // The documented success is `message: "Bill payment successful"` with `data.code: "200"`;
  // a "success" envelope saying anything else (e.g. queued/pending) is not a delivery.
  const delivered =
    said === 'successful' ||
    (said === undefined && data.code === '200' && /\bsuccessful\b/i.test(message ?? ''));
  if (said === 'failed') return { status: 'failed', message: message ?? 'Bill failed', ...base };
  if (!delivered) return { ...pending(`Flutterwave: ${message ?? 'bill accepted'}`), ...base };
  const out: ProviderOutcome = { status: 'successful', message, ...base };
  if (data.recharge_token) out.token = data.recharge_token;
  return out;
}

/** Maps the status call's answer: only `data.status` settles; refusals say nothing (pending). */
export function outcomeFromBillStatus(result: HttpResult): ProviderOutcome {
  if (result.kind === 'http') {
    const error = ErrorEnvelope.safeParse(result.body);
    const text = error.success ? `: ${error.data.message}` : '';
    return callFailed(pending(`Flutterwave status HTTP ${result.status}${text}`, result.body));
  }
  if (result.kind !== 'json') return pendingFromHttp(result);
  const parsed = StatusEnvelope.safeParse(result.body);
  if (!parsed.success) {
    return callFailed(pending('Unreadable bill status from Flutterwave', result.body));
  }
  const { data } = parsed.data;
  const ref = data.tx_ref ?? data.flw_ref;
  const said = data.status ? FLUTTERWAVE_BILL_STATUS[data.status.toLowerCase()] : undefined;
  const base = { raw: result.body, ...ref0(ref) };
  switch (said) {
    case 'successful': {
      const out: ProviderOutcome = {
        status: 'successful',
        message: 'Bill payment successful',
        ...base,
      };
      if (data.extra) out.token = data.extra;
      return out;
    }
    case 'failed':
      return { status: 'failed', message: `Bill ${data.status}`, ...base };
    default:
      return { ...pending(`Flutterwave bill status ${data.status ?? 'not given'}`), ...base };
  }
}

export interface FlutterwaveBillsOptions {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
  billers?: FlutterwaveBillers;
  fetch?: FetchFn;
  name?: string;
}

export function createFlutterwaveBillsProvider(options: FlutterwaveBillsOptions): VtuProvider {
  const name = options.name ?? 'flutterwave';
  const base = options.baseUrl.replace(/\/+$/, '');
  const billers = options.billers ?? DOCUMENTED_BILLERS;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    requestJson(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.secretKey}` },
      body,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
  const seg = encodeURIComponent;

  function parseOrThrow<T>(schema: z.ZodType<T>, result: HttpResult, what: string): T {
    if (result.kind !== 'json') throw new ProviderError(name, `${what}: ${result.kind}`, result);
    const parsed = schema.safeParse(result.body);
    if (!parsed.success) throw new ProviderError(name, `unreadable ${what} answer`, result.body);
    return parsed.data;
  }

  /** Nothing was sent: a definite refusal (refunded), never a guess at a code. */
  const notSold = (why: string): ProviderOutcome => ({
    status: 'failed',
    message: `Not sold through Flutterwave: ${why}`,
    notSent: true,
  });

  return {
    name,

    async purchase(req: PurchaseRequest): Promise<ProviderOutcome> {
      if (!FLUTTERWAVE_PRODUCTS.includes(req.product)) {
        return notSold(`${req.product} is not among Flutterwave's bill categories`);
      }
      const target = billerFor(
        billers,
        req.serviceId,
        req.variationCode,
        PLAN_IS_ITEM.has(req.product),
      );
      if (!target?.itemCode) {
        return notSold(`no biller/item for ${req.serviceId} (set FLUTTERWAVE_BILLERS)`);
      }
      if (req.amount === undefined) return notSold('the create call needs an amount');
      const path = `/v3/billers/${seg(target.billerCode)}/items/${seg(target.itemCode)}/payment`;
      try {
        return outcomeFromBillPayment(
          await call('POST', path, {
            country: 'NG',
            customer_id: req.billersCode ?? req.phone,
            amount: koboToNaira(req.amount),
            reference: req.requestId,
          }),
        );
      } catch (error) {
        return callFailed(pending(`Flutterwave adapter error: ${String(error)}`));
      }
    },

    async requery(requestId) {
      try {
        return outcomeFromBillStatus(await call('GET', `/v3/bills/${seg(requestId)}?verbose=1`));
      } catch (error) {
        return callFailed(pending(`Flutterwave adapter error: ${String(error)}`));
      }
    },

    async verifyCustomer(req): Promise<CustomerLookup | null> {
      const target = billerFor(billers, req.serviceId, req.variationCode);
      if (!target?.itemCode) {
        throw new ProviderError(name, `no biller/item for ${req.serviceId} (FLUTTERWAVE_BILLERS)`);
      }
      const query = new URLSearchParams({ code: target.billerCode, customer: req.customerNumber });
      const result = await call(
        'GET',
        `/v3/bill-items/${seg(target.itemCode)}/validate?${query.toString()}`,
      );
      // A 400 `{ status: "error" }` is Flutterwave saying the number is wrong.
      if (
        result.kind === 'http' &&
        result.status === 400 &&
        ErrorEnvelope.safeParse(result.body).success
      ) {
        return null;
      }
      const { data } = parseOrThrow(ValidateEnvelope, result, 'bill validate');
      const customer = data.name?.trim();
      if ((data.response_code !== undefined && data.response_code !== '00') || !customer)
        return null;
      const lookup: CustomerLookup = { customer_name: customer };
      if (data.address?.trim()) lookup.address = data.address.trim();
      const min = nairaToKobo(data.minimum);
      if (min) lookup.min_purchase_amount = min;
      return lookup;
    },

    async balance(): Promise<Kobo> {
      const { data } = parseOrThrow(
        BalanceEnvelope,
        await call('GET', '/v3/balances/NGN'),
        'balance',
      );
      const kobo = nairaToKobo(data.available_balance);
      if (kobo === undefined) throw new ProviderError(name, 'unreadable balance', data);
      return kobo;
    },

    // Asked for plans only (data, TV): a `service/plan` entry maps the plan to its item; else,
    // with a biller for the service, the catalogue sync's match of the items to our plans.
    planCode(serviceId, variationCode) {
      const id = serviceId.toLowerCase();
      const exact = billers[`${id}/${variationCode.toLowerCase()}`];
      if (exact) return exact.itemCode ?? null;
      return billers[id] ? undefined : null;
    },

    async listVariations(serviceId): Promise<Variation[]> {
      const target = billerFor(billers, serviceId);
      if (!target)
        throw new ProviderError(name, `no biller for ${serviceId} (FLUTTERWAVE_BILLERS)`);
      const result = await call('GET', `/v3/billers/${seg(target.billerCode)}/items`);
      const { data } = parseOrThrow(ItemsEnvelope, result, 'bill items');
      return data.flatMap((item) => {
        const amount = nairaToKobo(item.amount);
        return amount === undefined ? [] : [{ code: item.item_code, name: item.name, amount }];
      });
    },
  };
}
