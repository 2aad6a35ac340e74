/**
 * The reads a signed-in page makes (src/features/*), as the browser sends them: what the
 * query-plan guard checks (query-plans.test.ts) and `npm run bench -- scale` times, for a
 * customer with a long history and one with a short one (ADR 0069).
 */
import { api, RECIPIENT_PRODUCTS, type Endpoint } from '@contract';
import { LIMITS } from '@contract/business-limits';

export interface SignedInRead {
  name: string;
  endpoint: Endpoint;
  /** Who asks: the customer themselves, or an admin looking at them. */
  as: 'customer' | 'admin';
  query?: (customer: { id: string; email: string }) => Record<string, string>;
  /** The path's parameters (`:id`), for `customer`. */
  params?: (customer: { id: string; email: string }) => Record<string, string>;
  /**
   * At most the rows the page can show, for a read whose answer is a few rows picked from the
   * history: what its queries may read in all, beside the session check every request makes
   * (PostgreSQL: the rows its scans read; SQLite: the LIMITs of its walks of growing tables).
   */
  rowsMax?: number;
}

const page = { page: '1', limit: String(LIMITS.pageSize) };

export const SIGNED_IN_READS: SignedInRead[] = [
  // Every customer page: the header, the bell, the banner.
  { name: 'GET /api/user (overview, every page)', endpoint: api.currentUser, as: 'customer' },
  { name: 'notices and unread count (the bell)', endpoint: api.notices, as: 'customer' },
  { name: 'announcements', endpoint: api.myAnnouncements, as: 'customer' },
  // Transactions: the statement's first page and its total, by status and by kind.
  {
    name: 'statement page',
    endpoint: api.myTransactions,
    as: 'customer',
    query: () => ({ ...page, limit: '10' }),
  },
  {
    name: 'statement page, pending',
    endpoint: api.myTransactions,
    as: 'customer',
    query: () => ({ ...page, status: 'pending' }),
  },
  {
    name: 'statement page, refunds',
    endpoint: api.myTransactions,
    as: 'customer',
    query: () => ({ ...page, kind: 'refund' }),
  },
  { name: 'coupons page', endpoint: api.myCoupons, as: 'customer', query: () => page },
  // Purchase pages.
  {
    name: 'saved and recent recipients',
    endpoint: api.recipients,
    as: 'customer',
    // The saved ones, and the newest few destinations of each product.
    rowsMax: LIMITS.savedRecipients + RECIPIENT_PRODUCTS.length * LIMITS.recentRecipients,
  },
  { name: 'price tier', endpoint: api.myTier, as: 'customer' },
  // Settings.
  { name: 'referral panel', endpoint: api.myReferrals, as: 'customer', query: () => page },
  { name: 'verification panel', endpoint: api.verification, as: 'customer' },
  { name: 'e-mail settings', endpoint: api.mailPreferences, as: 'customer' },
  { name: 'API keys', endpoint: api.apiKeys, as: 'customer' },
  { name: 'webhook', endpoint: api.webhook, as: 'customer' },
  {
    name: 'webhook deliveries',
    endpoint: api.webhookDeliveries,
    as: 'customer',
    query: () => page,
  },
  // The admin's users page, the customer's popup and their transactions.
  { name: 'admin: users page', endpoint: api.users, as: 'admin', query: () => page },
  {
    name: 'admin: user popup, verification',
    endpoint: api.userVerification,
    as: 'admin',
    query: (c) => ({ user_id: c.id }),
  },
  { name: 'admin: user popup, price tiers', endpoint: api.tiers, as: 'admin' },
  {
    name: 'admin: user popup, API keys',
    endpoint: api.userApiKeys,
    as: 'admin',
    params: (c) => ({ id: c.id }),
  },
  {
    name: "admin: the customer's transactions",
    endpoint: api.transactions,
    as: 'admin',
    query: (c) => ({ ...page, q: c.email }),
  },
  // A phone complaint: the purchases to a number, written as +234… (ADR 0078).
  {
    name: 'admin: transactions by the phone they were for',
    endpoint: api.transactions,
    as: 'admin',
    query: () => ({ ...page, dest: '+2348031232000' }),
  },
];
