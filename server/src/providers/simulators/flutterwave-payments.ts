/**
 * A simulator of Flutterwave v3 payments over HTTP: standard checkout,
 * transaction verification, static virtual accounts, incoming bank transfers (webhooks in both
 * shapes, ADR 0039) and the transaction list, served at Flutterwave's own paths so the live
 * adapters (`providers/flutterwave.ts`, `providers/flutterwave-transfers.ts`) run unchanged
 * against it. The hosted checkout page and the sandbox bank stay ours (`/sandbox/checkout`,
 * `/sandbox/transfer`): they call `checkout`, `completeCheckout` and `sendTransfer` here.
 *
 * Each canned answer names the page it follows. Where a page shows no value (an error's exact
 * wording, the account's bank in a sandbox), the comment says so and the value is ours.
 * Money is kobo inside and naira on the wire, as Flutterwave sends it.
 *
 * State is JSON records in the injected store (the server's `kv_store`), so a restart keeps
 * every checkout, account and transfer:
 * - `checkout:<tx_ref>`: one checkout (flat: the test helper rewrites its amount and status);
 * - `tx:<id>`: one transaction (a checkout attempt or a bank transfer);
 * - `account:<number>` and `account-ref:<tx_ref>`: one virtual account;
 * - `index`: the newest transaction ids (a store cannot list its keys);
 * - `bvn:<reference>`: one BVN consent request (names, return address, the customer's choice;
 *   never the BVN itself, only whether it is the sandbox's "someone else's" BVN).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Kobo } from '@contract';
import { localCardFee } from '../card-verification.ts';
import {
  type KeyValueStore,
  koboToNaira,
  memoryStore,
  nairaToKobo,
  randomDigits,
  safeEqual,
  sleep,
} from '../util.ts';
import { createFaults, type SimulatorFault, type SimulatorFaults } from './faults.ts';
// One Flutterwave: the bills simulator beside this one owns the prefix and the sandbox's key.
import { SANDBOX_FLUTTERWAVE_SECRET } from './flutterwave-bills.ts';

/** The page our own server serves for a hosted checkout (`providers/routes/sandbox/checkout.ts`). */
export const SIMULATOR_CHECKOUT_PATH = '/sandbox/checkout';
/**
 * The bank the virtual accounts are at. Flutterwave's examples show "WEMA BANK" or
 * "Flutterwave MFB" (developer.flutterwave.com/docs/ngn-virtual-accounts); the sandbox names
 * itself so nobody sends real money to one of its numbers.
 */
export const SIMULATOR_BANK = 'Sandbox Bank';

/** The page our own server serves for the BVN consent (`providers/routes/sandbox/bvn-consent.ts`). */
export const SIMULATOR_BVN_CONSENT_PATH = '/sandbox/bvn-consent';
/**
 * The sandbox's BVN registry (ours: Flutterwave publishes no test BVNs for this flow). A BVN
 * ending in 0000 belongs to this person, so its check is a name mismatch for anyone else; any
 * other BVN belongs to whoever sends it (its names are the names sent).
 */
export const SANDBOX_OTHER_BVN_HOLDER = { firstName: 'Chinedu', lastName: 'Okafor' } as const;

export type BvnConsentChoice = 'approved' | 'declined';

/** One BVN consent request, as the consent page shows it (plain JSON; no BVN). */
export interface FlutterwaveBvnConsent {
  reference: string;
  firstName: string;
  lastName: string;
  redirectUrl: string;
  /** The BVN ends in 0000: the record's names are SANDBOX_OTHER_BVN_HOLDER's. */
  otherHolder: boolean;
  status: 'INITIATED' | BvnConsentChoice;
  createdAt: string;
}

export type CheckoutOutcome = 'successful' | 'failed' | 'cancelled';

/** One standard checkout, as the hosted page shows it (plain JSON). */
export interface FlutterwaveCheckout {
  txRef: string;
  amount: Kobo;
  currency: 'NGN';
  redirectUrl: string;
  customer: { email: string; name: string; phone: string };
  status: 'pending' | CheckoutOutcome;
  /** The latest attempt's transaction (Flutterwave ids are integers). */
  transactionId?: string;
  flwRef?: string;
  customerId: number;
  createdAt: string;
  completedAt?: string;
}

export interface FlutterwaveVirtualAccount {
  accountNumber: string;
  bankName: string;
  txRef: string;
  orderRef: string;
  flwRef: string;
  email: string;
  /** The create answer's `note` ("Please make a bank transfer to …"). */
  note: string;
  customerId: number;
  createdAt: string;
}

interface CardTransaction {
  kind: 'card';
  id: string;
  txRef: string;
  status: CheckoutOutcome;
  flwRef: string;
  createdAt: string;
}

interface TransferTransaction {
  kind: 'transfer';
  id: string;
  accountNumber: string;
  /** The account's tx_ref; a number that is nobody's gets a reference no account has. */
  txRef: string;
  orderRef: string;
  flwRef: string;
  amount: Kobo;
  sender: string;
  createdAt: string;
}

type Transaction = CardTransaction | TransferTransaction;

export interface FlutterwavePaymentsSimulatorOptions {
  store?: KeyValueStore<unknown>;
  now?: () => Date;
  faults?: SimulatorFaults;
  secretKey?: string;
  /** The verif-hash the simulator signs webhooks with (FLUTTERWAVE_WEBHOOK_HASH). */
  webhookHash: string;
  /** Origin of the hosted checkout page the payment link points at (our /sandbox/checkout). */
  checkoutOrigin?: string;
  /**
   * Delivers a webhook to the merchant (the app's /api/payment/webhook): POST JSON with
   * the verif-hash header; returns the HTTP status the merchant answered.
   */
  deliver?: (body: unknown, headers: Record<string, string>) => Promise<number>;
}

export interface SentTransfer {
  id: string;
  txRef: string;
  /** The merchant's answer to the (first) webhook; `null`: none delivered. */
  delivered: number | null;
  /** Every delivery's answer (two when delivered twice at once). */
  answers: number[];
  /** The webhook as sent (or as it would have been, when lost): tests replay and forge it. */
  webhook: { headers: Record<string, string>; body: Record<string, unknown> };
}

export interface FlutterwavePaymentsSimulator {
  /** Register with `{ prefix: FLUTTERWAVE_SIMULATOR_PREFIX }`. */
  plugin: FastifyPluginAsync;
  faults: SimulatorFaults;
  /** The checkout page's data for a tx_ref (amount, customer, status), or undefined. */
  checkout(txRef: string): Promise<FlutterwaveCheckout | undefined>;
  /**
   * The customer pressed Pay/Fail/Cancel: records it, sends charge.completed (not for cancel)
   * and answers the redirect URL (`redirect_url?status=&tx_ref=&transaction_id=`); undefined
   * for an unknown tx_ref. A successful payment is final; after a failed or cancelled attempt
   * the customer may try again on the same tx_ref (a new transaction), as Flutterwave allows.
   */
  completeCheckout(txRef: string, outcome: CheckoutOutcome): Promise<string | undefined>;
  /**
   * A bank transfer into a virtual account number (any amount); sends the webhook in the chosen
   * shape ('nested' by default, 'flat': ADR 0039), `deliveries` times at once (0: the webhook
   * is lost, the poller must find it; 2: a duplicate). Unknown numbers get a reference no
   * account has.
   */
  sendTransfer(t: {
    accountNumber: string;
    amountKobo: number;
    sender: string;
    shape?: 'nested' | 'flat';
    deliveries?: 0 | 1 | 2;
  }): Promise<SentTransfer>;
  virtualAccount(accountNumber: string): Promise<FlutterwaveVirtualAccount | undefined>;
  /** The consent page's data for a BVN reference, or undefined. */
  bvnConsent(reference: string): Promise<FlutterwaveBvnConsent | undefined>;
  /**
   * The customer pressed Approve or Decline on the consent page: records it (the first choice
   * stays) and answers the merchant's redirect_url; undefined for an unknown reference.
   */
  completeBvnConsent(reference: string, choice: BvnConsentChoice): Promise<string | undefined>;
}

/** How many transaction ids `index` keeps (a sandbox: older ones are no longer listed). */
const INDEX_MAX = 500;
/**
 * `GET /v3/transactions` pages by 10: its documented example has total 158 over 16 pages
 * (developer.flutterwave.com/reference/endpoints/transactions, "Get multiple transactions").
 */
const PAGE_SIZE = 10;
/** Our limits on what a request may carry (Flutterwave documents none). */
const MAX_BODY_BYTES = 16 * 1024;
const MAX_NAIRA = 100_000_000;
/** The simulated merchant's `account_id` in answers (any integer). */
const ACCOUNT_ID = 73362;
/**
 * The masked card of a successful or failed attempt: the documented test Mastercard's first six
 * and last four digits, never a full number (developer.flutterwave.com/reference/endpoints/
 * transactions, "Verify a transaction": `card.first_6digits`, `card.last_4digits`).
 */
const TEST_CARD = {
  first_6digits: '553188',
  last_4digits: '2950',
  issuer: 'MASTERCARD CREDIT',
  country: 'NG',
  type: 'MASTERCARD',
  expiry: '09/32',
};

/**
 * Flutterwave's error envelope: `{ status: "error", message, data: null }`, 400 for validation
 * and 401 for authorization (developer.flutterwave.com/docs/integration-guides/errors).
 */
const errorBody = (message: string) => ({ status: 'error', message, data: null });
/** A 5xx as the errors page shows it ("Server errors"). */
const serverErrorBody = () => ({
  error_id: `ERRNO${randomDigits(9)}T${Date.now()}`,
  message: 'Application error. Please contact support',
  code: 'app_error',
});
/**
 * An unknown transaction on both verify paths: HTTP 400 (quoted verbatim in
 * https://github.com/Flutterwave/PHP-v3/issues/11 and
 * https://github.com/Flutterwave/Node-v3/issues/136; the adapters read any 400/404 `error`).
 */
const NOT_FOUND = 'No transaction was found for this id';

const Money = z.union([z.number(), z.string().max(20)]);
const Text = (max: number) => z.string().trim().max(max);

/**
 * Standard checkout's parameters (developer.flutterwave.com/docs/collecting-payments/standard):
 * `tx_ref`, `amount`, `currency` (default NGN), `redirect_url`, `customer` with an email
 * required, and optional `customizations`, `meta`.
 */
const PaymentBody = z.object({
  tx_ref: Text(100).min(1, 'tx_ref is required'),
  amount: Money,
  currency: z.string().max(8).optional(),
  redirect_url: z.url({ protocol: /^https?$/, error: 'redirect_url must be a valid url' }).max(500),
  customer: z.object({
    email: z.email({ error: 'customer.email is required' }).max(200),
    name: Text(200).optional(),
    phonenumber: Text(30).optional(),
  }),
  customizations: z.looseObject({ title: Text(200).optional() }).optional(),
  meta: z.unknown().optional(),
});

/**
 * Virtual account numbers (developer.flutterwave.com/reference/endpoints/virtual-account-numbers;
 * Node-v3 documentation/virtualAccount.md): `email` required, `bvn` required for a static
 * (`is_permanent`) account, `tx_ref` returned with every transfer, `narration` the name shown.
 */
const VirtualAccountBody = z.object({
  email: z.email({ error: 'email is required' }).max(200),
  is_permanent: z.boolean().optional(),
  bvn: z.union([z.string().max(20), z.number()]).optional(),
  tx_ref: Text(100).optional(),
  phonenumber: Text(30).optional(),
  firstname: Text(100).optional(),
  lastname: Text(100).optional(),
  narration: Text(100).optional(),
  amount: Money.optional(),
});

/**
 * Initiate BVN consent (developer.flutterwave.com/docs/verifications/bvn; the API reference
 * "Initiate consent request for BVN verification": `bvn` 11 digits, `firstname`, `lastname`
 * required, `redirect_url` optional). "BVNs are 11 digits … to prevent validation errors"; the
 * error texts are not shown, these are ours.
 */
const BvnBody = z.object({
  bvn: z.string({ error: 'bvn is required' }).regex(/^\d{11}$/, 'bvn must be 11 digits'),
  firstname: Text(100).min(1, 'firstname is required'),
  lastname: Text(100).min(1, 'lastname is required'),
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'redirect_url must be a valid url' })
    .max(500)
    .optional(),
});

/** `GET /v3/transactions` query (Node-v3 documentation/transactions.md "Get all transactions"). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'from and to must be YYYY-MM-DD');
const ListQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  status: z.string().max(32).optional(),
  tx_ref: z.string().max(128).optional(),
});

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue?.message && !issue.message.startsWith('Invalid')
    ? issue.message
    : `${issue?.path.join('.') || 'request'} is invalid`;
};

export function createFlutterwavePaymentsSimulator(
  options: FlutterwavePaymentsSimulatorOptions,
): FlutterwavePaymentsSimulator {
  const store = options.store ?? memoryStore<unknown>();
  const now = options.now ?? (() => new Date());
  const faults = options.faults ?? createFaults();
  const secretKey = options.secretKey ?? SANDBOX_FLUTTERWAVE_SECRET;
  const signed = { 'verif-hash': options.webhookHash, 'content-type': 'application/json' };

  const read = async <T>(key: string) => (await store.get(key)) as T | undefined;
  // One writer at a time for the read-modify-write of `index` (two transfers sent at once would
  // otherwise drop one from the list the poller reads).
  let indexing: Promise<void> = Promise.resolve();
  const remember = (id: string) => {
    const next = indexing.then(async () => {
      const index = (await read<{ recent: string[] }>('index'))?.recent ?? [];
      await store.set('index', { recent: [id, ...index].slice(0, INDEX_MAX) });
    });
    indexing = next.catch(() => undefined);
    return next;
  };

  /** A transaction id no record has (9–10 digits, no leading zero). */
  async function newId(digits: number): Promise<string> {
    for (;;) {
      const id = `${1 + Number(randomDigits(1).replace('9', '8'))}${randomDigits(digits - 1)}`;
      if (!(await store.get(`tx:${id}`))) return id;
    }
  }
  const flwRef = () => `FLW-MOCK-${randomBytes(16).toString('hex')}`;
  const customerId = () => Number(`2${randomDigits(6)}`);

  /**
   * A card attempt as `verify` and the list answer it (developer.flutterwave.com/reference/
   * endpoints/transactions, "Verify a transaction" sample). The checkout record decides amount
   * and status of its latest attempt (a test may rewrite them); older attempts keep theirs.
   */
  function cardData(t: CardTransaction, c: FlutterwaveCheckout | undefined) {
    const latest = c?.transactionId === t.id;
    const status = latest && c.status !== 'pending' ? c.status : t.status;
    const amount = c?.amount ?? 0;
    const fee = status === 'successful' ? localCardFee(amount) : 0;
    return {
      id: Number(t.id),
      tx_ref: t.txRef,
      flw_ref: t.flwRef,
      device_fingerprint: 'N/A',
      amount: koboToNaira(amount),
      currency: 'NGN',
      charged_amount: koboToNaira(amount),
      app_fee: koboToNaira(fee),
      merchant_fee: 0,
      // The processor's words are not fixed by the docs; the sample's approval is kept.
      processor_response:
        status === 'successful' ? 'Approved by Financial Institution' : 'Declined',
      auth_model: status === 'cancelled' ? 'N/A' : 'PIN',
      ip: '::ffff:127.0.0.1',
      narration: 'CARD Transaction ',
      status,
      payment_type: 'card',
      created_at: t.createdAt,
      amount_settled: koboToNaira(amount - fee),
      account_id: ACCOUNT_ID,
      customer: {
        id: c?.customerId ?? 0,
        name: c?.customer.name ?? '',
        phone_number: c?.customer.phone || null,
        email: c?.customer.email ?? '',
        created_at: c?.createdAt ?? t.createdAt,
      },
      // A cancelled checkout never saw a card.
      ...(status === 'cancelled' ? {} : { card: TEST_CARD }),
    };
  }

  /**
   * A bank transfer into a virtual account as `verify` and the list answer it: the verify
   * sample's fields with `payment_type: "bank_transfer"` and the sender in `meta`
   * (`originatorname`, `originatoraccountnumber`, as Flutterwave's bank-transfer webhooks carry
   * them in `meta_data`). The amount is what was sent: Flutterwave's collection fee is not
   * on the pages we follow, and the server books its own transfer fee and stamp duty from the
   * amount (as the retired in-process sandbox did), so `app_fee` is 0. No `bankname`: the adapter would
   * append it to the sender, which the sandbox bank's page names exactly.
   */
  function transferData(t: TransferTransaction, account: FlutterwaveVirtualAccount | undefined) {
    return {
      id: Number(t.id),
      tx_ref: t.txRef,
      flw_ref: t.flwRef,
      device_fingerprint: 'N/A',
      amount: koboToNaira(t.amount),
      currency: 'NGN',
      charged_amount: koboToNaira(t.amount),
      app_fee: 0,
      merchant_fee: 0,
      processor_response: 'success',
      auth_model: 'AUTH',
      ip: '::ffff:127.0.0.1',
      narration: t.sender,
      status: 'successful',
      payment_type: 'bank_transfer',
      created_at: t.createdAt,
      amount_settled: koboToNaira(t.amount),
      account_id: ACCOUNT_ID,
      meta: { originatorname: t.sender, originatoraccountnumber: '123*******90' },
      customer: {
        id: account?.customerId ?? 0,
        name: t.sender,
        phone_number: null,
        email: account?.email ?? '',
        created_at: account?.createdAt ?? t.createdAt,
      },
    };
  }

  async function transactionData(id: string) {
    const t = await read<Transaction>(`tx:${id}`);
    if (!t) return undefined;
    if (t.kind === 'card') {
      return cardData(t, await read<FlutterwaveCheckout>(`checkout:${t.txRef}`));
    }
    return transferData(t, await read<FlutterwaveVirtualAccount>(`account:${t.accountNumber}`));
  }

  async function deliverAll(body: unknown, times: number): Promise<number[]> {
    const deliver = options.deliver;
    if (!deliver || times === 0) return [];
    const once = async () => {
      try {
        return await deliver(body, { ...signed });
      } catch {
        // The merchant did not answer: Flutterwave would retry; the poller finds it here.
        return 0;
      }
    };
    return Promise.all(Array.from({ length: times }, once));
  }

  // ---- HTTP ----------------------------------------------------------------------------

  type Answer = { status: number; body: unknown };
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const bad = (message: string): Answer => ({ status: 400, body: errorBody(message) });

  /**
   * Answers `route`'s normal `answer` through the next injected fault, if any: the work is done
   * as usual (a checkout is still created under a 500), only what goes back changes.
   */
  async function respond(
    route: string,
    reply: FastifyReply,
    answer: () => Promise<Answer>,
    hang: { until: Promise<void> },
  ): Promise<FastifyReply> {
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    const fault: SimulatorFault | undefined = faults.take(route);
    const result = await answer();
    if (!fault) return reply.code(result.status).send(result.body);
    switch (fault.kind) {
      case 'slow':
        await sleep(fault.ms);
        return reply.code(result.status).send(result.body);
      case 'hang':
        // Never answers while the simulator runs: the adapter's own timeout decides.
        await hang.until;
        return reply.code(504).send(serverErrorBody());
      case 'status': {
        const body = fault.body ?? (fault.status >= 500 ? serverErrorBody() : errorBody('Error'));
        if (typeof body === 'string') {
          return reply.code(fault.status).type('text/plain; charset=utf-8').send(body);
        }
        return reply.code(fault.status).send(body);
      }
      case 'malformed': {
        const text = JSON.stringify(result.body);
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
      }
      case 'code':
        // Flutterwave's envelope has no code field: the code (or its message) is the message.
        return reply.code(400).send(errorBody(fault.message ?? fault.code));
    }
  }

  const plugin: FastifyPluginAsync = async (app) => {
    let release: () => void = () => undefined;
    const hang = { until: new Promise<void>((resolve) => (release = resolve)) };
    app.addHook('onClose', async () => release());

    // Every call is authorised by the secret key as a bearer token; without it, 401
    // (developer.flutterwave.com/docs/integration-guides/authentication and …/errors).
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const header = req.headers.authorization ?? '';
      const given = /^Bearer (.{1,200})$/.exec(header)?.[1];
      if (!given || !safeEqual(given, secretKey)) {
        return reply.code(401).send(errorBody('Authorization required'));
      }
    });

    // A body that is not JSON, or too large: the validation envelope, never Fastify's own.
    app.setErrorHandler(async (error: { statusCode?: number }, _req, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) return reply.code(500).send(serverErrorBody());
      return reply.code(status).send(errorBody('Invalid request body'));
    });

    const limits = { bodyLimit: MAX_BODY_BYTES };

    // Standard checkout: `{ status: "success", message: "Hosted Link", data: { link } }`
    // (developer.flutterwave.com/docs/collecting-payments/standard, step 2).
    app.post('/v3/payments', limits, (req, reply) =>
      respond(
        'payments',
        reply,
        async () => {
          const parsed = PaymentBody.safeParse(req.body);
          if (!parsed.success) return bad(firstIssue(parsed.error));
          const p = parsed.data;
          if ((p.currency ?? 'NGN').toUpperCase() !== 'NGN') {
            // Our sandbox collects naira only (the business is Nigerian); wording ours.
            return bad('Invalid currency: the sandbox accepts NGN only');
          }
          const amount = nairaToKobo(p.amount);
          if (amount === undefined || amount < 100 || amount > MAX_NAIRA * 100) {
            return bad('amount must be a positive number');
          }
          const origin = (options.checkoutOrigin ?? new URL(p.redirect_url).origin).replace(
            /\/+$/,
            '',
          );
          // A repeated tx_ref (our retry after a timeout) keeps the first checkout.
          if (!(await store.get(`checkout:${p.tx_ref}`))) {
            const record: FlutterwaveCheckout = {
              txRef: p.tx_ref,
              amount,
              currency: 'NGN',
              redirectUrl: p.redirect_url,
              customer: {
                email: p.customer.email,
                name: p.customer.name ?? '',
                phone: p.customer.phonenumber ?? '',
              },
              status: 'pending',
              customerId: customerId(),
              createdAt: now().toISOString(),
            };
            await store.set(`checkout:${p.tx_ref}`, record);
          }
          return ok({
            status: 'success',
            message: 'Hosted Link',
            data: { link: `${origin}${SIMULATOR_CHECKOUT_PATH}/${encodeURIComponent(p.tx_ref)}` },
          });
        },
        hang,
      ),
    );

    // Verify a transaction by id: `{ status: "success", message: "Transaction fetched
    // successfully", data }` (developer.flutterwave.com/reference/endpoints/transactions).
    app.get<{ Params: { id: string } }>('/v3/transactions/:id/verify', (req, reply) =>
      respond(
        'verify',
        reply,
        async () => {
          const id = req.params.id;
          const data = /^\d{1,20}$/.test(id) ? await transactionData(id) : undefined;
          if (!data) return bad(NOT_FOUND);
          return ok({ status: 'success', message: 'Transaction fetched successfully', data });
        },
        hang,
      ),
    );

    // Verify by reference (`GET /v3/transactions/verify_by_reference?tx_ref=`, same page): the
    // tx_ref's latest transaction; a checkout nobody paid yet has none.
    app.get<{ Querystring: { tx_ref?: string } }>(
      '/v3/transactions/verify_by_reference',
      (req, reply) =>
        respond(
          'verify',
          reply,
          async () => {
            const txRef = typeof req.query.tx_ref === 'string' ? req.query.tx_ref : '';
            if (!txRef || txRef.length > 128) return bad('tx_ref is required');
            const c = await read<FlutterwaveCheckout>(`checkout:${txRef}`);
            const data = c?.transactionId ? await transactionData(c.transactionId) : undefined;
            if (!data) return bad(NOT_FOUND);
            return ok({ status: 'success', message: 'Transaction fetched successfully', data });
          },
          hang,
        ),
    );

    // The transaction list for the poller and the reconciliation, newest first, with
    // `meta.page_info` { total, current_page, total_pages } (developer.flutterwave.com/
    // reference/endpoints/transactions "Get multiple transactions"; Node-v3
    // documentation/transactions.md). `from`/`to` are calendar days, `to` included.
    app.get('/v3/transactions', (req, reply) =>
      respond(
        'transactions',
        reply,
        async () => {
          const parsed = ListQuery.safeParse(req.query);
          if (!parsed.success) return bad(firstIssue(parsed.error));
          const q = parsed.data;
          const from = q.from ? Date.parse(q.from) : -Infinity;
          const to = q.to ? Date.parse(q.to) + 86_400_000 : Infinity;
          const ids = (await read<{ recent: string[] }>('index'))?.recent ?? [];
          const all = [];
          for (const id of ids) {
            const data = await transactionData(id);
            if (!data) continue;
            const at = Date.parse(data.created_at);
            if (at < from || at >= to) continue;
            if (q.status && data.status !== q.status.toLowerCase()) continue;
            if (q.tx_ref && data.tx_ref !== q.tx_ref) continue;
            all.push(data);
          }
          const page = q.page ?? 1;
          const totalPages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
          return ok({
            status: 'success',
            message: 'Transactions fetched',
            meta: { page_info: { total: all.length, current_page: page, total_pages: totalPages } },
            data: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          });
        },
        hang,
      ),
    );

    // Create a virtual account number: `{ status: "success", message: "Virtual account
    // created", data: { response_code: "02", response_message: "Transaction in progress",
    // flw_ref, order_ref, account_number, frequency, bank_name, created_at, expiry_date, note,
    // amount } }` (Node-v3 documentation/virtualAccount.md sample response;
    // developer.flutterwave.com/docs/ngn-virtual-accounts).
    app.post('/v3/virtual-account-numbers', limits, (req, reply) =>
      respond(
        'virtual-accounts',
        reply,
        async () => {
          const parsed = VirtualAccountBody.safeParse(req.body);
          if (!parsed.success) return bad(firstIssue(parsed.error));
          const v = parsed.data;
          if (!v.is_permanent) {
            // Dynamic (expiring, fixed-amount) accounts are not simulated: the app never asks.
            return bad('The sandbox creates static accounts only (is_permanent: true)');
          }
          // A static account needs the customer's BVN (developer.flutterwave.com/docs/
          // ngn-virtual-accounts). The pages show no error text; these words are the one users
          // quote from the live API ("BVN is required for static account number").
          if (!/^\d{11}$/.test(String(v.bvn ?? ''))) {
            return bad('BVN is required for static account number');
          }
          const txRef = v.tx_ref || `VA-${randomDigits(12)}`;
          // The same tx_ref again (our retry after a timeout) answers the same account, and the
          // BVN is never stored.
          const known = await read<string>(`account-ref:${txRef}`);
          let account = known
            ? await read<FlutterwaveVirtualAccount>(`account:${known}`)
            : undefined;
          if (!account) {
            let accountNumber = '';
            do accountNumber = `99${randomDigits(8)}`;
            while (await store.get(`account:${accountNumber}`));
            const at = now();
            const name = v.narration || [v.firstname, v.lastname].filter(Boolean).join(' ');
            account = {
              accountNumber,
              bankName: SIMULATOR_BANK,
              txRef,
              orderRef: `URF_${at.getTime()}_${randomDigits(7)}`,
              flwRef: `FLW-${randomBytes(16).toString('hex')}`,
              email: v.email,
              // The examples end the name with " FLW" ("Please make a bank transfer to
              // Tester FLW"); the name shown is the narration (documented as such).
              note: `Please make a bank transfer to ${name || 'PayBills'} FLW`,
              customerId: customerId(),
              createdAt: at.toISOString(),
            };
            await store.set(`account:${accountNumber}`, account);
            await store.set(`account-ref:${txRef}`, accountNumber);
          }
          return ok({
            status: 'success',
            message: 'Virtual account created',
            data: {
              response_code: '02',
              response_message: 'Transaction in progress',
              flw_ref: account.flwRef,
              order_ref: account.orderRef,
              account_number: account.accountNumber,
              frequency: 'N/A',
              bank_name: account.bankName,
              created_at: account.createdAt.replace('T', ' ').slice(0, 19),
              expiry_date: 'N/A',
              note: account.note,
              amount: '0.00',
            },
          });
        },
        hang,
      ),
    );

    // Initiate BVN consent: `{ status: "success", message: "Bvn verification initiated", data:
    // { url, reference } }` (Node-v3 documentation/misc.md "Initiate BVN Consent" sample; the
    // reference is shaped like its "FLW71DC60942BAD76D2BD5B4E"). The BVN is not stored: only
    // whether it is the sandbox's someone-else's BVN. A customer who consented before would get
    // a null or merchant URL (the docs' second scenario): not simulated, every request asks.
    app.post('/v3/bvn/verifications', limits, (req, reply) =>
      respond(
        'bvn',
        reply,
        async () => {
          const parsed = BvnBody.safeParse(req.body);
          if (!parsed.success) return bad(firstIssue(parsed.error));
          const b = parsed.data;
          if (!b.redirect_url) {
            // Optional in the reference; without it the customer could not come back to us.
            return bad('redirect_url is required by the sandbox');
          }
          const reference = `FLW${randomBytes(11).toString('hex').toUpperCase()}`;
          const record: FlutterwaveBvnConsent = {
            reference,
            firstName: b.firstname,
            lastName: b.lastname,
            redirectUrl: b.redirect_url,
            otherHolder: b.bvn.endsWith('0000'),
            status: 'INITIATED',
            createdAt: now().toISOString(),
          };
          await store.set(`bvn:${reference}`, record);
          const origin = (options.checkoutOrigin ?? new URL(b.redirect_url).origin).replace(
            /\/+$/,
            '',
          );
          return ok({
            status: 'success',
            message: 'Bvn verification initiated',
            data: { url: `${origin}${SIMULATOR_BVN_CONSENT_PATH}/${reference}`, reference },
          });
        },
        hang,
      ),
    );

    // Verify BVN consent: `{ status: "success", message: "Bvn details fetched", data: {
    // first_name, last_name, status, reference, callback_url, bvn_data, created_at } }`
    // (Node-v3 documentation/misc.md "Verify BVN consent"; its sample is the INITIATED one,
    // with the names sent and `bvn_data: null`). As there, the top-level names are always the
    // names sent (an echo, never the holder's). After Approve the sandbox answers "COMPLETED"
    // and `bvn_data` holds the BVN record's own names in an SDK's field names (firstName,
    // surname, middleName: flutterwave.toneflix.net/api/v3/bvn.html): the sender's, or
    // SANDBOX_OTHER_BVN_HOLDER's for a BVN ending in 0000 (the rest of a real record, the BVN
    // itself included, is not simulated); after Decline "DECLINED" and null; an unknown
    // reference 404 in the error envelope. The docs show no later status: those are ours.
    app.get<{ Params: { reference: string } }>('/v3/bvn/verifications/:reference', (req, reply) =>
      respond(
        'bvn',
        reply,
        async () => {
          const ref = req.params.reference;
          const c = /^[A-Za-z0-9_-]{1,64}$/.test(ref)
            ? await read<FlutterwaveBvnConsent>(`bvn:${ref}`)
            : undefined;
          if (!c) return { status: 404, body: errorBody('No BVN verification found') };
          const holder = c.otherHolder
            ? SANDBOX_OTHER_BVN_HOLDER
            : { firstName: c.firstName, lastName: c.lastName };
          return ok({
            status: 'success',
            message: 'Bvn details fetched',
            data: {
              first_name: c.firstName,
              last_name: c.lastName,
              status:
                c.status === 'approved'
                  ? 'COMPLETED'
                  : c.status === 'declined'
                    ? 'DECLINED'
                    : 'INITIATED',
              reference: c.reference,
              callback_url: null,
              bvn_data:
                c.status === 'approved'
                  ? { firstName: holder.firstName, surname: holder.lastName, middleName: '' }
                  : null,
              created_at: c.createdAt,
            },
          });
        },
        hang,
      ),
    );
  };

  async function completeBvnConsent(reference: string, choice: BvnConsentChoice) {
    const c = await read<FlutterwaveBvnConsent>(`bvn:${reference}`);
    if (!c) return undefined;
    if (c.status === 'INITIATED') {
      c.status = choice;
      await store.set(`bvn:${reference}`, c);
    }
    // "the customer will be redirected to the redirect_url that was passed" (the docs add no
    // parameters to it).
    return c.redirectUrl;
  }

  // ---- the pages' side: the customer and the sender ------------------------------------

  async function completeCheckout(txRef: string, outcome: CheckoutOutcome) {
    const c = await read<FlutterwaveCheckout>(`checkout:${txRef}`);
    if (!c) return undefined;
    let send: unknown;
    if (c.status !== 'successful') {
      const t: CardTransaction = {
        kind: 'card',
        id: await newId(9),
        txRef,
        status: outcome,
        flwRef: flwRef(),
        createdAt: now().toISOString(),
      };
      await store.set(`tx:${t.id}`, t);
      Object.assign(c, {
        status: outcome,
        transactionId: t.id,
        flwRef: t.flwRef,
        completedAt: t.createdAt,
      });
      await store.set(`checkout:${txRef}`, c);
      await remember(t.id);
      // A card charge's webhook: `{ event: "charge.completed", data, "event.type":
      // "CARD_TRANSACTION" }` (developer.flutterwave.com/docs/webhooks); none for a
      // cancelled checkout, where no charge was attempted.
      if (outcome !== 'cancelled') {
        const { amount_settled: _settled, ...data } = cardData(t, c);
        send = { event: 'charge.completed', data, 'event.type': 'CARD_TRANSACTION' };
      }
    }
    if (send) await deliverAll(send, 1);
    // Back to the merchant: `redirect_url?status=&tx_ref=&transaction_id=`
    // (developer.flutterwave.com/docs/collecting-payments/standard, step 3).
    const url = new URL(c.redirectUrl);
    url.searchParams.set('status', c.status);
    url.searchParams.set('tx_ref', c.txRef);
    if (c.transactionId) url.searchParams.set('transaction_id', c.transactionId);
    return url.toString();
  }

  async function sendTransfer(input: {
    accountNumber: string;
    amountKobo: number;
    sender: string;
    shape?: 'nested' | 'flat';
    deliveries?: 0 | 1 | 2;
  }): Promise<SentTransfer> {
    if (!/^\d{10}$/.test(input.accountNumber)) throw new RangeError('A 10-digit account number.');
    if (
      !Number.isSafeInteger(input.amountKobo) ||
      input.amountKobo < 1 ||
      input.amountKobo > MAX_NAIRA * 100
    ) {
      throw new RangeError('A whole positive amount in kobo.');
    }
    const account = await read<FlutterwaveVirtualAccount>(`account:${input.accountNumber}`);
    const t: TransferTransaction = {
      kind: 'transfer',
      id: await newId(10),
      accountNumber: input.accountNumber,
      txRef: account?.txRef ?? `SANDBOX-NOBODY-${input.accountNumber}`,
      orderRef: account?.orderRef ?? `URF_NOBODY_${input.accountNumber}`,
      flwRef: `${randomDigits(22)}`,
      amount: input.amountKobo,
      sender: (input.sender.trim() || 'Sandbox Sender').slice(0, 100),
      createdAt: now().toISOString(),
    };
    await store.set(`tx:${t.id}`, t);
    await remember(t.id);
    const body = input.shape === 'flat' ? flatWebhook(t, account) : nestedWebhook(t, account);
    const answers = await deliverAll(body, input.deliveries ?? 1);
    return {
      id: t.id,
      txRef: t.txRef,
      delivered: answers[0] ?? null,
      answers,
      webhook: { headers: { ...signed }, body },
    };
  }

  /**
   * `{ event: "charge.completed", data, meta_data, "event.type": "BANK_TRANSFER_TRANSACTION" }`
   * (developer.flutterwave.com/docs/webhooks; bank transfers carry `payment_type:
   * "bank_transfer"` and the sender in `meta_data`, as Flutterwave's merchants log them).
   */
  function nestedWebhook(t: TransferTransaction, account: FlutterwaveVirtualAccount | undefined) {
    const { meta, amount_settled: _settled, ...data } = transferData(t, account);
    return {
      event: 'charge.completed',
      data,
      meta_data: { ...meta, originatoramount: 'N/A' },
      'event.type': 'BANK_TRANSFER_TRANSACTION',
    };
  }

  /**
   * The older flat shape bank transfers still arrive in: no `data`, top-level `id`, `txRef`,
   * `flwRef`, `orderRef`, camelCase `createdAt`, `"event.type": "BANK_TRANSFER_TRANSACTION"`
   * (github.com/Flutterwave/Node-v3/issues/175, "sometimes [data is] missing, depending on the
   * payment method"; ADR 0039). Field names as merchants' typings of it record them.
   */
  function flatWebhook(t: TransferTransaction, account: FlutterwaveVirtualAccount | undefined) {
    return {
      id: Number(t.id),
      txRef: t.txRef,
      flwRef: t.flwRef,
      orderRef: t.orderRef,
      paymentPlan: null,
      paymentPage: null,
      createdAt: t.createdAt,
      amount: koboToNaira(t.amount),
      charged_amount: koboToNaira(t.amount),
      status: 'successful',
      IP: '::ffff:127.0.0.1',
      currency: 'NGN',
      appfee: 0,
      merchantfee: 0,
      merchantbearsfee: 1,
      charge_type: 'normal',
      customer: {
        id: account?.customerId ?? 0,
        phone: null,
        fullName: t.sender,
        customertoken: null,
        email: account?.email ?? '',
        createdAt: account?.createdAt ?? t.createdAt,
        AccountId: ACCOUNT_ID,
      },
      entity: { account_number: t.accountNumber, createdAt: t.createdAt },
      'event.type': 'BANK_TRANSFER_TRANSACTION',
    };
  }

  return {
    plugin,
    faults,
    checkout: (txRef) => read<FlutterwaveCheckout>(`checkout:${txRef}`),
    completeCheckout,
    sendTransfer,
    virtualAccount: (accountNumber) => read<FlutterwaveVirtualAccount>(`account:${accountNumber}`),
    bvnConsent: (reference) =>
      /^[A-Za-z0-9_-]{1,64}$/.test(reference)
        ? read<FlutterwaveBvnConsent>(`bvn:${reference}`)
        : Promise.resolve(undefined),
    completeBvnConsent,
  };
}
