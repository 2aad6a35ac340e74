/**
 * Flutterwave v3 static virtual accounts (ADR 0024, which lists what was used).
 * - `POST /v3/virtual-account-numbers` with `is_permanent: true`, the customer's `bvn`, our
 *   `tx_ref` and e-mail → `data.account_number`, `data.bank_name`, `data.order_ref`/`flw_ref`.
 *   A permanent account needs the BVN; it goes to the provider and nowhere else.
 * - Each transfer into it comes as a `charge.completed` webhook (`verif-hash` header, the
 *   dashboard's secret hash) whose `data.tx_ref` is the account's tx_ref and
 *   `data.payment_type` is `bank_transfer`.
 * - The body proves nothing: `GET /v3/transactions/{id}/verify` says status, amount, currency
 *   and tx_ref; the server credits on that answer only.
 * ADR 0039 (transfers cannot be lost): verify answers only what Flutterwave definitely said
 * (the transaction, or HTTP 400/404 "No transaction was found for this id"); anything else
 * (timeout, network, 5xx, 429, 401, unreadable) throws, so the webhook is answered non-2xx and
 * Flutterwave retries. `GET /v3/transactions?from&to&page&status` (Node-v3 SDK
 * documentation/transactions.md "Get all transactions") lists recent transactions for the poller
 * and the reconciliation. The account's name is not in the create answer: its `note` is an
 * instruction sentence, "Please make a bank transfer to <account name>" (Node-v3 SDK
 * documentation/virtualAccount.md, developer.flutterwave.com/docs/ngn-virtual-accounts).
 *
 * BVN check with consent (level 2; ADR 0063), developer.flutterwave.com/docs/verifications/bvn
 * (also /docs/bvn-verification) and Flutterwave's Node-v3 SDK documentation/misc.md ("Initiate
 * BVN Consent", "Verify BVN consent"):
 * - `POST /v3/bvn/verifications` with `bvn` (11 digits), `firstname`, `lastname`,
 *   `redirect_url` → `{ status: "success", message: "Bvn verification initiated", data: { url,
 *   reference } }` (the SDK's sample names the page `data.url`; the docs page's text calls it
 *   `data.redirect_url`: both are read). The page: "a null redirect url" when the customer
 *   consented to the merchant before. "Failed calls will return validation errors" (no body
 *   shown: any 400 `error` is read as a refusal of the request).
 * - The customer approves or declines on the NIBSS page and is sent to `redirect_url` (the docs
 *   name no parameters added to it: ours carries our own reference).
 * - `GET /v3/bvn/verifications/{reference}` → `{ status: "success", message: "Bvn details
 *   fetched", data: { first_name, last_name, status, reference, callback_url, bvn_data,
 *   created_at } }`. The one sample shows `status: "INITIATED"` with `bvn_data: null` (before
 *   consent) and, at the top level, the very names the initiate call sent ("Lyra Balacqua"):
 *   `first_name`/`last_name` are OUR names echoed, so comparing them proves nothing and they
 *   are never read. The BVN holder's own names are in `bvn_data`, the NIBSS record: typed by
 *   an SDK of this endpoint as `bvn_data: { bvn, nin, email, gender, surname, firstName,
 *   middleName, dateOfBirth, phoneNumber1, faceImage, … }` (flutterwave.toneflix.net/api/v3/
 *   bvn.html, `V3BvnVerificationData`; Flutterwave's docs pages show no approved sample). So:
 *   `bvn_data.firstName` and `bvn_data.surname` are read through a narrow schema (nothing else
 *   of the record is parsed, returned or kept: it holds the BVN, phone numbers, a face image);
 *   both present = approved with those names; `bvn_data` without them = pending (never
 *   verified: "listen for webhooks to receive the data when it becomes available", the docs
 *   say); a status naming a refusal (declined, rejected, failed, cancelled, expired) =
 *   declined; anything else = pending. The other statuses are undocumented (ADR 0063).
 */
import { z } from 'zod';
import { cardStatus, pendingTransfer } from './card-verification.ts';
import {
  type BvnConsentResult,
  BvnRefused,
  type ListedTransfer,
  type TransferProvider,
  type TransferVerification,
} from './types.ts';
import {
  type FetchFn,
  type HttpResult,
  ProviderError,
  headerValue,
  nairaToKobo,
  requestJson,
  safeEqual,
} from './util.ts';

export interface FlutterwaveTransferOptions {
  /** Default `flutterwave`; the sandbox's is named apart so its mode shows (deployment.ts). */
  name?: string;
  secretKey: string;
  webhookHash?: string;
  baseUrl: string;
  timeoutMs: number;
  fetch?: FetchFn;
}

const CreateAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    account_number: z.string().regex(/^\d{10}$/),
    bank_name: z.string().min(1).max(100),
    order_ref: z.string().max(128).optional().catch(undefined),
    flw_ref: z.string().max(128).optional().catch(undefined),
    note: z.string().max(200).optional().catch(undefined),
  }),
});

const Text = z.string().max(200).optional().catch(undefined);
const VerifyAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    tx_ref: z.string().max(128).nullable().optional().catch(undefined),
    amount: z.union([z.number(), z.string()]),
    currency: z.string(),
    status: z.string(),
    payment_type: z.string().optional().catch(undefined),
    narration: Text,
    meta: z
      .looseObject({ originatorname: Text, bankname: Text, originatoraccountnumber: Text })
      .optional()
      .catch(undefined),
    customer: z.looseObject({ name: Text }).optional().catch(undefined),
  }),
});

/** A page of `GET /v3/transactions`; items are read one by one (an odd one is skipped). */
const ListAnswer = z.object({
  status: z.literal('success'),
  meta: z
    .object({ page_info: z.object({ total_pages: z.coerce.number().int().min(0).max(100_000) }) })
    .optional()
    .catch(undefined),
  data: z.array(z.unknown()).max(1_000),
});
const ListedItem = z.object({
  id: z.union([z.number(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  tx_ref: z.string().max(128).nullable().optional().catch(undefined),
  amount: z.union([z.number(), z.string()]),
  currency: z.string().max(8),
  status: z.string().max(32),
  payment_type: z.string().max(32).optional().catch(undefined),
  created_at: z.string().max(40).optional().catch(undefined),
});

const Name = z.string().max(100).nullable().optional().catch(undefined);
/** `POST /v3/bvn/verifications`'s answer (see the header for the two names of the page's URL). */
const BvnStartAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    reference: z.string().min(1).max(128),
    url: z.string().max(2_000).nullable().optional().catch(undefined),
    redirect_url: z.string().max(2_000).nullable().optional().catch(undefined),
  }),
});
/**
 * `GET /v3/bvn/verifications/{reference}`'s answer: only the fields this adapter reads. The
 * top-level `first_name`/`last_name` echo what we sent (see the header): not read. Of
 * `bvn_data` (the BVN record) only the holder's first name and surname: zod drops every other
 * key, and anything not an object with them reads as no names.
 */
const BvnHolder = z.object({ firstName: Name, surname: Name });
const BvnResultAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    status: z.string().max(40).nullable().optional().catch(undefined),
    bvn_data: BvnHolder.nullable().optional().catch(undefined),
  }),
});
/** Statuses that name a refusal (the docs list none: see the header). */
const REFUSED_STATUS = /declin|reject|fail|cancel|expire|denied/i;

/** An absolute http(s) address, or null (a page address the browser will be sent to). */
function pageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const NOTE_PREFIX = /^\s*please make a (bank )?transfer to\s+/i;

/**
 * The name the customer's bank shows for the account: the `note` without its instruction
 * ("Please make a bank transfer to Ada Obi FLW" → "Ada Obi FLW"); our narration (documented as
 * the name shown for the account) when the note is missing or says something else.
 */
export function accountNameOf(note: string | undefined, narration: string): string {
  const name = note && NOTE_PREFIX.test(note) ? note.replace(NOTE_PREFIX, '').trim() : '';
  return name.replace(/\.$/, '') || narration;
}

/** `YYYY-MM-DD` (UTC): the provider's `from`/`to` take calendar days. */
const day = (d: Date) => d.toISOString().slice(0, 10);

export function createFlutterwaveTransferProvider(
  options: FlutterwaveTransferOptions,
): TransferProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const name = options.name ?? 'flutterwave';
  const headers = { authorization: `Bearer ${options.secretKey}` };

  return {
    name,

    async createVirtualAccount(req) {
      const result = await requestJson(`${base}/v3/virtual-account-numbers`, {
        method: 'POST',
        headers,
        body: {
          email: req.email,
          is_permanent: true,
          bvn: req.bvn,
          tx_ref: req.txRef,
          firstname: req.firstName,
          lastname: req.lastName,
          phonenumber: req.phone,
          narration: req.narration,
        },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      // The request held the BVN: never keep the raw exchange in an error.
      if (result.kind !== 'json') throw new ProviderError(name, `virtual account: ${result.kind}`);
      const parsed = CreateAnswer.safeParse(result.body);
      if (!parsed.success) throw new ProviderError(name, 'unreadable virtual account answer');
      const d = parsed.data.data;
      return {
        accountNumber: d.account_number,
        bankName: d.bank_name,
        accountName: accountNameOf(d.note, req.narration),
        providerRef: d.order_ref ?? d.flw_ref,
      };
    },

    async startBvnConsent(req) {
      const result = await requestJson(`${base}/v3/bvn/verifications`, {
        method: 'POST',
        headers,
        body: {
          bvn: req.bvn,
          firstname: req.firstName,
          lastname: req.lastName,
          redirect_url: req.redirectUrl,
        },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      // The request held the BVN: never keep the raw exchange (or its echo) in an error.
      if (result.kind === 'http' && result.status === 400 && isErrorEnvelope(result.body)) {
        throw new BvnRefused('bvn consent refused');
      }
      if (result.kind !== 'json') throw new ProviderError(name, `bvn consent: ${describe(result)}`);
      const parsed = BvnStartAnswer.safeParse(result.body);
      if (!parsed.success) throw new ProviderError(name, 'bvn consent: unreadable answer');
      const d = parsed.data.data;
      return { reference: d.reference, url: pageUrl(d.url ?? d.redirect_url) };
    },

    async bvnConsent(reference): Promise<BvnConsentResult> {
      const result = await requestJson(
        `${base}/v3/bvn/verifications/${encodeURIComponent(reference)}`,
        { method: 'GET', headers, timeoutMs: options.timeoutMs, fetch: options.fetch },
      );
      if (result.kind !== 'json') throw new ProviderError(name, `bvn result: ${describe(result)}`);
      const parsed = BvnResultAnswer.safeParse(result.body);
      if (!parsed.success) throw new ProviderError(name, 'bvn result: unreadable answer');
      const d = parsed.data.data;
      const firstName = d.bvn_data?.firstName?.trim() ?? '';
      const lastName = d.bvn_data?.surname?.trim() ?? '';
      // Approved only with the holder's own names: a record without them is never verified.
      if (firstName && lastName) return { state: 'approved', firstName, lastName };
      const state = REFUSED_STATUS.test(d.status ?? '') ? 'declined' : 'pending';
      return { state, firstName: '', lastName: '' };
    },

    async verifyTransfer(transactionId): Promise<TransferVerification> {
      // Flutterwave's ids are integers: anything else is nobody's transaction (no call).
      if (!/^\d{1,20}$/.test(transactionId)) return notFound(transactionId);
      const result = await requestJson(`${base}/v3/transactions/${transactionId}/verify`, {
        method: 'GET',
        headers,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.kind === 'http' && isNoSuchTransaction(result.status, result.body)) {
        return notFound(transactionId, result.body);
      }
      if (result.kind !== 'json') throw new ProviderError(name, `verify: ${describe(result)}`);
      const parsed = VerifyAnswer.safeParse(result.body);
      if (!parsed.success) throw new ProviderError(name, 'verify: unreadable answer');
      const d = parsed.data.data;
      const amount = nairaToKobo(d.amount);
      if (amount === undefined) throw new ProviderError(name, 'verify: unreadable amount');
      const sender = [d.meta?.originatorname ?? d.customer?.name, d.meta?.bankname]
        .filter(Boolean)
        .join(', ');
      return {
        status: cardStatus(d.status),
        transactionId: d.id,
        txRef: d.tx_ref ?? null,
        accountNumber: null,
        amount,
        currency: d.currency,
        paymentType: d.payment_type ?? '',
        sender: sender || 'Unknown sender',
        raw: result.body,
      };
    },

    async listTransfers(query) {
      const params = new URLSearchParams({
        from: day(query.from),
        to: day(query.to),
        page: String(query.page),
        status: 'successful',
      });
      if (query.txRef) params.set('tx_ref', query.txRef);
      const result = await requestJson(`${base}/v3/transactions?${params.toString()}`, {
        method: 'GET',
        headers,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.kind !== 'json') throw new ProviderError(name, `list: ${describe(result)}`);
      const parsed = ListAnswer.safeParse(result.body);
      if (!parsed.success) throw new ProviderError(name, 'list: unreadable answer');
      const items: ListedTransfer[] = [];
      for (const raw of parsed.data.data) {
        const item = ListedItem.safeParse(raw);
        if (!item.success) continue;
        const t = item.data;
        const amount = nairaToKobo(t.amount);
        if (amount === undefined) continue;
        const at = t.created_at ? Date.parse(t.created_at) : NaN;
        items.push({
          transactionId: t.id,
          txRef: t.tx_ref ?? null,
          status: cardStatus(t.status),
          amount,
          currency: t.currency,
          paymentType: t.payment_type ?? '',
          createdAt: Number.isFinite(at) ? at : 0,
        });
      }
      return { items, pages: parsed.data.meta?.page_info.total_pages ?? 1 };
    },

    verifyWebhookSignature(incoming) {
      const expected = options.webhookHash;
      const given = headerValue(incoming, 'verif-hash');
      if (!expected || !given) return false;
      return safeEqual(given, expected);
    },
  };
}

const notFound = (transactionId: string, raw?: unknown): TransferVerification => ({
  ...pendingTransfer(transactionId, raw),
  status: 'not_found',
});

/**
 * Flutterwave's definite "no": HTTP 400/404 with `{ status: "error" }` (an unknown id answers
 * "No transaction was found for this id"). 401/403 (our key), 429 and 5xx say nothing about
 * the transaction.
 */
function isNoSuchTransaction(status: number, body: unknown): boolean {
  if (status !== 400 && status !== 404) return false;
  return isErrorEnvelope(body);
}

/** Flutterwave's error envelope, `{ status: "error", … }`. */
function isErrorEnvelope(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error'
  );
}

/** Which failure, for the log: never the body (it may echo the request). */
function describe(result: HttpResult): string {
  return result.kind === 'http' ? `HTTP ${result.status}` : result.kind;
}

/** What a Flutterwave webhook names: the transaction, the reference, the order (account). */
export interface WebhookRefs {
  transactionId?: string;
  txRef?: string;
  orderRef?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ||
  (typeof v === 'string' && /^\d{1,20}$/.test(v))
    ? String(v)
    : undefined;
const refOf = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= 128 ? v.trim() : undefined;

/**
 * The references of a Flutterwave webhook in either shape: `{ event, data: { id, tx_ref } }`
 * (developer.flutterwave.com/docs/webhooks) or the older flat one with top-level `id`,
 * `txRef`, `orderRef` and `"event.type": "BANK_TRANSFER_TRANSACTION"`, which bank transfers
 * still arrive in (github.com/Flutterwave/Node-v3/issues/175). `null` when it names nothing.
 * Nothing here is trusted: the id is verified with the API before anything is credited.
 */
export function readFlutterwaveWebhook(body: unknown): WebhookRefs | null {
  if (!isRecord(body)) return null;
  const data = isRecord(body.data) ? body.data : {};
  const refs: WebhookRefs = {};
  const transactionId = idOf(data.id) ?? idOf(body.id);
  const txRef = refOf(data.tx_ref) ?? refOf(data.txRef) ?? refOf(body.txRef) ?? refOf(body.tx_ref);
  const orderRef =
    refOf(data.order_ref) ?? refOf(data.orderRef) ?? refOf(body.orderRef) ?? refOf(body.order_ref);
  if (transactionId) refs.transactionId = transactionId;
  if (txRef) refs.txRef = txRef;
  if (orderRef) refs.orderRef = orderRef;
  return transactionId || txRef || orderRef ? refs : null;
}
