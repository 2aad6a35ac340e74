/**
 * Every call of the API, one export each (ADR 0065): the app imports them as
 * `import * as api from '@contract/api'` and a page's bundle keeps only the endpoints it calls,
 * with their schemas. The server, the mocks and the tests use the `api` map (endpoint-map.ts).
 */
export {
  login,
  register,
  logout,
  refresh,
  initiateReset,
  verifyResetToken,
  resetPassword,
  verifyEmail,
  resendVerification,
  createPin,
  currentUser,
  myTransactions,
  myCoupons,
  users,
  atgBalance,
  vtBalance,
  changePassword,
  resetPin,
  mailPreferences,
  setMailPreferences,
  notices,
  readNotices,
  recipients,
  saveRecipient,
  deleteRecipient,
  blockUser,
  unblockUser,
  airtime,
  data,
  cabletv,
  electricity,
  education,
  verifyCustomer,
  share,
  transactions,
  deleteTransaction,
  reverse,
  revealSecret,
  buyCoupon,
  verifyCoupon,
  payments,
  initiatePayment,
  verifyPayment,
  paymentWebhook,
  vtpassWebhook,
  products,
  editProduct,
  dataProducts,
  cableProducts,
  electricityProducts,
  educationProducts,
  networks,
  adminOverview,
  reconciliation,
  bankTransferInfo,
  createVirtualAccount,
  heldTransfers,
  assignTransfer,
  auditLog,
  devMail,
  devSms,
} from './endpoints';
export {
  apiKeys,
  createApiKey,
  revokeApiKey,
  webhook,
  setWebhook,
  webhookDeliveries,
  replayDelivery,
  requery,
  openapi,
} from './reseller';
export { userApiKeys, setKeyWithdrawals } from './api-key';
export { myTier, tiers, createTier, editTier, setUserTier } from './tiers';
export {
  pendingPurchases,
  requeryPending,
  failPending,
  deliverPending,
  purchaseDisputes,
  resolveDispute,
} from './pending';
export { syncCatalogue } from './catalogue-sync';
export {
  adminProviders,
  adminOperatorCosts,
  setProviderRoute,
  setFloatThreshold,
  devProviderFault,
} from './providers';
export { shareRecipient } from './share';
export {
  loginCode,
  twoFactorStart,
  twoFactorConfirm,
  admins,
  setAdminRole,
  setAdminGrant,
  resetTwoFactor,
} from './two-factor';
export { adminSelf } from './admin-self';
export { adjustments, createAdjustment, approveAdjustment, rejectAdjustment } from './adjustments';
export { approvals, approveApproval, rejectApproval, fourEyes, setFourEyes } from './four-eyes';
export {
  announcements,
  createAnnouncement,
  editAnnouncement,
  endAnnouncement,
  myAnnouncements,
  dismissAnnouncement,
} from './announcements';
export { myReferrals, referralSettings, setReferralSettings } from './referrals';
export { transactionTimeline, myTransactionTimeline } from './timeline';
export {
  verification,
  verificationLimits,
  setVerificationLimits,
  userVerification,
  setUserLevel,
  startBvnVerification,
  completeBvnVerification,
} from './verification';
export {
  banks,
  resolveAccount,
  withdrawalQuote,
  withdrawalState,
  withdraw,
  myWithdrawals,
  beneficiaries,
  deleteBeneficiary,
  adminWithdrawals,
  adminWithdrawal,
  requeryWithdrawal,
  approveWithdrawal,
  rejectWithdrawal,
  withdrawalSettings,
  setWithdrawalSettings,
} from './withdrawals';
export { resolveWithdrawal } from './withdrawal-resolve';
