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
 */
import { z } from 'zod';
import { cardStatus, pendingTransfer } from './card-verification.ts';
import type { TransferProvider, TransferVerification } from './types.ts';
import {
  type FetchFn,
  ProviderError,
  headerValue,
  nairaToKobo,
  requestJson,
  safeEqual,
} from './util.ts';

export interface FlutterwaveTransferOptions {
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

export function createFlutterwaveTransferProvider(
  options: FlutterwaveTransferOptions,
): TransferProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const name = 'flutterwave';
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
        accountName: d.note ?? req.narration,
        providerRef: d.order_ref ?? d.flw_ref,
      };
    },

    async verifyTransfer(transactionId): Promise<TransferVerification> {
      const pending = pendingTransfer(transactionId);
      if (!/^\d{1,20}$/.test(transactionId)) return pending;
      const result = await requestJson(`${base}/v3/transactions/${transactionId}/verify`, {
        method: 'GET',
        headers,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.kind === 'timeout' || result.kind === 'network') {
        throw new ProviderError(name, `verify: ${result.kind}`);
      }
      if (result.kind !== 'json') return { ...pending, raw: result };
      const parsed = VerifyAnswer.safeParse(result.body);
      if (!parsed.success) return { ...pending, raw: result.body };
      const d = parsed.data.data;
      const amount = nairaToKobo(d.amount);
      if (amount === undefined) return { ...pending, raw: result.body };
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

    verifyWebhookSignature(incoming) {
      const expected = options.webhookHash;
      const given = headerValue(incoming, 'verif-hash');
      if (!expected || !given) return false;
      return safeEqual(given, expected);
    },
  };
}
