/**
 * The default card provider: a checkout simulated by the server itself (decisions §2, §6).
 * `createCheckout` stores a session and links to `<origin>/sandbox/checkout/<tx_ref>`, a page
 * the server serves; the buttons there call `recordOutcome`, which answers where to redirect
 * (Flutterwave's `redirect_url?status=&tx_ref=&transaction_id=` shape, equally forgeable).
 * `verify` answers the recorded outcome in the normalised Flutterwave shape, so the server's
 * credit path is the same for both providers.
 */
import type { Kobo } from '@contract';
import type { CardCheckoutRequest, CardProvider, CardVerification } from './types.ts';
import { localCardFee, pendingVerification } from './card-verification.ts';
import { type KeyValueStore, headerValue, memoryStore, randomDigits, safeEqual } from './util.ts';

export type SandboxCardOutcome = 'successful' | 'failed' | 'cancelled';

/** One checkout session (plain JSON: the server may persist it in its DB). */
export interface SandboxCardSession {
  txRef: string;
  amount: Kobo;
  currency: 'NGN';
  redirectUrl: string;
  customer: { email: string; name: string; phone: string };
  status: 'pending' | SandboxCardOutcome;
  /** Set when an outcome is recorded (Flutterwave ids are numeric). */
  transactionId?: string;
  createdAt: string;
  completedAt?: string;
}

export interface SandboxCardOptions {
  /** Origin of the checkout page; defaults to the origin of each `redirectUrl`. */
  origin?: string;
  store?: KeyValueStore<SandboxCardSession>;
  /** Accepted `verif-hash` for simulated webhooks (none by default: none accepted). */
  webhookHash?: string;
  now?: () => Date;
}

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';

export interface SandboxCardProvider extends CardProvider {
  /** The session behind a checkout page (`undefined`: unknown tx_ref, answer 404). */
  getSession(txRef: string): Promise<SandboxCardSession | undefined>;
  /**
   * Records the choice made on the checkout page. A successful payment is final; after a
   * failed or cancelled attempt the customer may try again on the same tx_ref (Flutterwave
   * allows it), so a later attempt replaces it. Answers where to send the browser, or
   * `undefined` for an unknown tx_ref.
   */
  recordOutcome(
    txRef: string,
    outcome: SandboxCardOutcome,
  ): Promise<{ redirect: string; session: SandboxCardSession } | undefined>;
}

function redirectFor(session: SandboxCardSession): string {
  const url = new URL(session.redirectUrl);
  url.searchParams.set('status', session.status);
  url.searchParams.set('tx_ref', session.txRef);
  if (session.transactionId) url.searchParams.set('transaction_id', session.transactionId);
  return url.toString();
}

export function createSandboxCardProvider(options: SandboxCardOptions = {}): SandboxCardProvider {
  const store = options.store ?? memoryStore<SandboxCardSession>();
  const now = options.now ?? (() => new Date());

  return {
    name: 'sandbox-card',

    async createCheckout(req: CardCheckoutRequest) {
      const origin = (options.origin ?? new URL(req.redirectUrl).origin).replace(/\/+$/, '');
      const existing = await store.get(req.txRef);
      if (!existing) {
        await store.set(req.txRef, {
          txRef: req.txRef,
          amount: req.amount,
          currency: 'NGN',
          redirectUrl: req.redirectUrl,
          customer: { ...req.customer },
          status: 'pending',
          createdAt: now().toISOString(),
        });
      }
      return { link: `${origin}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(req.txRef)}` };
    },

    getSession: async (txRef) => store.get(txRef),

    async recordOutcome(txRef, outcome) {
      const session = await store.get(txRef);
      if (!session) return undefined;
      if (session.status !== 'successful') {
        session.status = outcome;
        session.transactionId = `${randomDigits(1).replace('0', '7')}${randomDigits(8)}`;
        session.completedAt = now().toISOString();
        await store.set(txRef, session);
      }
      return { redirect: redirectFor(session), session };
    },

    async verify(ref): Promise<CardVerification> {
      const session = await store.get(ref.txRef);
      if (!session) return pendingVerification(ref, { error: 'No transaction was found' });
      const verification: CardVerification = {
        status: session.status,
        txRef: session.txRef,
        transactionId: session.transactionId ?? ref.transactionId ?? '',
        amount: session.amount,
        currency: session.currency,
        raw: { sandbox: true, session },
      };
      if (session.status === 'successful') verification.appFee = localCardFee(session.amount);
      return verification;
    },

    verifyWebhookSignature(headers) {
      // The sandbox sends no webhooks; accept only an explicitly configured hash (tests).
      const given = headerValue(headers, 'verif-hash');
      return Boolean(options.webhookHash && given && safeEqual(given, options.webhookHash));
    },
  };
}
