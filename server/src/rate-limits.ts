/**
 * The rate limits' shape and defaults (ADR 0015), apart from the counters in platform/rate.ts
 * so that config.ts can default to them without importing a service (and, through it, the
 * database): configuration sits below the services.
 */
import type { EndpointName } from '@contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Rule {
  max: number;
  windowMs: number;
}
/** A route's limit, counted per client address or per signed-in account. */
export interface RouteRule extends Rule {
  per: 'address' | 'account';
}

export interface Limits {
  /** `RATE_LIMITS=off` (benchmarks, sandbox mode only): route limits are not applied. */
  off: boolean;
  /** Every unauthenticated route, and every signed-in route that hashes, mails or calls a provider. */
  routes: Partial<Record<EndpointName, RouteRule[]>>;
  /**
   * Failed logins (reserved before the password is checked): per (account, address), per
   * address, and a higher per-account ceiling, so that a stranger cannot lock the owner out.
   */
  login: { pair: number; address: number; account: number; windowMs: number };
  /** Wrong current passwords when signed in (change password and reset pin share them). */
  password: Rule;
  /** Mails to one recipient (verification and reset links), whoever asks. */
  mailsPerRecipient: Rule;
}

const perAddress = (max: number, windowMs = 15 * MINUTE): RouteRule[] => [
  { per: 'address', max, windowMs },
];
const perAccount = (max: number, windowMs = 15 * MINUTE): RouteRule[] => [
  { per: 'account', max, windowMs },
];

/**
 * The defaults (README "Going live"). Generous for people behind one carrier NAT, tight where a
 * request costs an argon2 hash (19 MiB), an e-mail or a provider call.
 */
export const DEFAULT_LIMITS: Limits = {
  off: false,
  routes: {
    // Unauthenticated: per client address.
    login: perAddress(100),
    register: perAddress(20, HOUR),
    refresh: perAddress(600),
    initiateReset: perAddress(20, HOUR),
    verifyResetToken: perAddress(60),
    resetPassword: perAddress(30),
    verifyEmail: perAddress(60),
    resendVerification: perAddress(20, HOUR),
    verifyCoupon: perAddress(60),
    paymentWebhook: perAddress(600),
    vtpassWebhook: perAddress(600),
    networks: perAddress(600),
    dataProducts: perAddress(600),
    cableProducts: perAddress(600),
    electricityProducts: perAddress(600),
    educationProducts: perAddress(600),
    devMail: perAddress(1200),
    devSms: perAddress(1200),
    // Sandbox only (ADR 0052): a tester queues simulator faults; a script must not flood them.
    devProviderFault: perAddress(120),
    // Signed in: per account. Hashes a pin or a password…
    createPin: perAccount(20),
    changePassword: perAccount(20),
    resetPin: perAccount(20),
    // …and calls a provider.
    share: perAccount(300),
    airtime: perAccount(300),
    data: perAccount(300),
    cabletv: perAccount(300),
    electricity: perAccount(300),
    education: perAccount(300),
    buyCoupon: perAccount(300),
    verifyCustomer: perAccount(100),
    // A name behind an e-mail (ADR 0046): tighter than a meter look-up, since a sweep of
    // addresses would tell which have accounts; a customer checks a few friends at most.
    shareRecipient: perAccount(30),
    // Withdrawals (ADR 0084): an account number's holder is a name behind a number, as a
    // share's recipient is; a sweep would also spend the payout provider's quota.
    resolveAccount: perAccount(30),
    // The bank list is cached, but an empty or expired cache with the provider down sends each
    // call to the provider.
    banks: perAccount(120),
    withdraw: perAccount(30),
    requeryWithdrawal: perAccount(120),
    resolveWithdrawal: perAccount(120),
    deleteBeneficiary: perAccount(60),
    initiatePayment: perAccount(30),
    verifyPayment: perAccount(100),
    // Bank transfers: a virtual account sends the BVN to the provider.
    createVirtualAccount: perAccount(10, HOUR),
    // Level 2 by BVN (ADR 0063): the BVN goes to the provider; the result is asked of it.
    startBvnVerification: perAccount(10, HOUR),
    completeBvnVerification: perAccount(60),
    assignTransfer: perAccount(300),
    // Saved recipients: cheap, but a script must not churn them.
    saveRecipient: perAccount(60),
    deleteRecipient: perAccount(60),
    // Hiding a line from History: cheap, but a script must not sweep a statement.
    deleteTransaction: perAccount(60),
    atgBalance: perAccount(120),
    vtBalance: perAccount(120),
    // Reseller API (ADR 0026): each key also has its own per-minute limit.
    createApiKey: perAccount(20),
    setWebhook: perAccount(20),
    replayDelivery: perAccount(60),
    requery: perAccount(600),
    // An owner switching a key's withdrawals (ADR 0091): each switch mails and texts the customer.
    setKeyWithdrawals: perAccount(60),
    openapi: perAddress(120),
    // Price tiers (ADR 0027): admin writes, as assignTransfer.
    createTier: perAccount(300),
    editTier: perAccount(300),
    setUserTier: perAccount(300),
    // Pending purchases (ADR 0041): admin writes; each asks the provider first (ADR 0073), as a
    // requery does. Resolving a dispute is an owner's write, as assignTransfer.
    requeryPending: perAccount(120),
    failPending: perAccount(120),
    deliverPending: perAccount(120),
    resolveDispute: perAccount(300),
    // "Sync now" (ADR 0044): one provider call per data, TV and education service.
    syncCatalogue: perAccount(10),
    // Two-factor (ADR 0051): wrong codes are attempts (limits.password); these bound the calls.
    loginCode: perAddress(100),
    twoFactorStart: perAccount(20),
    twoFactorConfirm: perAccount(20),
    setAdminRole: perAccount(300),
    setAdminGrant: perAccount(300),
    // A reveal shows money to whoever reads it (ADR 0071): a few a quarter-hour answer a
    // customer; a script sweeping codes meets this first.
    revealSecret: perAccount(20),
    resetTwoFactor: perAccount(300),
    // Announcements (ADR 0059): admin writes, as assignTransfer; a dismissal is one small row,
    // but a script must not churn them.
    createAnnouncement: perAccount(60),
    editAnnouncement: perAccount(300),
    endAnnouncement: perAccount(300),
    dismissAnnouncement: perAccount(120),
  },
  login: { pair: 5, address: 50, account: 100, windowMs: 15 * MINUTE },
  password: { max: 5, windowMs: 15 * MINUTE },
  mailsPerRecipient: { max: 5, windowMs: HOUR },
};
