/**
 * VTpass adapter (docs/domain.md): `POST /pay`, `POST /requery`, `POST /merchant-verify`,
 * `GET /service-variations`, `GET /balance`. GET sends `api-key` + `public-key`, POST sends
 * `api-key` + `secret-key`. Every answer is parsed with zod; their rule "any unexpected answer,
 * timeout or missing answer means pending" holds throughout: purchase and requery never throw.
 */
import { z } from 'zod';
import type { CustomerLookup, Kobo } from '@contract';
import type {
  ProviderOutcome,
  ProviderStatus,
  PurchaseRequest,
  Variation,
  VerifyCustomerRequest,
  VtuProvider,
} from './types.ts';
import {
  type FetchFn,
  type HttpResult,
  ProviderError,
  koboToNaira,
  nairaToKobo,
  pending,
  pendingFromHttp,
  requestJson,
} from './util.ts';

export interface VtpassOptions {
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  timeoutMs: number;
  fetch?: FetchFn;
  name?: string;
}

/**
 * What each non-`000` code means for the money. `failed` only where the request was refused
 * before anything was charged; everything else stays pending until a requery decides.
 */
const CODE_STATUS: Record<string, { status: ProviderStatus; why: string }> = {
  '099': { status: 'pending', why: 'processing: requery' },
  '089': { status: 'pending', why: 'still processing: requery' },
  '016': { status: 'failed', why: 'transaction failed' },
  '040': { status: 'failed', why: 'transaction reversed by the provider' },
  '091': { status: 'failed', why: 'not processed, not charged' },
  // Refused by validation before processing (bad variation, arguments, product, amount).
  '010': { status: 'failed', why: 'invalid variation code' },
  '011': { status: 'failed', why: 'invalid arguments' },
  '012': { status: 'failed', why: 'product does not exist' },
  '013': { status: 'failed', why: 'amount below the minimum' },
  '017': { status: 'failed', why: 'amount above the maximum' },
  // request_id already used: an earlier call under this id may have gone through.
  '014': { status: 'pending', why: 'request_id reused: requery decides' },
  // Unknown request_id (on requery): cannot tell whether /pay ever arrived; an admin decides.
  '015': { status: 'pending', why: 'unknown request_id' },
  // Our float at VTpass is too low: refused before debiting it.
  '018': { status: 'failed', why: 'low provider balance' },
  // Refused as a likely duplicate of another purchase (same biller within 30 s): this
  // request_id was not processed; the other purchase has its own record.
  '019': { status: 'failed', why: 'likely duplicate, refused' },
  // Biller unreachable / system error: the docs do not say "not charged", so requery.
  '030': { status: 'pending', why: 'biller unreachable' },
  '083': { status: 'pending', why: 'provider system error' },
  // Our request_id date was refused up front (clock skew): nothing processed.
  '085': { status: 'failed', why: 'invalid request_id date' },
  // Credentials refused up front: nothing processed.
  '087': { status: 'failed', why: 'invalid credentials' },
};

const Code = z.union([z.string(), z.number()]).transform((c) => String(c).trim().padStart(3, '0'));

/** Optional extras: a wrong type there must not hide a delivered transaction. */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const Text = z.union([z.string(), z.number()]).transform(String);

const TransactionSchema = z.object({
  status: z.string(),
  transactionId: opt(Text),
  product_name: opt(z.string()),
  unique_element: opt(Text),
});

const PayAnswerSchema = z.object({
  code: Code,
  response_description: opt(z.string()),
  content: opt(z.object({ transactions: opt(TransactionSchema) })),
  requestId: opt(z.string()),
  purchased_code: opt(z.string()),
  token: opt(Text),
  mainToken: opt(Text),
  Token: opt(Text),
  units: opt(Text),
  mainTokenUnits: opt(Text),
  exchangeReference: opt(Text),
  customerName: opt(z.string()),
  cards: opt(z.array(z.object({ Serial: Text, Pin: Text }))),
  tokens: opt(z.array(Text)),
  Pin: opt(Text),
});
type PayAnswer = z.output<typeof PayAnswerSchema>;

const VerifyAnswerSchema = z.object({
  code: Code,
  content: z
    .object({
      Customer_Name: opt(z.string()),
      Address: opt(z.string()),
      Meter_Number: opt(Text),
      Min_Purchase_Amount: opt(z.union([z.string(), z.number()])),
      WrongBillersCode: opt(z.union([z.boolean(), z.string()])),
      error: opt(z.string()),
      Current_Bouquet: opt(z.string()),
      Due_Date: opt(z.string()),
    })
    .optional(),
});

const BalanceAnswerSchema = z.object({
  contents: z.object({ balance: z.union([z.number(), z.string()]) }),
});

const VariationSchema = z.object({
  variation_code: Text,
  name: z.string(),
  variation_amount: z.union([z.string(), z.number()]),
});
const VariationsAnswerSchema = z.object({
  content: z.object({
    variations: opt(z.array(VariationSchema)),
    varations: opt(z.array(VariationSchema)),
  }),
});

function stripLabel(value: string | undefined): string | undefined {
  const text = value?.replace(/^\s*(token|pin)\s*:\s*/i, '').trim();
  return text ? text : undefined;
}

/** The details a successful answer carries (token, units, pins…). */
function details(answer: PayAnswer): Partial<ProviderOutcome> {
  const out: Partial<ProviderOutcome> = {};
  const token =
    answer.token ??
    answer.mainToken ??
    answer.Token ??
    tokenFromPurchasedCode(answer.purchased_code);
  if (token) out.token = stripLabel(token);
  const units = answer.units ?? answer.mainTokenUnits;
  if (units) out.units = /[a-z]/i.test(units) ? units : `${units} kWh`;
  if (answer.exchangeReference) out.exchangeReference = answer.exchangeReference;
  if (answer.customerName) out.customerName = answer.customerName;
  if (answer.cards?.length) {
    out.purchasedCode = answer.cards.map((c) => `Serial: ${c.Serial}, Pin: ${c.Pin}`).join('; ');
  } else if (answer.tokens?.length) {
    out.purchasedCode = answer.tokens.map((t) => `Token: ${stripLabel(t) ?? t}`).join('; ');
  } else if (answer.Pin) {
    out.purchasedCode = `Pin: ${stripLabel(answer.Pin) ?? answer.Pin}`;
  } else if (answer.purchased_code?.trim() && !out.token) {
    out.purchasedCode = answer.purchased_code.trim();
  }
  return out;
}

function tokenFromPurchasedCode(code: string | undefined): string | undefined {
  const match = code?.match(/token\s*:\s*([\d\s-]+)/i);
  return match?.[1]?.trim();
}

/** Maps a `/pay` or `/requery` answer to an outcome (exported for the callback route). */
export function outcomeFromVtpass(body: unknown): ProviderOutcome {
  const parsed = PayAnswerSchema.safeParse(body);
  if (!parsed.success) return pending('Unreadable answer from VTpass', body);
  const answer = parsed.data;
  const providerReference = answer.content?.transactions?.transactionId;
  const base = { raw: body, ...(providerReference ? { providerReference } : {}) };
  if (answer.code === '000') {
    const tx = answer.content?.transactions;
    const message = answer.response_description;
    if (!tx) return { ...pending('VTpass answered 000 without a transaction', body), ...base };
    switch (tx.status.toLowerCase()) {
      case 'delivered':
      case 'successful':
        return { status: 'successful', message, ...base, ...details(answer) };
      case 'failed':
      case 'reversed':
        return { status: 'failed', message: message ?? `Transaction ${tx.status}`, ...base };
      default:
        return { ...pending(`VTpass transaction ${tx.status}`, body), ...base };
    }
  }
  const known = CODE_STATUS[answer.code];
  const text = `${answer.code} ${answer.response_description ?? known?.why ?? 'unknown code'}`;
  if (known?.status === 'failed') return { status: 'failed', message: text, ...base };
  return { ...pending(`VTpass ${text}`, body), ...base };
}

function purchaseBody(req: PurchaseRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    request_id: req.requestId,
    serviceID: req.serviceId,
    phone: req.phone,
  };
  const billersCode = req.billersCode ?? (req.product === 'data' ? req.phone : undefined);
  if (billersCode !== undefined) body.billersCode = billersCode;
  if (req.variationCode !== undefined) body.variation_code = req.variationCode;
  if (req.amount !== undefined) body.amount = koboToNaira(req.amount);
  if (req.quantity !== undefined) body.quantity = req.quantity;
  if (req.subscriptionType !== undefined) body.subscription_type = req.subscriptionType;
  return body;
}

export function createVtpassProvider(options: VtpassOptions): VtuProvider {
  const name = options.name ?? 'vtpass';
  const base = options.baseUrl.replace(/\/+$/, '');

  function get(path: string): Promise<HttpResult> {
    return requestJson(`${base}${path}`, {
      method: 'GET',
      headers: { 'api-key': options.apiKey, 'public-key': options.publicKey },
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
  }
  function post(path: string, body: unknown): Promise<HttpResult> {
    return requestJson(`${base}${path}`, {
      method: 'POST',
      headers: { 'api-key': options.apiKey, 'secret-key': options.secretKey },
      body,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
  }

  async function payLike(path: string, body: unknown): Promise<ProviderOutcome> {
    try {
      const result = await post(path, body);
      if (result.kind !== 'json') return pendingFromHttp(result);
      return outcomeFromVtpass(result.body);
    } catch (error) {
      // Defensive: nothing above should throw, but a purchase must never lose its state.
      return pending(`VTpass adapter error: ${String(error)}`);
    }
  }

  function jsonOrThrow(result: HttpResult, what: string): unknown {
    if (result.kind === 'json') return result.body;
    throw new ProviderError(name, `${what}: ${result.kind}`, result);
  }

  return {
    name,

    purchase: (req) => payLike('/pay', purchaseBody(req)),

    requery: (requestId) => payLike('/requery', { request_id: requestId }),

    async verifyCustomer(req: VerifyCustomerRequest): Promise<CustomerLookup | null> {
      const body: Record<string, unknown> = {
        billersCode: req.customerNumber,
        serviceID: req.serviceId,
      };
      if (req.variationCode !== undefined) body.type = req.variationCode;
      const raw = jsonOrThrow(await post('/merchant-verify', body), 'merchant-verify');
      const parsed = VerifyAnswerSchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError(name, 'unreadable merchant-verify answer', raw);
      const { code, content } = parsed.data;
      if (code !== '000') throw new ProviderError(name, `merchant-verify answered ${code}`, raw);
      const wrong = content?.WrongBillersCode === true || content?.WrongBillersCode === 'true';
      if (!content || wrong || content.error || !content.Customer_Name?.trim()) return null;
      const lookup: CustomerLookup = { customer_name: content.Customer_Name.trim() };
      if (content.Address) lookup.address = content.Address;
      if (content.Meter_Number) lookup.meter_number = content.Meter_Number;
      if (content.Current_Bouquet) lookup.current_bouquet = content.Current_Bouquet;
      if (content.Due_Date) lookup.due_date = content.Due_Date;
      const min = nairaToKobo(content.Min_Purchase_Amount);
      if (min !== undefined) lookup.min_purchase_amount = min;
      return lookup;
    },

    async balance(): Promise<Kobo> {
      const raw = jsonOrThrow(await get('/balance'), 'balance');
      const parsed = BalanceAnswerSchema.safeParse(raw);
      const kobo = parsed.success ? nairaToKobo(parsed.data.contents.balance) : undefined;
      if (kobo === undefined) throw new ProviderError(name, 'unreadable balance answer', raw);
      return kobo;
    },

    async listVariations(serviceId: string): Promise<Variation[]> {
      const path = `/service-variations?serviceID=${encodeURIComponent(serviceId)}`;
      const raw = jsonOrThrow(await get(path), 'service-variations');
      const parsed = VariationsAnswerSchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError(name, 'unreadable variations answer', raw);
      const list = parsed.data.content.variations ?? parsed.data.content.varations ?? [];
      return list.flatMap((v) => {
        const amount = nairaToKobo(v.variation_amount);
        return amount === undefined ? [] : [{ code: v.variation_code, name: v.name, amount }];
      });
    },
  };
}

const CallbackSchema = z.object({
  type: z.literal('transaction-update'),
  data: z.object({ requestId: z.string().min(1) }).loose(),
});

/** VTpass expects this JSON reply to its callback. */
export const VTPASS_CALLBACK_REPLY = { response: 'success' } as const;

/**
 * A VTpass callback (`{ type: "transaction-update", data: <requery shape> }`), or `null`.
 * Callbacks are unsigned: use the request id as a hint and `requery` it before moving money.
 */
export function parseVtpassCallback(
  body: unknown,
): { requestId: string; outcome: ProviderOutcome } | null {
  const parsed = CallbackSchema.safeParse(body);
  if (!parsed.success) return null;
  return { requestId: parsed.data.data.requestId, outcome: outcomeFromVtpass(parsed.data.data) };
}
