/**
 * The upstream provider interfaces (style.md: one interface, many adapters). Every adapter
 * speaks kobo inside; every upstream answer is untrusted input, parsed with zod, and anything
 * unexpected (timeout, network error, malformed body, unknown code) maps to `pending`
 * (domain.md; decisions §5: pending is never refunded until the provider says failed).
 */
import type { CustomerLookup, Kobo } from '@contract';

export type { CustomerLookup, Kobo };

/** The products an adapter can vend (the catalogue's groups). */
export type VtuProduct = 'airtime' | 'data' | 'cabletv' | 'electricity' | 'education';

export const VTU_PRODUCTS: readonly VtuProduct[] = [
  'airtime',
  'data',
  'cabletv',
  'electricity',
  'education',
];

export interface PurchaseRequest {
  /** VTpass rule: first 12 chars = Africa/Lagos YYYYMMDDHHmm (see requestId.ts). */
  requestId: string;
  product: VtuProduct;
  /** VTpass service id, e.g. `mtn`, `mtn-data`, `dstv`, `ikeja-electric`, `waec`. */
  serviceId: string;
  variationCode?: string;
  amount?: Kobo;
  phone: string;
  /** Meter, smart card or profile number; the destination when present (else `phone`). */
  billersCode?: string;
  quantity?: number;
  subscriptionType?: 'change' | 'renew';
}

export type ProviderStatus = 'successful' | 'pending' | 'failed';

export interface ProviderOutcome {
  status: ProviderStatus;
  providerReference?: string;
  message?: string;
  /** Electricity prepaid token, e.g. `1234-5678-9012-3456-7890`. */
  token?: string;
  /** Electricity units, e.g. `32.5 kWh`. */
  units?: string;
  exchangeReference?: string;
  customerName?: string;
  /** Education pins: WAEC "Serial: X, Pin: Y" (cards joined by "; "), JAMB pin. */
  purchasedCode?: string;
  /** The parsed (or raw text) upstream answer, for logs and support. */
  raw?: unknown;
  /**
   * Pending because the call itself failed (timeout, network, HTTP error, unreadable body, a
   * refused request, an unknown code), not because the provider said "processing": the
   * requery worker logs these as warnings.
   */
  callFailed?: boolean;
  /**
   * Pending, but the provider says it has no such request (VTpass requery 015): the purchase
   * call may never have reached it. The requery worker fails it only once this is said again
   * well after the purchase call ended (ADR 0038), never on one answer.
   */
  unknownRequest?: boolean;
  /**
   * Failed without any call: the adapter has nothing to send this to (no biller or item for
   * it). A definite refusal all the same (failover moves on), but says nothing about the
   * provider's health: the breaker does not count it (ADR 0052).
   */
  notSent?: boolean;
}

/** A verify answer, with what only the server uses: the provider's renewal amount. */
export type ProviderCustomer = CustomerLookup & {
  /** DStv / GOtv `Renewal_Amount`: what renewing the current bouquet costs us, in kobo. */
  renewalAmount?: Kobo;
};

export interface VerifyCustomerRequest {
  serviceId: string;
  customerNumber: string;
  /** Electricity: `prepaid` / `postpaid`; JAMB: `utme` / `de`. */
  variationCode?: string;
}

export interface Variation {
  code: string;
  name: string;
  amount: Kobo;
}

export interface VtuProvider {
  name: string;
  purchase(req: PurchaseRequest): Promise<ProviderOutcome>;
  requery(requestId: string): Promise<ProviderOutcome>;
  /** `null` when the provider says the number is wrong (or cannot tell). */
  verifyCustomer(req: VerifyCustomerRequest): Promise<ProviderCustomer | null>;
  /**
   * Renews a TV card's current bouquet (`subscriptionType: 'renew'`, no variation code, the
   * verify answer's renewal amount): only VTpass documents it (ADR 0077). Others are skipped
   * for a renewal.
   */
  renews?: boolean;
  /** The float held at the provider, in kobo. */
  balance(): Promise<Kobo>;
  listVariations(serviceId: string): Promise<Variation[]>;
  /**
   * The code an operator mapped our plan to at this provider (`listVariations`' code; e.g.
   * FLUTTERWAVE_BILLERS' `service/plan` entry); `null`: not sold here at all; `undefined`: no
   * mapping, the last catalogue sync's match of its list to our plans decides (ADR 0052).
   */
  planCode?(serviceId: string, variationCode: string): string | null | undefined;
}

export interface CardCheckoutRequest {
  txRef: string;
  amount: Kobo;
  redirectUrl: string;
  customer: { email: string; name: string; phone: string };
}

export type CardStatus = 'successful' | 'failed' | 'cancelled' | 'pending';

/**
 * Normalised verify answer. Fields are returned as the provider said them; the server
 * decides (decisions §6: credit only when status, tx_ref, currency and amount all match).
 */
export interface CardVerification {
  status: CardStatus;
  txRef: string;
  transactionId: string;
  amount: Kobo;
  currency: string;
  appFee?: Kobo;
  raw?: unknown;
}

export interface CardProvider {
  name: string;
  createCheckout(req: CardCheckoutRequest): Promise<{ link: string }>;
  verify(ref: { transactionId?: string; txRef: string }): Promise<CardVerification>;
  verifyWebhookSignature(headers: Record<string, string | string[] | undefined>): boolean;
}

// ── Bank-transfer funding (ADR 0024) ──────────────────────────────

export interface VirtualAccountRequest {
  /** Our reference for the account: the provider echoes it on every transfer into it. */
  txRef: string;
  /** Sent to the provider, never stored or logged (only its last four digits are kept). */
  bvn: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  narration: string;
}

export interface VirtualAccountAnswer {
  accountNumber: string;
  bankName: string;
  accountName: string;
  providerRef?: string;
}

/**
 * `not_found`: the provider answered, definitely, that it has no such transaction (a forged
 * or foreign id). `pending`: it could not say yet; the caller asks again later.
 */
export type TransferStatus = CardStatus | 'not_found';

/** Normalised verify answer for an incoming transfer: reported as said, judged by the server. */
export interface TransferVerification {
  status: TransferStatus;

  transactionId: string;
  /** The virtual account's reference (how the server finds the customer). */
  txRef: string | null;
  /** The receiving account number, when the provider says it. */
  accountNumber: string | null;
  amount: Kobo;
  currency: string;
  /** `bank_transfer` for a transfer into a virtual account. */
  paymentType: string;
  /** Who sent it (name, bank), for the admin. */
  sender: string;
  raw?: unknown;
}

/** One transaction of the provider's list (recent transactions), as said: judged by the server. */
export interface ListedTransfer {
  transactionId: string;
  txRef: string | null;
  status: CardStatus;
  amount: Kobo;
  currency: string;
  paymentType: string;
  /** When the provider recorded it (ms since the epoch; 0 when it did not say). */
  createdAt: number;
}

export interface TransferListQuery {
  /** Inclusive days (the provider filters by calendar day). */
  from: Date;
  to: Date;
  /** 1-based. */
  page: number;
  /** Only the transactions of this reference (one virtual account). */
  txRef?: string;
}

// ── BVN check with consent (level 2; ADR 0063) ──────────────────────────────

export interface BvnConsentRequest {
  /** Sent to the provider, never stored or logged (only its last four digits are kept). */
  bvn: string;
  firstName: string;
  lastName: string;
  /** Where the consent page sends the customer back, approved or declined. */
  redirectUrl: string;
}

export interface BvnConsentStart {
  /** The provider's reference of the consent request (to ask for the result). */
  reference: string;
  /**
   * The hosted consent page; null when the provider needs none (the customer consented to us
   * before: the result can be asked at once).
   */
  url: string | null;
}

/**
 * The consent's result as the provider says it: `approved` with the names of the BVN's own
 * record (never names we sent: ADR 0063), `declined`, or `pending` (no answer from the
 * customer, or no holder's names, yet; names empty). Judged by the server.
 */
export interface BvnConsentResult {
  state: 'approved' | 'declined' | 'pending';
  firstName: string;
  lastName: string;
}

/** The provider refused the request itself (a BVN it does not accept): nothing to retry. */
export class BvnRefused extends Error {}

export interface TransferProvider {
  name: string;
  createVirtualAccount(req: VirtualAccountRequest): Promise<VirtualAccountAnswer>;
  /** Starts a BVN check with the customer's consent; throws BvnRefused or ProviderError. */
  startBvnConsent(req: BvnConsentRequest): Promise<BvnConsentStart>;
  /** The consent's result; throws when the provider gave no readable answer. */
  bvnConsent(reference: string): Promise<BvnConsentResult>;
  /** A definite answer, or throws (timeout, network, 5xx, 429, unreadable: ask again later). */
  verifyTransfer(transactionId: string): Promise<TransferVerification>;
  /** One page of recent transactions; throws when the provider gave no readable answer. */
  listTransfers(query: TransferListQuery): Promise<{ items: ListedTransfer[]; pages: number }>;
  verifyWebhookSignature(headers: Record<string, string | string[] | undefined>): boolean;
}

// ── Withdrawals to bank accounts (ADR 0084) ─────────────────────────────────

export interface PayoutRequest {
  /** Our withdrawal id: Flutterwave's `reference`, unique, so it is never paid twice. */
  reference: string;
  bankCode: string;
  accountNumber: string;
  amount: Kobo;
  narration: string;
  /** The resolved account name (Flutterwave's `beneficiary_name`). */
  beneficiaryName: string;
  callbackUrl?: string;
}

/**
 * What Flutterwave said of a transfer: `successful` and `failed` are verdicts; `pending` is
 * not (NEW, PENDING, or no readable answer: `callFailed`). `refused`: the create call was
 * answered with an error (no transfer queued by this call; one with the same reference may
 * exist). `notFound`: the list by reference definitely holds none.
 */
export interface PayoutAnswer {
  status: 'successful' | 'pending' | 'failed';
  providerId?: string;
  /** NEW, PENDING, SUCCESSFUL, FAILED as Flutterwave wrote it. */
  providerStatus?: string;
  message?: string;
  raw?: unknown;
  callFailed?: boolean;
  refused?: boolean;
  notFound?: boolean;
}

/** One transfer of the provider's list (reconciliation). */
export interface ListedPayout {
  providerId: string;
  reference: string | null;
  status: 'successful' | 'pending' | 'failed';
  amount: Kobo;
  accountNumber: string | null;
  createdAt: number;
}

export interface PayoutProvider {
  name: string;
  /** Nigerian banks; throws ProviderError without a readable answer. */
  banks(): Promise<{ code: string; name: string }[]>;
  /** The account's name; `null` when it does not resolve; throws ProviderError otherwise. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>;
  /** Flutterwave's fee on an NGN transfer of `amount`; throws ProviderError. */
  fee(amount: Kobo): Promise<Kobo>;
  send(req: PayoutRequest): Promise<PayoutAnswer>;
  status(providerId: string): Promise<PayoutAnswer>;
  byReference(reference: string): Promise<PayoutAnswer>;
  /** One page (1-based) of every transfer; throws ProviderError. */
  list(page: number): Promise<{ items: ListedPayout[]; pages: number }>;
  /** The NGN balance transfers are paid from (the payout float, ADR 0086); throws ProviderError. */
  balance(): Promise<Kobo>;
  verifyWebhookSignature(headers: Record<string, string | string[] | undefined>): boolean;
}
