/**
 * Flutterwave v3 standard checkout (docs/domain.md): `POST /v3/payments` returns a hosted link;
 * `GET /v3/transactions/{id}/verify` (or `/verify_by_reference?tx_ref=`) says what happened.
 * The verify answer is normalised but NOT judged: the server credits only when status, tx_ref,
 * currency and amount all match (decisions §6). Webhooks carry `verif-hash`, a shared secret.
 */
import { z } from 'zod';
import type { CardProvider, CardVerification } from './types.ts';
import { cardStatus, pendingVerification } from './card-verification.ts';
import {
  type FetchFn,
  type HttpResult,
  ProviderError,
  headerValue,
  koboToNaira,
  nairaToKobo,
  requestJson,
  safeEqual,
} from './util.ts';

export interface FlutterwaveOptions {
  /** Default `flutterwave`; the sandbox's is named apart so its mode shows (deployment.ts). */
  name?: string;
  secretKey: string;
  /** The dashboard's webhook secret hash; without it no webhook is accepted. */
  webhookHash?: string;
  baseUrl: string;
  timeoutMs: number;
  /** Shown on the hosted page (`customizations.title`). */
  title?: string;
  fetch?: FetchFn;
}

const CheckoutAnswer = z.object({
  status: z.literal('success'),
  data: z.object({ link: z.url({ protocol: /^https?$/ }) }),
});

const Money = z.union([z.number(), z.string()]);
const VerifyAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    tx_ref: z.string(),
    amount: Money,
    currency: z.string(),
    status: z.string(),
    app_fee: Money.optional().catch(undefined),
  }),
});

export function createFlutterwaveProvider(options: FlutterwaveOptions): CardProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const name = options.name ?? 'flutterwave';
  const headers = { authorization: `Bearer ${options.secretKey}` };

  function normalise(result: HttpResult): CardVerification | undefined {
    if (result.kind !== 'json') return undefined;
    const parsed = VerifyAnswer.safeParse(result.body);
    if (!parsed.success) return undefined;
    const data = parsed.data.data;
    const amount = nairaToKobo(data.amount);
    if (amount === undefined) return undefined;
    const verification: CardVerification = {
      status: cardStatus(data.status),
      txRef: data.tx_ref,
      transactionId: data.id,
      amount,
      currency: data.currency,
      raw: result.body,
    };
    const appFee = nairaToKobo(data.app_fee);
    if (appFee !== undefined) verification.appFee = appFee;
    return verification;
  }

  const get = (path: string) =>
    requestJson(`${base}${path}`, {
      method: 'GET',
      headers,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });

  return {
    name,

    async createCheckout(req) {
      const result = await requestJson(`${base}/v3/payments`, {
        method: 'POST',
        headers,
        body: {
          tx_ref: req.txRef,
          amount: koboToNaira(req.amount),
          currency: 'NGN',
          redirect_url: req.redirectUrl,
          customer: {
            email: req.customer.email,
            name: req.customer.name,
            phonenumber: req.customer.phone,
          },
          customizations: { title: options.title ?? 'Wallet funding' },
        },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (result.kind !== 'json') throw new ProviderError(name, `checkout: ${result.kind}`, result);
      const parsed = CheckoutAnswer.safeParse(result.body);
      if (!parsed.success) throw new ProviderError(name, 'unreadable checkout answer', result.body);
      return { link: parsed.data.data.link };
    },

    async verify(ref) {
      // The transaction id comes from a forgeable redirect: digits only, else by reference.
      if (ref.transactionId && /^\d{1,20}$/.test(ref.transactionId)) {
        const byId = normalise(await get(`/v3/transactions/${ref.transactionId}/verify`));
        if (byId) return byId;
      }
      const path = `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(ref.txRef)}`;
      const result = await get(path);
      return normalise(result) ?? pendingVerification(ref, result);
    },

    verifyWebhookSignature(incoming) {
      const expected = options.webhookHash;
      const given = headerValue(incoming, 'verif-hash');
      if (!expected || !given) return false;
      return safeEqual(given, expected);
    },
  };
}

const WebhookSchema = z.object({
  event: z.string().optional().catch(undefined),
  data: z.object({
    id: z.union([z.number(), z.string()]).transform(String).optional().catch(undefined),
    tx_ref: z.string().min(1).optional().catch(undefined),
    txRef: z.string().min(1).optional().catch(undefined),
  }),
});

/**
 * The references in a Flutterwave webhook body (`{ event: "charge.completed", data }`), or
 * `null`. Check `verifyWebhookSignature` first, then `verify` them: the body proves nothing.
 */
export function parseFlutterwaveWebhook(
  body: unknown,
): { event?: string; transactionId?: string; txRef: string } | null {
  const parsed = WebhookSchema.safeParse(body);
  if (!parsed.success) return null;
  const { event, data } = parsed.data;
  const txRef = data.tx_ref ?? data.txRef;
  if (!txRef) return null;
  return {
    txRef,
    ...(event ? { event } : {}),
    ...(data.id && /^\d{1,20}$/.test(data.id) ? { transactionId: data.id } : {}),
  };
}
