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
  callFailed,
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

/** Which VTpass call answered: `/pay` (a purchase) or `/requery` (asking about one). */
export type VtpassCall = 'pay' | 'requery';

/**
 * What a code means for the money, per call. `status` = read `content.transactions.status`
 * (TRANSACTION_STATUS below). A `/pay` refused before processing is `failed` (nothing was
 * charged, the purchase is refunded); a `/requery` is `failed` ONLY when VTpass says this
 * transaction failed or was reversed (016, 040, 091, or a failed/reversed status): any refusal
 * of the requery call itself (credentials, arguments, request_id date, rate, unknown code)
 * says nothing about the purchase, so it stays pending and is asked again later.
 */
type Verdict = ProviderStatus | 'status';

export interface VtpassCode {
  meaning: string;
  pay: Verdict;
  requery: Verdict;
}

/**
 * VTpass response codes (https://www.vtpass.com/documentation/response-codes/, and
 * docs/domain.md). Any code not listed is pending on both calls: their rule "take any response
 * that differs from the guidelines as pending, and requery". Their note on the verification
 * codes (011, 012, 020, 030): "if any of these is gotten during product purchase, treat as
 * failed".
 */
export const VTPASS_CODES: Readonly<Record<string, VtpassCode>> = {
  '000': { meaning: 'TRANSACTION PROCESSED', pay: 'status', requery: 'status' },
  '001': { meaning: 'TRANSACTION QUERY (current status)', pay: 'status', requery: 'status' },
  '099': { meaning: 'TRANSACTION IS PROCESSING', pay: 'pending', requery: 'pending' },
  '089': { meaning: 'REQUEST IS PROCESSING', pay: 'pending', requery: 'pending' },
  '016': { meaning: 'TRANSACTION FAILED', pay: 'failed', requery: 'failed' },
  '040': { meaning: 'TRANSACTION REVERSAL', pay: 'failed', requery: 'failed' },
  '091': {
    meaning: 'TRANSACTION NOT PROCESSED (not charged)',
    pay: 'failed',
    requery: 'failed',
  },
  '044': { meaning: 'TRANSACTION RESOLVED (contact VTpass)', pay: 'pending', requery: 'pending' },
  '010': { meaning: 'VARIATION CODE DOES NOT EXIST', pay: 'failed', requery: 'pending' },
  '011': { meaning: 'INVALID ARGUMENTS', pay: 'failed', requery: 'pending' },
  '012': { meaning: 'PRODUCT DOES NOT EXIST', pay: 'failed', requery: 'pending' },
  '013': { meaning: 'BELOW MINIMUM AMOUNT ALLOWED', pay: 'failed', requery: 'pending' },
  '017': { meaning: 'ABOVE MAXIMUM AMOUNT ALLOWED', pay: 'failed', requery: 'pending' },
  // request_id already used: an earlier call under this id may have gone through.
  '014': { meaning: 'REQUEST ID ALREADY EXIST', pay: 'pending', requery: 'pending' },
  // Unknown request_id: cannot tell whether /pay ever arrived; flagged for an admin in time.
  '015': { meaning: 'INVALID REQUEST ID (not used on VTpass)', pay: 'pending', requery: 'pending' },
  // Our float at VTpass is too low: refused before debiting it.
  '018': { meaning: 'LOW WALLET BALANCE', pay: 'failed', requery: 'pending' },
  // Same biller within 30 s: this request_id was not processed (the other has its own record).
  '019': { meaning: 'LIKELY DUPLICATE TRANSACTION', pay: 'failed', requery: 'pending' },
  '020': { meaning: 'BILLER CONFIRMED (a verification code)', pay: 'failed', requery: 'pending' },
  // Our VTpass account refused as a whole: nothing processed.
  '021': { meaning: 'ACCOUNT LOCKED', pay: 'failed', requery: 'pending' },
  '022': { meaning: 'ACCOUNT SUSPENDED', pay: 'failed', requery: 'pending' },
  '023': { meaning: 'API ACCESS NOT ENABLE FOR USER', pay: 'failed', requery: 'pending' },
  '024': { meaning: 'ACCOUNT INACTIVE', pay: 'failed', requery: 'pending' },
  '025': { meaning: 'RECIPIENT BANK INVALID', pay: 'failed', requery: 'pending' },
  '026': {
    meaning: 'RECIPIENT ACCOUNT COULD NOT BE VERIFIED',
    pay: 'failed',
    requery: 'pending',
  },
  '030': { meaning: 'BILLER NOT REACHABLE AT THIS POINT', pay: 'failed', requery: 'pending' },
  // Their system error: the docs do not say "not charged", so requery.
  '083': { meaning: 'SYSTEM ERROR', pay: 'pending', requery: 'pending' },
  // Our request_id date was refused up front (clock skew): nothing processed.
  '085': { meaning: 'IMPROPER REQUEST ID (date)', pay: 'failed', requery: 'pending' },
  // Credentials refused up front (rotated or suspended keys): nothing processed.
  '087': { meaning: 'INVALID CREDENTIALS', pay: 'failed', requery: 'pending' },
};

/** `content.transactions.status` under 000/001 (any other value: pending). */
export const VTPASS_TRANSACTION_STATUS: Readonly<Record<string, ProviderStatus>> = {
  initiated: 'pending',
  pending: 'pending',
  delivered: 'successful',
  successful: 'successful',
  failed: 'failed',
  reversed: 'failed',
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

/**
 * Maps a `/pay` or `/requery` answer (or a callback, which has the requery shape) to an
 * outcome, by VTPASS_CODES.
 */
export function outcomeFromVtpass(body: unknown, call: VtpassCall): ProviderOutcome {
  const parsed = PayAnswerSchema.safeParse(body);
  if (!parsed.success) return callFailed(pending('Unreadable answer from VTpass', body));
  const answer = parsed.data;
  const providerReference = answer.content?.transactions?.transactionId;
  const base = { raw: body, ...(providerReference ? { providerReference } : {}) };
  const known = VTPASS_CODES[answer.code];
  const text = `${answer.code} ${answer.response_description ?? known?.meaning ?? 'unknown code'}`;
  const verdict = known?.[call];
  if (verdict === 'status') {
    const tx = answer.content?.transactions;
    const message = answer.response_description;
    if (!tx)
      return { ...pending(`VTpass answered ${answer.code} without a transaction`, body), ...base };
    switch (VTPASS_TRANSACTION_STATUS[tx.status.toLowerCase()]) {
      case 'successful':
        return { status: 'successful', message, ...base, ...details(answer) };
      case 'failed':
        return { status: 'failed', message: message ?? `Transaction ${tx.status}`, ...base };
      default:
        return { ...pending(`VTpass transaction ${tx.status}`, body), ...base };
    }
  }
  if (verdict === 'failed') return { status: 'failed', message: text, ...base };
  const out = { ...pending(`VTpass ${text}`, body), ...base };
  // A refused call or a code VTpass does not document: it says nothing about the transaction.
  const refused = !known || (known.pay === 'failed' && known.requery === 'pending');
  return refused ? callFailed(out) : out;
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
      return outcomeFromVtpass(result.body, path === '/pay' ? 'pay' : 'requery');
    } catch (error) {
      // Defensive: nothing above should throw, but a purchase must never lose its state.
      return callFailed(pending(`VTpass adapter error: ${String(error)}`));
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
  return {
    requestId: parsed.data.data.requestId,
    outcome: outcomeFromVtpass(parsed.data.data, 'requery'),
  };
}
