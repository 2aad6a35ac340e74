/**
 * Flutterwave Transfers v3: withdrawals from a customer's wallet to a Nigerian bank account
 * (ADR 0084). The pages followed, each beside what it decided:
 * - developer.flutterwave.com/docs/nigerian-bank-account-transfer ("Payout Flow"): the create
 *   body (`account_bank`, `account_number`, `amount`, `narration`, `currency`, `reference`,
 *   `callback_url`, `debit_currency`) and the `transfer.completed` webhook;
 * - developer.flutterwave.com/docs/making-payments/transfers/overview: "a unique reference code
 *   to identify the transfer": our withdrawal id is the reference, so the same withdrawal can
 *   never be paid twice, whoever sends it again;
 * - Flutterwave's Node-v3 SDK (github.com/Flutterwave/Node-v3), documentation/transfers.md:
 *   "Create a transfer" answer (`status: "success"`, `message: "Transfer Queued Successfully"`,
 *   `data.id`, `data.status: "NEW"`, `data.fee`, `data.complete_message`), "Get transfer fee"
 *   (`GET /v3/transfers/fee?currency&amount` → `data: [{ currency, fee_type, fee }]`), "Get all
 *   transfers" (`GET /v3/transfers?…` → `meta.page_info.total_pages`, `data: [...]`, items with
 *   `status` NEW, PENDING, SUCCESSFUL or FAILED and `complete_message` such as "DISBURSE
 *   FAILED: …"), "Get a transfer" (`GET /v3/transfers/{id}`, "the numeric ID of the transfer
 *   you want to fetch. It is returned in the call to create a transfer as data.id"; its
 *   "Sample Response" is a copy of the fee answer, so `data` as one such item is inferred);
 * - not documented (ADR 0084, "What Flutterwave documents"): a `reference` filter on
 *   `GET /v3/transfers`. The create reference says only that `reference` "can be used to query
 *   for the status of the transfer" (https://developer.flutterwave.com/reference/endpoints/transfers/)
 *   and no stored page or SDK sample lists transfers by reference (Node-v3 filters by
 *   `status`, PHP-v3 by `batch_id`): `byReference` filters the items again, and only an
 *   empty list is "no record";
 *   documentation/banks.md ("Get all banks", `GET /v3/banks/NG` → `data: [{ id, code, name }]`);
 *   documentation/misc.md ("Resolve account details", `POST /v3/accounts/resolve` with
 *   `account_number`, `account_bank` → `data: { account_number, account_name }`);
 * - "Retrieve Wallet balance by currency", `GET /v3/balances/{currency}` with the secret key as
 *   bearer (https://developer.flutterwave.com/v3.0.0/reference/get-balances-per-currency) →
 *   `data: { currency, available_balance, ledger_balance }` (the items of Node-v3
 *   documentation/misc.md "Get all wallet balances"): `available_balance` is what transfers can
 *   spend, the payout float (ADR 0086);
 * - developer.flutterwave.com/docs/integration-guides/errors: the error envelope
 *   `{ status: "error", message, data: null }`, 400 for validation, 401 for authorization.
 *
 * Nothing is lost (as ADR 0039 for incoming transfers): only what Flutterwave definitely said
 * is a verdict. A transfer is `failed` only when Flutterwave says FAILED; a refused create
 * (HTTP 4xx) is `refused`: the service asks by reference before it refunds, since a refusal of
 * a duplicate reference means the first one exists. Timeouts, network errors, 5xx, 429 and
 * unreadable bodies are `pending` (callFailed): the requery decides.
 */
import { z } from 'zod';
import type { Kobo } from '@contract';
import type { ListedPayout, PayoutAnswer, PayoutProvider, PayoutRequest } from './types.ts';
import {
  type FetchFn,
  type HttpResult,
  ProviderError,
  headerValue,
  koboToNaira,
  nairaToKobo,
  redirectMessage,
  requestJson,
  safeEqual,
} from './util.ts';

export interface FlutterwavePayoutOptions {
  name?: string;
  secretKey: string;
  webhookHash?: string;
  baseUrl: string;
  timeoutMs: number;
  fetch?: FetchFn;
}

const Text = z.string().max(500).nullable().optional().catch(undefined);
/** One transfer as "Get a transfer" / "Get all transfers" / the create answer show it. */
const TransferItem = z.object({
  id: z.union([z.number(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  account_number: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
  bank_code: z.string().max(20).optional().catch(undefined),
  full_name: Text,
  amount: z.union([z.number(), z.string()]),
  fee: z.union([z.number(), z.string()]).nullable().optional().catch(undefined),
  currency: z.string().max(8).optional().catch(undefined),
  status: z.string().max(32),
  reference: z.string().max(128).nullable().optional().catch(undefined),
  complete_message: Text,
  created_at: z.string().max(40).optional().catch(undefined),
});
type Item = z.output<typeof TransferItem>;

const OneAnswer = z.object({ status: z.literal('success'), message: Text, data: TransferItem });
const ListAnswer = z.object({
  status: z.literal('success'),
  meta: z
    .object({ page_info: z.object({ total_pages: z.coerce.number().int().min(0).max(100_000) }) })
    .optional()
    .catch(undefined),
  data: z.array(z.unknown()).max(1_000),
});
const BanksAnswer = z.object({
  status: z.literal('success'),
  data: z.array(z.unknown()).max(5_000),
});
const BankItem = z.object({
  code: z.string().min(1).max(16),
  name: z.string().min(1).max(120),
});
const ResolveAnswer = z.object({
  status: z.literal('success'),
  data: z.object({ account_name: z.string().trim().min(1).max(200) }),
});
const FeeAnswer = z.object({
  status: z.literal('success'),
  data: z
    .array(z.object({ currency: z.string().optional(), fee: z.union([z.number(), z.string()]) }))
    .min(1),
});
const ErrorAnswer = z.object({ status: z.literal('error'), message: z.string().max(500) });
const BalanceAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    currency: z.string().max(8).optional().catch(undefined),
    available_balance: z.union([z.number(), z.string()]),
  }),
});

/** Flutterwave's transfer status → ours (documented: NEW, PENDING, SUCCESSFUL, FAILED). */
export function payoutStatus(status: string): PayoutAnswer['status'] {
  const s = status.trim().toUpperCase();
  if (s === 'SUCCESSFUL') return 'successful';
  if (s === 'FAILED') return 'failed';
  // NEW, PENDING, and anything undocumented: not a verdict.
  return 'pending';
}

const answerOf = (item: Item, raw: unknown): PayoutAnswer => ({
  status: payoutStatus(item.status),
  providerId: item.id,
  providerStatus: item.status.toUpperCase(),
  message: item.complete_message || undefined,
  raw,
});

function unreadable(result: Exclude<HttpResult, { kind: 'json' }>, raw?: unknown): PayoutAnswer {
  const message =
    result.kind === 'timeout'
      ? 'No answer from Flutterwave in time (timeout)'
      : result.kind === 'network'
        ? `Network error: ${result.error}`
        : result.kind === 'malformed'
          ? 'Malformed answer from Flutterwave'
          : result.kind === 'redirect'
            ? redirectMessage('Flutterwave', result, 'FLUTTERWAVE_BASE_URL')
            : `Unexpected HTTP ${result.status} from Flutterwave`;
  return { status: 'pending', callFailed: true, message, raw: raw ?? result };
}

export function createFlutterwavePayoutProvider(options: FlutterwavePayoutOptions): PayoutProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const name = options.name ?? 'flutterwave-payouts';
  const headers = { authorization: `Bearer ${options.secretKey}` };
  const call = (path: string, method: 'GET' | 'POST', body?: unknown) =>
    requestJson(`${base}${path}`, {
      method,
      headers,
      body,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
  const lookupError = (what: string, result: HttpResult) =>
    new ProviderError(
      name,
      `${what}: ${result.kind === 'json' ? 'unreadable answer' : result.kind}`,
      result,
    );

  /** Every transfer of one page of the list (an item we cannot read is skipped). */
  async function listPage(query: string): Promise<{ items: Item[]; pages: number; raw: unknown }> {
    const result = await call(`/v3/transfers?${query}`, 'GET');
    if (result.kind !== 'json') throw lookupError('transfer list', result);
    const parsed = ListAnswer.safeParse(result.body);
    if (!parsed.success) throw lookupError('transfer list', result);
    const items: Item[] = [];
    for (const raw of parsed.data.data) {
      const item = TransferItem.safeParse(raw);
      if (item.success) items.push(item.data);
    }
    return { items, pages: parsed.data.meta?.page_info.total_pages ?? 1, raw: result.body };
  }

  return {
    name,

    async balance() {
      const result = await call('/v3/balances/NGN', 'GET');
      if (result.kind !== 'json') {
        const why = result.kind === 'http' ? `HTTP ${result.status}` : result.kind;
        throw new ProviderError(name, `balance failed (${why})`, result);
      }
      const parsed = BalanceAnswer.safeParse(result.body);
      const kobo = parsed.success ? nairaToKobo(parsed.data.data.available_balance) : undefined;
      if (kobo === undefined) throw lookupError('balance', result);
      return kobo;
    },

    async banks() {
      const result = await call('/v3/banks/NG', 'GET');
      if (result.kind !== 'json') throw lookupError('bank list', result);
      const parsed = BanksAnswer.safeParse(result.body);
      if (!parsed.success) throw lookupError('bank list', result);
      const banks: { code: string; name: string }[] = [];
      for (const raw of parsed.data.data) {
        const bank = BankItem.safeParse(raw);
        if (bank.success) banks.push({ code: bank.data.code, name: bank.data.name.trim() });
      }
      return banks;
    },

    async resolveAccount(bankCode, accountNumber) {
      const result = await call('/v3/accounts/resolve', 'POST', {
        account_number: accountNumber,
        account_bank: bankCode,
      });
      if (result.kind === 'json') {
        const parsed = ResolveAnswer.safeParse(result.body);
        if (parsed.success) return parsed.data.data.account_name;
        throw lookupError('account resolution', result);
      }
      // A 400 in the error envelope: the account does not resolve at this bank (the page shows
      // no wording: any `error` message is read as "not found").
      if (
        result.kind === 'http' &&
        result.status === 400 &&
        ErrorAnswer.safeParse(result.body).success
      ) {
        return null;
      }
      throw lookupError('account resolution', result);
    },

    async fee(amount: Kobo) {
      const result = await call(
        `/v3/transfers/fee?currency=NGN&amount=${encodeURIComponent(String(koboToNaira(amount)))}`,
        'GET',
      );
      if (result.kind !== 'json') throw lookupError('transfer fee', result);
      const parsed = FeeAnswer.safeParse(result.body);
      const fee = parsed.success ? nairaToKobo(parsed.data.data[0]!.fee) : undefined;
      if (fee === undefined) throw lookupError('transfer fee', result);
      return fee;
    },

    async send(req: PayoutRequest) {
      const result = await call('/v3/transfers', 'POST', {
        account_bank: req.bankCode,
        account_number: req.accountNumber,
        amount: koboToNaira(req.amount),
        narration: req.narration,
        currency: 'NGN',
        reference: req.reference,
        ...(req.callbackUrl ? { callback_url: req.callbackUrl } : {}),
        debit_currency: 'NGN',
        beneficiary_name: req.beneficiaryName,
      });
      if (result.kind === 'json') {
        const parsed = OneAnswer.safeParse(result.body);
        if (!parsed.success)
          return unreadable({ kind: 'malformed', status: result.status, text: '' }, result.body);
        return answerOf(parsed.data.data, result.body);
      }
      if (
        result.kind === 'http' &&
        result.status >= 400 &&
        result.status < 500 &&
        result.status !== 429
      ) {
        const error = ErrorAnswer.safeParse(result.body);
        if (error.success && result.status !== 401 && result.status !== 403) {
          return {
            status: 'pending',
            refused: true,
            message: error.data.message,
            raw: result.body,
          };
        }
      }
      return unreadable(result);
    },

    async status(providerId) {
      const result = await call(`/v3/transfers/${encodeURIComponent(providerId)}`, 'GET');
      if (result.kind !== 'json') return unreadable(result);
      const parsed = OneAnswer.safeParse(result.body);
      if (!parsed.success)
        return unreadable({ kind: 'malformed', status: result.status, text: '' }, result.body);
      return answerOf(parsed.data.data, result.body);
    },

    async byReference(reference) {
      let page;
      try {
        page = await listPage(`reference=${encodeURIComponent(reference)}`);
      } catch (err) {
        return { status: 'pending', callFailed: true, message: (err as Error).message };
      }
      // The filter is applied again here: a list that ignored it cannot name another transfer.
      // (Flutterwave documents no `reference` filter on this list: see the header.)
      const mine = page.items.filter((i) => i.reference === reference);
      if (mine.length === 0) return { status: 'pending', notFound: true, raw: page.raw };
      // A SUCCESSFUL one wins over a FAILED retry of the same reference (never both paid).
      const best =
        mine.find((i) => payoutStatus(i.status) === 'successful') ??
        mine.find((i) => payoutStatus(i.status) === 'pending') ??
        mine[0]!;
      return answerOf(best, page.raw);
    },

    async list(page) {
      const { items, pages } = await listPage(`page=${page}`);
      return {
        pages,
        items: items.map((i): ListedPayout => ({
          providerId: i.id,
          reference: i.reference ?? null,
          status: payoutStatus(i.status),
          amount: nairaToKobo(i.amount) ?? 0,
          accountNumber: i.account_number ?? null,
          createdAt: i.created_at ? Date.parse(i.created_at) || 0 : 0,
        })),
      };
    },

    verifyWebhookSignature(incoming) {
      const expected = options.webhookHash;
      const given = headerValue(incoming, 'verif-hash');
      if (!expected || !given) return false;
      return safeEqual(given, expected);
    },
  };
}

/**
 * The `transfer.completed` webhook (developer.flutterwave.com/docs/nigerian-bank-account-transfer:
 * `{ event: "transfer.completed", "event.type": "Transfer", data: { id, reference, status, … } }`):
 * only the ids are read. The body proves nothing: the service asks `GET /v3/transfers/{id}`
 * before it settles anything.
 */
const TransferWebhook = z.object({
  event: z.literal('transfer.completed'),
  data: z.object({
    id: z.union([z.number(), z.string().regex(/^\d{1,20}$/)]).transform(String),
    reference: z.string().min(1).max(128),
  }),
});

export function readTransferWebhook(
  body: unknown,
): { providerId: string; reference: string } | null {
  const parsed = TransferWebhook.safeParse(body);
  return parsed.success
    ? { providerId: parsed.data.data.id, reference: parsed.data.data.reference }
    : null;
}

export const isTransferWebhook = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  ((body as { event?: unknown }).event === 'transfer.completed' ||
    (body as Record<string, unknown>)['event.type'] === 'Transfer');
