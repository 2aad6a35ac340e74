import { z } from './zod';
import { endpoint, IdParams, message, PageQuery, paged } from './endpoint';
import {
  AdminOverviewSchema,
  AdminTransactionSchema,
  CableVariationSchema,
  CatalogueSchema,
  CouponSchema,
  CurrentUserSchema,
  CustomerLookupSchema,
  ProductSchema,
  StatementKindSchema,
  DataVariationSchema,
  EducationVariationSchema,
  ElectricityVariationSchema,
  MailSchema,
  NetworkSchema,
  PaymentSchema,
  ReconciliationSchema,
  RecipientSchema,
  RecipientsSchema,
  TransactionSchema,
  TransactionStatusSchema,
  UserSchema,
} from './entities';
import {
  AirtimeBody,
  CableBody,
  ChangePasswordBody,
  CouponBuyBody,
  CouponCodeBody,
  DataBody,
  EducationBody,
  ElectricityBody,
  EmailBody,
  FundBody,
  LoginBody,
  PaymentVerifyBody,
  PaymentWebhookBody,
  PinBody,
  ProductEditBody,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  ResetPinBody,
  SaveRecipientBody,
  ShareBody,
  TokenBody,
  UserIdBody,
  VerifyCustomerBody,
} from './forms';
import { Naira } from './money';
import { TwoFactorChallengeSchema } from './two-factor';
import { MailPreferencesBody, MailPreferencesSchema } from './mail-preferences';
import { NoticesReadBody, NoticesSchema } from './notices';
import { AuditEntrySchema, AuditQuery } from './audit';
import { DATE_FILTER_MSG, isDay } from './time';
import {
  AssignTransferBody,
  BankTransferInfoSchema,
  HeldTransferSchema,
  VirtualAccountBody,
  VirtualAccountSchema,
} from './transfers';

/**
 * Every call the app makes (spec §7), plus the calls the decisions add (refresh, resend
 * verification, payment webhook, dev mailbox, customer lookup, admin overview, reconciliation). The spec's
 * relative paths (auth/verify-reset-token, auth/reset-password, auth/verify-email,
 * api/public/product/...) are normalised under /api/.
 */

const Tokens = z.object({ JWTtoken: z.string(), refresh_token: z.string() });
const Text = message(z.string());
/** A purchase answers the transaction it created (pending, successful or failed). */
const Purchase = message(TransactionSchema);
/** A customer's history: `?page&limit&q` plus a status, a product and a kind (ADR 0020, 0045). */
export const HistoryQuery = z.extend(PageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  status: z.optional(TransactionStatusSchema),
  product: z.optional(ProductSchema),
  kind: z.optional(StatementKindSchema),
});

/** A Lagos calendar day on the wire, `YYYY-MM-DD` (ADR 0048). */
const LagosDay = z
  .string()
  .check(z.maxLength(10, DATE_FILTER_MSG.invalid), z.refine(isDay, DATE_FILTER_MSG.invalid));
/**
 * The admin's list: `?page&limit&q&id` plus a status and a range of Lagos days, `from` and
 * `to` both inclusive (ADR 0048).
 */
export const AdminTransactionsQuery = z
  .extend(PageQuery, {
    id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    status: z.optional(TransactionStatusSchema),
    from: z.optional(LagosDay),
    to: z.optional(LagosDay),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: DATE_FILTER_MSG.order,
      path: ['to'],
    }),
  );

/**
 * VTpass's transaction-update callback (https://www.vtpass.com/documentation/transaction-update-webhook-api/):
 * `{ type, data: <requery answer> }`. The server reads only the request id, as a hint, and
 * requeries (ADR 0038); other callback types are acknowledged and ignored.
 */
export const VtpassCallbackBody = z.looseObject({
  type: z.optional(z.string().check(z.maxLength(64))),
  // The requery answer's fields; the whole body is bounded by the server's body limit.
  data: z.optional(z.looseObject({ requestId: z.optional(z.string().check(z.maxLength(128))) })),
});
/** The reply VTpass waits for (https://www.vtpass.com/documentation/callback-api-integration/). */
export const VtpassCallbackReply = z.object({ response: z.literal('success') });

// ── auth ──
export const login = endpoint({
  name: 'auth.login',
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  summary: 'Sign in (username: the e-mail); an admin with two-factor gets a challenge.',
  body: LoginBody,
  response: z.union([Tokens, TwoFactorChallengeSchema]),
  errors: [400, 401, 403, 423, 429, 500],
});
export const register = endpoint({
  name: 'auth.register',
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  summary: 'Create an account and send the verification link.',
  body: RegisterBody,
  response: Text,
  errors: [400, 409, 429, 500],
});
export const logout = endpoint({
  name: 'auth.logout',
  method: 'POST',
  path: '/api/auth/logout',
  access: 'user',
  summary: 'Revoke the refresh token sent in X-Refresh-Token.',
  response: Text,
});
export const refresh = endpoint({
  name: 'auth.refresh',
  method: 'POST',
  path: '/api/auth/refresh',
  access: 'public',
  summary: 'Rotate the refresh token; reuse of an old one revokes the family.',
  body: RefreshBody,
  response: Tokens,
  errors: [400, 401, 429, 500],
});
export const initiateReset = endpoint({
  name: 'auth.initiateReset',
  method: 'POST',
  path: '/api/auth/initiatereset',
  access: 'public',
  summary: 'E-mail a password reset link.',
  body: EmailBody,
  response: Text,
});
export const verifyResetToken = endpoint({
  name: 'auth.verifyResetToken',
  method: 'POST',
  path: '/api/auth/verify-reset-token',
  access: 'public',
  summary: 'Check a reset token before showing the form.',
  body: TokenBody,
  response: Text,
  errors: [400, 404, 429, 500],
});
export const resetPassword = endpoint({
  name: 'auth.resetPassword',
  method: 'PUT',
  path: '/api/auth/reset-password',
  access: 'public',
  summary: 'Set a new password with a reset token (single use).',
  body: ResetPasswordBody,
  response: Text,
  errors: [400, 404, 429, 500],
});
export const verifyEmail = endpoint({
  name: 'auth.verifyEmail',
  method: 'PUT',
  path: '/api/auth/verify-email',
  access: 'public',
  summary: 'Verify the e-mail with the link token (24 h).',
  body: TokenBody,
  response: Text,
  errors: [400, 404, 429, 500],
});
export const resendVerification = endpoint({
  name: 'auth.resendVerification',
  method: 'POST',
  path: '/api/auth/resend-verification',
  access: 'public',
  summary: 'Send a new verification link.',
  body: EmailBody,
  response: Text,
});
export const createPin = endpoint({
  name: 'auth.createPin',
  method: 'PUT',
  path: '/api/auth/create_secret_pin',
  access: 'user',
  summary: 'Set the 6-digit transaction pin (once).',
  body: PinBody,
  response: Text,
  errors: [400, 401, 403, 409, 423, 429, 500],
});

// ── user ──
export const currentUser = endpoint({
  name: 'user.current',
  method: 'GET',
  path: '/api/user',
  access: 'user',
  summary: 'The signed-in user with recent transactions and coupons.',
  response: message(CurrentUserSchema),
});
export const myTransactions = endpoint({
  name: 'user.transactions',
  method: 'GET',
  path: '/api/user/transactions',
  access: 'user',
  summary:
    'Your wallet statement, newest first, paged: every movement of your wallet (funding, purchases, refunds, shares, coupons) with its sign and the balance after; status, product and kind filter, q is a transaction id, a reference or the phone, meter, card or account it went to (ADR 0020, 0045).',
  query: HistoryQuery,
  response: paged(TransactionSchema),
});
export const myCoupons = endpoint({
  name: 'user.coupons',
  method: 'GET',
  path: '/api/user/coupons',
  access: 'user',
  summary: 'Your coupons, newest first, paged (ADR 0020).',
  query: z.omit(PageQuery, { q: true }),
  response: paged(CouponSchema),
});
export const users = endpoint({
  name: 'user.all',
  method: 'GET',
  path: '/api/user/all',
  access: 'admin',
  summary: 'All users, paged; q matches the start of a name word, e-mail or phone.',
  query: PageQuery,
  response: paged(UserSchema),
});
export const atgBalance = endpoint({
  name: 'user.atgwallet',
  method: 'GET',
  path: '/api/user/atgwallet',
  access: 'admin',
  summary: 'The second float: balance held at Flutterwave bill payments (ADR 0040).',
  response: message(Naira),
  errors: [401, 403, 429, 500, 502],
});
export const vtBalance = endpoint({
  name: 'user.vtwallet',
  method: 'GET',
  path: '/api/user/vtwallet',
  access: 'admin',
  summary: 'Balance held at VTpass.',
  response: message(Naira),
  errors: [401, 403, 429, 500, 502],
});
export const changePassword = endpoint({
  name: 'user.changePassword',
  method: 'PUT',
  path: '/api/user/changepassword',
  access: 'user',
  summary: 'Change password with the current one.',
  body: ChangePasswordBody,
  response: Text,
});
export const resetPin = endpoint({
  name: 'user.resetPin',
  method: 'PUT',
  path: '/api/user/resetpin',
  access: 'user',
  summary: 'Set a new pin with the password.',
  body: ResetPinBody,
  response: Text,
});
// The switch for the money e-mails (issue 24; ADR 0047); security e-mails have none.
export const mailPreferences = endpoint({
  name: 'user.mailPreferences',
  method: 'GET',
  path: '/api/user/mail-preferences',
  access: 'user',
  summary: 'Whether you are e-mailed after funding, purchases, refunds and money received.',
  response: message(MailPreferencesSchema),
});
export const setMailPreferences = endpoint({
  name: 'user.setMailPreferences',
  method: 'PUT',
  path: '/api/user/mail-preferences',
  access: 'user',
  summary: 'Turn the e-mails about your money on or off (security e-mails are always sent).',
  body: MailPreferencesBody,
  response: message(MailPreferencesSchema),
});
// The bell (issue 26 §2; ADR 0057): the newest notices, read state kept here.
export const notices = endpoint({
  name: 'user.notices',
  method: 'GET',
  path: '/api/user/notices',
  access: 'user',
  summary:
    'Your newest 20 notices (money in, refunds, purchases delivered after pending, commissions, announcements) and how many are unread.',
  response: message(NoticesSchema),
});
export const readNotices = endpoint({
  name: 'user.readNotices',
  method: 'POST',
  path: '/api/user/notices/read',
  access: 'user',
  summary:
    'Mark every notice read, or up_to one of yours and every older one; answers the notices.',
  body: NoticesReadBody,
  response: message(NoticesSchema),
  errors: [400, 401, 403, 404, 423, 429, 500],
});
export const recipients = endpoint({
  name: 'user.recipients',
  method: 'GET',
  path: '/api/user/recipients',
  access: 'user',
  summary: 'Your saved recipients and the destinations of your latest purchases.',
  response: message(RecipientsSchema),
});
export const saveRecipient = endpoint({
  name: 'user.saveRecipient',
  method: 'POST',
  path: '/api/user/recipients',
  access: 'user',
  summary: 'Save a destination with a name (renames it if already saved); at most 20.',
  body: SaveRecipientBody,
  response: message(RecipientSchema),
  errors: [400, 401, 403, 409, 423, 429, 500],
});
export const deleteRecipient = endpoint({
  name: 'user.deleteRecipient',
  method: 'DELETE',
  path: '/api/user/recipients/:id',
  access: 'user',
  summary: 'Delete one of your saved recipients.',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 423, 429, 500],
});
export const blockUser = endpoint({
  name: 'user.block',
  method: 'POST',
  path: '/api/user/block',
  access: 'admin',
  summary: 'Block a user: no sign-in, no money movement.',
  body: UserIdBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});
export const unblockUser = endpoint({
  name: 'user.unblock',
  method: 'POST',
  path: '/api/user/unblock',
  access: 'admin',
  summary: 'Unblock a user.',
  body: UserIdBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});

// ── transactions ──
export const airtime = endpoint({
  name: 'transactions.airtime',
  method: 'POST',
  path: '/api/transactions/airtime',
  access: 'user',
  summary: 'Buy airtime from the wallet or a coupon.',
  body: AirtimeBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
export const data = endpoint({
  name: 'transactions.data',
  method: 'POST',
  path: '/api/transactions/data',
  access: 'user',
  summary: 'Buy a data plan (phone, or account id for SPECTRANET/SMILE).',
  body: DataBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
export const cabletv = endpoint({
  name: 'transactions.cabletv',
  method: 'POST',
  path: '/api/transactions/cabletv',
  access: 'user',
  summary: 'Pay a cable TV subscription.',
  body: CableBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
export const electricity = endpoint({
  name: 'transactions.electricity',
  method: 'POST',
  path: '/api/transactions/electricity',
  access: 'user',
  summary: 'Buy an electricity token or pay a postpaid bill.',
  body: ElectricityBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
export const education = endpoint({
  name: 'transactions.education',
  method: 'POST',
  path: '/api/transactions/education',
  access: 'user',
  summary: 'Buy exam pins (1 to 5).',
  body: EducationBody,
  response: Purchase,
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500, 502],
});
export const verifyCustomer = endpoint({
  name: 'transactions.verifyCustomer',
  method: 'POST',
  path: '/api/transactions/verify-customer',
  access: 'user',
  summary: 'Look up the name on a meter or smart card before paying.',
  body: VerifyCustomerBody,
  response: message(CustomerLookupSchema),
  errors: [400, 401, 403, 404, 429, 500, 502],
});
export const share = endpoint({
  name: 'transactions.share',
  method: 'POST',
  path: '/api/transactions/share',
  access: 'user',
  summary: 'Send wallet funds to another user by e-mail; answers the new balance.',
  body: ShareBody,
  response: message(Naira),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500],
});
export const transactions = endpoint({
  name: 'transactions.all',
  method: 'GET',
  path: '/api/transactions/all',
  access: 'admin',
  summary:
    'All transactions, newest first, paged; q searches user e-mail, id a transaction id; status, and from/to Lagos days (YYYY-MM-DD, inclusive) narrow it (ADR 0048).',
  query: AdminTransactionsQuery,
  response: paged(AdminTransactionSchema),
});
export const deleteTransaction = endpoint({
  name: 'transactions.delete',
  method: 'DELETE',
  path: '/api/transactions/delete/:id',
  access: 'user',
  summary: 'Hide one of your own finished transactions from your history.',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});
export const reverse = endpoint({
  name: 'transactions.reverse',
  method: 'POST',
  path: '/api/transactions/reverse',
  access: 'admin',
  summary: 'Refund a failed transaction, once.',
  body: z.object({
    userId: z.string().check(z.minLength(1), z.maxLength(64)),
    transactionId: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
  response: Text,
  errors: [400, 401, 403, 404, 409, 429, 500],
});

// ── coupons ──
export const buyCoupon = endpoint({
  name: 'coupon.buy',
  method: 'POST',
  path: '/api/coupon/buy',
  access: 'user',
  summary: 'Buy coupons to gift; answers the codes.',
  body: CouponBuyBody,
  response: message(z.array(CouponSchema)),
  errors: [400, 401, 403, 404, 409, 422, 423, 429, 500],
});
export const verifyCoupon = endpoint({
  name: 'coupon.verify',
  method: 'POST',
  path: '/api/public/verify/coupon',
  access: 'public',
  summary: 'Load a coupon code: its product details.',
  body: CouponCodeBody,
  response: message(CouponSchema),
  errors: [400, 404, 422, 429, 500],
});

// ── payments ──
export const payments = endpoint({
  name: 'payment.all',
  method: 'GET',
  path: '/api/payment/all',
  access: 'user',
  summary:
    'Card payments, newest first, paged: your own, or everyone’s for an admin; q searches user, reference a payment reference.',
  query: z.extend(PageQuery, {
    reference: z.optional(z.string().check(z.trim(), z.maxLength(128))),
  }),
  response: paged(PaymentSchema),
});
export const initiatePayment = endpoint({
  name: 'payment.initiate',
  method: 'POST',
  path: '/api/payment/initiate',
  access: 'user',
  summary: 'Start a card payment; answers the checkout link.',
  body: FundBody,
  response: message(z.url()),
  errors: [400, 401, 403, 409, 423, 429, 500, 502],
});
export const verifyPayment = endpoint({
  name: 'payment.verify',
  method: 'POST',
  path: '/api/payment/verify',
  access: 'user',
  summary: 'Verify a returned payment with the provider; credits once.',
  body: PaymentVerifyBody,
  response: message(PaymentSchema),
  errors: [400, 401, 403, 404, 409, 429, 500, 502],
});
export const paymentWebhook = endpoint({
  name: 'payment.webhook',
  method: 'POST',
  path: '/api/payment/webhook',
  access: 'provider',
  summary:
    'Flutterwave webhook, cards and bank transfers (verif-hash checked, then re-verified; 502 when the provider could not confirm: retried).',
  body: PaymentWebhookBody,
  response: Text,
  errors: [400, 401, 500, 502],
});

export const vtpassWebhook = endpoint({
  name: 'vtpass.webhook',
  method: 'POST',
  path: '/api/webhooks/vtpass',
  access: 'provider',
  summary:
    'VTpass transaction-update callback: a hint, confirmed by a requery before money moves (502 when it could not be: VTpass retries).',
  body: VtpassCallbackBody,
  response: VtpassCallbackReply,
  errors: [400, 429, 500, 502],
});

// ── products ──
export const products = endpoint({
  name: 'product.all',
  method: 'GET',
  path: '/api/product/all',
  access: 'admin',
  summary: 'The whole catalogue, for price lists.',
  response: message(CatalogueSchema),
});
export const editProduct = endpoint({
  name: 'product.edit',
  method: 'PUT',
  path: '/api/product/edit',
  access: 'admin',
  summary: 'Rename, reprice or take off sale a data or cable plan (later purchases only).',
  body: ProductEditBody,
  response: Text,
  errors: [400, 401, 403, 404, 429, 500],
});
export const dataProducts = endpoint({
  name: 'public.product.data',
  method: 'GET',
  path: '/api/public/product/data/all',
  access: 'public',
  summary: 'Data variations with plans.',
  response: message(z.array(DataVariationSchema)),
});
export const cableProducts = endpoint({
  name: 'public.product.cabletv',
  method: 'GET',
  path: '/api/public/product/cabletv/all',
  access: 'public',
  summary: 'Cable TV providers with plans.',
  response: message(z.array(CableVariationSchema)),
});
export const electricityProducts = endpoint({
  name: 'public.product.electricity',
  method: 'GET',
  path: '/api/public/product/electricity/all',
  access: 'public',
  summary: 'Electricity distribution companies (prepaid and postpaid).',
  response: message(z.array(ElectricityVariationSchema)),
});
export const educationProducts = endpoint({
  name: 'public.product.education',
  method: 'GET',
  path: '/api/public/product/education/all',
  access: 'public',
  summary: 'Exam pins with prices.',
  response: message(z.array(EducationVariationSchema)),
});
export const networks = endpoint({
  name: 'public.product.network',
  method: 'GET',
  path: '/api/public/product/network/all',
  access: 'public',
  summary: 'Mobile networks with the airtime discount.',
  response: message(z.array(NetworkSchema)),
});

// ── admin ──
export const adminOverview = endpoint({
  name: 'admin.overview',
  method: 'GET',
  path: '/api/admin/overview',
  access: 'admin',
  summary: 'Totals and the last 30 days, for the admin overview.',
  response: message(AdminOverviewSchema),
});
export const reconciliation = endpoint({
  name: 'admin.reconciliation',
  method: 'GET',
  path: '/api/admin/reconciliation',
  access: 'admin',
  summary:
    'Ledger invariants, purchases pending too long, card payments the provider disagrees with.',
  response: message(ReconciliationSchema),
});

// ── bank-transfer funding (issue 16; ADR 0024) ──
export const bankTransferInfo = endpoint({
  name: 'payment.virtualAccount',
  method: 'GET',
  path: '/api/payment/virtual-account',
  access: 'user',
  summary:
    'Your account number for funding by bank transfer (null until created) and the fee rule.',
  response: message(BankTransferInfoSchema),
});
export const createVirtualAccount = endpoint({
  name: 'payment.createVirtualAccount',
  method: 'POST',
  path: '/api/payment/virtual-account',
  access: 'user',
  summary: 'Get a permanent account number with the provider (BVN with consent); once.',
  body: VirtualAccountBody,
  response: message(VirtualAccountSchema),
  errors: [400, 401, 403, 409, 423, 429, 500, 502],
});
export const heldTransfers = endpoint({
  name: 'admin.heldTransfers',
  method: 'GET',
  path: '/api/admin/transfers/held',
  access: 'admin',
  summary: 'Transfers to an account number that is nobody’s, newest first, paged.',
  query: PageQuery,
  response: paged(HeldTransferSchema),
});
export const assignTransfer = endpoint({
  name: 'admin.assignTransfer',
  method: 'POST',
  path: '/api/admin/transfers/assign',
  access: 'admin',
  summary: 'Credit a held transfer to a customer (by e-mail), once; recorded in the audit log.',
  body: AssignTransferBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});

// ── audit log (issue 16; ADR 0025) ──
export const auditLog = endpoint({
  name: 'admin.audit',
  method: 'GET',
  path: '/api/admin/audit',
  access: 'admin',
  summary: 'What admins changed, newest first, paged; filter by admin e-mail, action, target.',
  query: AuditQuery,
  response: paged(AuditEntrySchema),
});

// ── dev ──
export const devMail = endpoint({
  name: 'dev.mail',
  method: 'GET',
  path: '/api/dev/mail',
  access: 'dev',
  summary: 'Dev mailbox: messages sent to an address, newest first (off in production).',
  query: z.object({ to: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)) }),
  response: message(z.array(MailSchema)),
  errors: [400, 404],
});
