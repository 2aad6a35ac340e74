/**
 * VTpass adapter (docs/domain.md): `POST /pay`, `POST /requery`, `POST /merchant-verify`,
 * `GET /service-variations`, `GET /balance`. GET sends `api-key` + `public-key`, POST sends
 * `api-key` + `secret-key`. Every answer is parsed with zod; their rule "any unexpected answer,
 * timeout or missing answer means pending" holds throughout: purchase and requery never throw.
 */
import { z } from 'zod';
import type { Kobo } from '@contract';
import type {
  ProviderCustomer,
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
  redirectMessage,
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
 * VTpass's public documentation, cited beside each code, fixture and shape (ADR 0038). The
 * response-codes page is the source of the table; where docs/domain.md says otherwise, the
 * page wins.
 */
export const VTPASS_DOCS = {
  codes: 'https://www.vtpass.com/documentation/response-codes/',
  requery: 'https://www.vtpass.com/documentation/re-query-services/',
  callback: 'https://www.vtpass.com/documentation/callback-api-integration/',
  transactionUpdate: 'https://www.vtpass.com/documentation/transaction-update-webhook-api/',
  dstv: 'https://www.vtpass.com/documentation/dstv-subscription-api/',
  gotv: 'https://www.vtpass.com/documentation/gotv-subscription-api/',
} as const;

/**
 * What a code means for the money, per call:
 * - `status`: read the transaction's own status (TRANSACTION_STATUS below);
 * - `failed`: this transaction was not made, or failed, or was reversed: refund it;
 * - `pending`: VTpass is still working on it (or an admin must ask VTpass): requery;
 * - `refused`: the call itself was refused and says nothing about the transaction (pending,
 *   marked `callFailed`); on `/pay` a refusal before processing is `failed` instead;
 * - `unknown-request`: requery only (015): VTpass has no such request id. The requery worker
 *   fails and refunds the purchase once this is said twice, a minute apart, after the pay
 *   call surely ended (purchases/requery.ts), never on one answer.
 */
export type Verdict = 'status' | 'failed' | 'pending' | 'refused' | 'unknown-request';

export interface VtpassCode {
  /** The "Meaning" column of the documentation. */
  meaning: string;
  pay: Exclude<Verdict, 'unknown-request'>;
  requery: Verdict;
  /** The page that documents the code. */
  source: string;
}

const doc = VTPASS_DOCS.codes;
/** A refusal before processing: `/pay` failed (nothing charged), `/requery` says nothing. */
const refusal = (meaning: string): VtpassCode => ({
  meaning,
  pay: 'failed',
  requery: 'refused',
  source: doc,
});

/**
 * Every code of https://www.vtpass.com/documentation/response-codes/ ("Verification
 * Response" and "Transaction/Requery Response" tables). Any other code is `refused` on both
 * calls: their rule "take any response that differs from the guidelines provided here as
 * pending, and initiate a transaction requery". Their note on the verification codes (020,
 * 011, 012, 030): "if any of the below status code is gotten during product purchase, treat
 * as failed". 033 is not documented (the table jumps from 032 to 034): unknown.
 */
export const VTPASS_CODES: Readonly<Record<string, VtpassCode>> = {
  '000': { meaning: 'TRANSACTION PROCESSED', pay: 'status', requery: 'status', source: doc },
  '001': { meaning: 'TRANSACTION QUERY', pay: 'status', requery: 'status', source: doc },
  '099': { meaning: 'TRANSACTION IS PROCESSING', pay: 'pending', requery: 'pending', source: doc },
  // "The system is still processing your previous request": this one may not have been
  // taken. The requery decides (015 twice: never taken, refunded).
  '089': {
    meaning: 'REQUEST IS PROCESSING, PLEASE WAIT BEFORE MAKING ANOTHER REQUEST',
    pay: 'pending',
    requery: 'pending',
    source: doc,
  },
  // "Transaction has been resolved. Please contact us for more info.": an admin asks VTpass.
  '044': { meaning: 'TRANSACTION RESOLVED', pay: 'pending', requery: 'pending', source: doc },
  // "Transaction is not processed and you will not be charged for this transaction."
  '091': { meaning: 'TRANSACTION NOT PROCESSED', pay: 'failed', requery: 'failed', source: doc },
  '016': { meaning: 'TRANSACTION FAILED', pay: 'failed', requery: 'failed', source: doc },
  // "Transaction reversal to wallet": VTpass gave our float back.
  '040': { meaning: 'TRANSACTION REVERSAL', pay: 'failed', requery: 'failed', source: doc },
  '010': refusal('VARIATION CODE DOES NOT EXIST'),
  '011': refusal('INVALID ARGUMENTS'),
  '012': refusal('PRODUCT DOES NOT EXIST'),
  '013': refusal('BELOW MINIMUM AMOUNT ALLOWED'),
  // request_id already used: an earlier call under this id may have gone through.
  '014': { meaning: 'REQUEST ID ALREADY EXIST', pay: 'refused', requery: 'refused', source: doc },
  // "This is returned for a requery operation. This RequestID was not used on our platform."
  '015': {
    meaning: 'INVALID REQUEST ID',
    pay: 'refused',
    requery: 'unknown-request',
    source: doc,
  },
  '017': refusal('ABOVE MAXIMUM AMOUNT ALLOWED'),
  '018': refusal('LOW WALLET BALANCE'),
  // Same biller within 30 s: this request_id was not processed (the other has its own record).
  '019': refusal('LIKELY DUPLICATE TRANSACTION'),
  // A verification code: on a purchase, "treat as failed". On merchant-verify it verifies.
  '020': refusal('BILLER CONFIRMED'),
  '021': refusal('ACCOUNT LOCKED'),
  '022': refusal('ACCOUNT SUSPENDED'),
  '023': refusal('API ACCESS NOT ENABLE FOR USER'),
  '024': refusal('ACCOUNT INACTIVE'),
  '025': refusal('RECIPIENT BANK INVALID'),
  '026': refusal('RECIPIENT ACCOUNT COULD NOT BE VERIFIED'),
  // "You need to contact support with your server IP for whitelisting."
  '027': refusal('IP NOT WHITELISTED, CONTACT SUPPORT'),
  '028': refusal('PRODUCT IS NOT WHITELISTED ON YOUR ACCOUNT'),
  '030': refusal('BILLER NOT REACHABLE AT THIS POINT'),
  '031': refusal('BELOW MINIMUM QUANTITY ALLOWED'),
  // Sic: the page says "ABOVE MINIMUM QUANTITY ALLOWED" ("over-requesting").
  '032': refusal('ABOVE MINIMUM QUANTITY ALLOWED'),
  '034': refusal('SERVICE SUSPENDED'),
  '035': refusal('SERVICE INACTIVE'),
  // "Oops!!! System error. Please contact tech support": not "not charged", so requery.
  '083': { meaning: 'SYSTEM ERROR', pay: 'refused', requery: 'refused', source: doc },
  // The request_id's date was refused up front (clock skew): nothing processed.
  '085': refusal('IMPROPER REQUEST ID'),
  // Credentials refused up front (rotated or suspended keys): nothing processed.
  '087': refusal('INVALID CREDENTIALS'),
};

/** Codes that merchant-verify answers for a number the biller knows (the customer's details). */
export const VTPASS_VERIFIED_CODES: ReadonlySet<string> = new Set(['000', '020']);

/**
 * `content.transactions.status` under 000/001 (any other value: pending). The codes page lists
 * "initiated, pending, delivered, reversed, resolved"; `resolved` means VTpass's staff settled
 * a stuck transaction by hand (callback page: "stuck on pending status and later resolved by
 * one of our staff", and 044 "please contact us"): it does not say delivered or refunded, so
 * it stays pending for an admin. `failed` is not in that list but is what 016 says.
 */
export const VTPASS_TRANSACTION_STATUS: Readonly<Record<string, ProviderStatus>> = {
  initiated: 'pending',
  pending: 'pending',
  resolved: 'pending',
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

/** Where a delivered answer carries what the customer bought (token, units, pins…). */
const DetailsSchema = z.object({
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
type Details = z.output<typeof DetailsSchema>;

const PayAnswerSchema = DetailsSchema.extend({
  code: Code,
  response_description: opt(z.string()),
  content: opt(
    DetailsSchema.extend({
      transactions: opt(TransactionSchema),
      // The older 001/000 shape: the transaction's own fields straight in `content`.
      status: opt(z.string()),
      transactionId: opt(Text),
    }),
  ),
  requestId: opt(z.string()),
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
      // DStv / GOtv "VERIFY SMARTCARD NUMBER" (VTPASS_DOCS.dstv, VTPASS_DOCS.gotv): what
      // renewing the current bouquet costs, sent back as `amount` with subscription_type renew.
      Renewal_Amount: opt(z.union([z.string(), z.number()])),
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
function details(answer: Details): Partial<ProviderOutcome> {
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

/** The answer's fields, falling back to those the older shape keeps in `content`. */
function allDetails(answer: PayAnswer): Details {
  const merged: Record<string, unknown> = {};
  for (const source of [answer.content ?? {}, answer]) {
    for (const [key, value] of Object.entries(source)) if (value !== undefined) merged[key] = value;
  }
  return merged as Details;
}

/**
 * The transaction an answer describes: `content.transactions` (the documented shape,
 * https://www.vtpass.com/documentation/re-query-services/), or the older 001/000 shape with
 * `status` straight in `content` (docs/domain.md: seen in public integrations).
 */
function transactionOf(answer: PayAnswer): { status: string; transactionId?: string } | undefined {
  const content = answer.content;
  if (content?.transactions) return content.transactions;
  if (content?.status) return { status: content.status, transactionId: content.transactionId };
  return undefined;
}

/**
 * Maps a `/pay` or `/requery` answer (or a callback, which has the requery shape) to an
 * outcome, by VTPASS_CODES.
 */
export function outcomeFromVtpass(body: unknown, call: VtpassCall): ProviderOutcome {
  const parsed = PayAnswerSchema.safeParse(body);
  if (!parsed.success) return callFailed(pending('Unreadable answer from VTpass', body));
  const answer = parsed.data;
  const tx = transactionOf(answer);
  const providerReference = tx?.transactionId;
  const base = { raw: body, ...(providerReference ? { providerReference } : {}) };
  const known = VTPASS_CODES[answer.code];
  const text = `${answer.code} ${answer.response_description ?? known?.meaning ?? 'unknown code'}`;
  const verdict: Verdict = known?.[call] ?? 'refused';
  switch (verdict) {
    case 'status': {
      const message = answer.response_description;
      if (!tx) {
        const out = pending(`VTpass answered ${answer.code} without a transaction`, body);
        return callFailed({ ...out, ...base });
      }
      const status = tx.status.toLowerCase();
      switch (VTPASS_TRANSACTION_STATUS[status]) {
        case 'successful':
          return { status: 'successful', message, ...base, ...details(allDetails(answer)) };
        case 'failed':
          return { status: 'failed', message: message ?? `Transaction ${tx.status}`, ...base };
        default:
          if (status === 'resolved') {
            const note = 'VTpass staff resolved it by hand; ask VTpass, then settle it as an admin';
            return { ...pending(`VTpass transaction resolved (${note})`, body), ...base };
          }
          return { ...pending(`VTpass transaction ${tx.status}`, body), ...base };
      }
    }
    case 'failed':
      return { status: 'failed', message: text, ...base };
    case 'pending':
      return { ...pending(`VTpass ${text}`, body), ...base };
    case 'unknown-request':
      return {
        ...pending(`VTpass ${text}: no such request id`, body),
        ...base,
        unknownRequest: true,
      };
    case 'refused':
      // A refused call or a code VTpass does not document: it says nothing about the transaction.
      return callFailed({ ...pending(`VTpass ${text}`, body), ...base });
  }
}

/**
 * The body to read from an HTTP result: any 2xx JSON, and a non-2xx whose JSON carries
 * VTpass's `code` (its code decides, whatever the status: domain.md "any HTTP status may carry
 * a JSON code"). `undefined` when there is no VTpass answer to read.
 */
function vtpassAnswer(result: HttpResult): unknown {
  if (result.kind === 'json') return result.body;
  if (result.kind !== 'http') return undefined;
  const body = result.body;
  const hasCode =
    typeof body === 'object' && body !== null && !Array.isArray(body) && 'code' in body;
  return hasCode ? body : undefined;
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
    const call: VtpassCall = path === '/pay' ? 'pay' : 'requery';
    try {
      const result = await post(path, body);
      const answer = vtpassAnswer(result);
      if (answer !== undefined) return outcomeFromVtpass(answer, call);
      if (result.kind === 'redirect') {
        // Not followed, so the pay handler never took it: fail at once, naming the setting,
        // instead of leaving every purchase pending behind a wrong host.
        const message = redirectMessage('VTpass', result, 'VTPASS_BASE_URL');
        if (call === 'pay')
          return { status: 'failed', message: `${message}. Nothing was bought.`, raw: result };
        return callFailed(pending(message, result));
      }
      return pendingFromHttp(result as Exclude<HttpResult, { kind: 'json' }>);
    } catch (error) {
      // Defensive: nothing above should throw, but a purchase must never lose its state.
      return callFailed(pending(`VTpass adapter error: ${String(error)}`));
    }
  }

  function jsonOrThrow(result: HttpResult, what: string): unknown {
    const answer = vtpassAnswer(result);
    if (answer !== undefined) return answer;
    if (result.kind === 'redirect') {
      throw new ProviderError(name, redirectMessage(what, result, 'VTPASS_BASE_URL'), result);
    }
    const kind = result.kind === 'http' ? `HTTP ${result.status}` : result.kind;
    throw new ProviderError(name, `${what}: ${kind}`, result);
  }

  return {
    name,

    // DStv and GOtv pages (VTPASS_DOCS.dstv, VTPASS_DOCS.gotv): "subscription_type: renew"
    // with `amount` the verify answer's Renewal_Amount and no variation_code.
    renews: true,

    purchase: (req) => payLike('/pay', purchaseBody(req)),

    requery: (requestId) => payLike('/requery', { request_id: requestId }),

    async verifyCustomer(req: VerifyCustomerRequest): Promise<ProviderCustomer | null> {
      const body: Record<string, unknown> = {
        billersCode: req.customerNumber,
        serviceID: req.serviceId,
      };
      if (req.variationCode !== undefined) body.type = req.variationCode;
      const raw = jsonOrThrow(await post('/merchant-verify', body), 'merchant-verify');
      const parsed = VerifyAnswerSchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError(name, 'unreadable merchant-verify answer', raw);
      const { code, content } = parsed.data;
      // 020 "BILLER CONFIRMED" is the verification table's own yes (VTPASS_DOCS.codes).
      if (!VTPASS_VERIFIED_CODES.has(code)) {
        throw new ProviderError(name, `merchant-verify answered ${code}`, raw);
      }
      const wrong = content?.WrongBillersCode === true || content?.WrongBillersCode === 'true';
      if (!content || wrong || content.error || !content.Customer_Name?.trim()) return null;
      const lookup: ProviderCustomer = { customer_name: content.Customer_Name.trim() };
      if (content.Address) lookup.address = content.Address;
      if (content.Meter_Number) lookup.meter_number = content.Meter_Number;
      if (content.Current_Bouquet) lookup.current_bouquet = content.Current_Bouquet;
      if (content.Due_Date) lookup.due_date = content.Due_Date;
      const min = nairaToKobo(content.Min_Purchase_Amount);
      if (min !== undefined) lookup.min_purchase_amount = min;
      const renewal = nairaToKobo(content.Renewal_Amount);
      if (renewal !== undefined && renewal > 0) lookup.renewalAmount = renewal;
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
  data: z.object({ requestId: z.string().min(1).max(128) }).loose(),
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
