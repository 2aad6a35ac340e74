import { z } from './zod';

/**
 * Admin roles (ADR 0051), declared once: the server refuses a call the caller's
 * role does not allow (403, nothing written) and the screens hide what it cannot do. Every
 * admin endpoint (`access: 'admin'`) names the permission it needs here, by its stable
 * `name`; `roles.test.ts` fails for an admin endpoint without one, so a new endpoint is
 * placed deliberately rather than left open to every admin.
 */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'pricing'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const AdminRoleSchema = z.enum(ADMIN_ROLES);

export const ROLE_LABEL: Record<AdminRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  pricing: 'Pricing',
};

export const ROLE_SUMMARY: Record<AdminRole, string> = {
  owner: 'Everything, and manages admins.',
  finance: 'Payments, transfers, reversals and adjustments.',
  support: 'Users, blocking and unblocking, reading transactions, announcements.',
  pricing: 'Plans, price tiers and the catalogue sync.',
};

export const PERMISSIONS = [
  /** The admin's own account: who they are, their two-factor enrolment. */
  'self',
  /** The admin dashboard's figures. */
  'overview',
  'users.read',
  'users.block',
  'transactions.read',
  'transactions.reverse',
  'payments',
  'transfers',
  'adjustments',
  'floats',
  /** Provider routes (failover) and float thresholds. */
  'providers',
  'plans',
  'tiers',
  'catalogue',
  'audit',
  'admins',
  /**
   * Resolving a disputed purchase (ADR 0073): the owner's alone, a role no other holds; reading
   * the disputes is `payments`.
   */
  'disputes',
  /** Banners and e-mails to customers (ADR 0059). */
  'announcements',
  /**
   * A customer's coupon code, electricity token or exam pins in clear, one at a time, with a
   * reason (ADR 0071): the owner's, and a support admin's an owner grants it to.
   */
  'secrets.reveal',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PermissionSchema = z.enum(PERMISSIONS);

/** What each role may do; the owner may do everything. */
export const ROLE_PERMISSIONS: Record<AdminRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  finance: [
    'self',
    'overview',
    'users.read',
    'transactions.read',
    'transactions.reverse',
    'payments',
    'transfers',
    'adjustments',
    'floats',
    'providers',
  ],
  // Support answers customers, so it tells them of outages and price changes (ADR 0059).
  support: ['self', 'overview', 'users.read', 'users.block', 'transactions.read', 'announcements'],
  // Assigning a customer's price tier needs the customer list.
  pricing: ['self', 'overview', 'users.read', 'plans', 'tiers', 'catalogue'],
};

/** The permission each admin endpoint needs, by the endpoint's `name`. */
export const ENDPOINT_PERMISSION: Record<string, Permission> = {
  'user.all': 'users.read',
  'user.block': 'users.block',
  'user.unblock': 'users.block',
  // The providers' float balances.
  'user.atgwallet': 'floats',
  'user.vtwallet': 'floats',
  // Every customer's card payments (ADR 0072): an admin list, not a customer's.
  'payment.all': 'payments',
  'transactions.all': 'transactions.read',
  'transactions.reverse': 'transactions.reverse',
  // A purchase's whole story for support (ADR 0083): reading transactions.
  'transactions.timeline': 'transactions.read',
  'product.all': 'plans',
  'product.edit': 'plans',
  'admin.overview': 'overview',
  'admin.reconciliation': 'payments',
  'admin.heldTransfers': 'transfers',
  'admin.assignTransfer': 'transfers',
  'admin.audit': 'audit',
  'admin.tiers': 'tiers',
  'admin.createTier': 'tiers',
  'admin.editTier': 'tiers',
  'admin.setUserTier': 'tiers',
  'admin.pendingPurchases': 'payments',
  'admin.requeryPending': 'payments',
  'admin.failPending': 'payments',
  'admin.deliverPending': 'payments',
  'admin.purchaseDisputes': 'payments',
  'admin.resolveDispute': 'disputes',
  'admin.syncCatalogue': 'catalogue',
  'admin.adjustments': 'adjustments',
  'admin.createAdjustment': 'adjustments',
  'admin.approveAdjustment': 'adjustments',
  'admin.rejectAdjustment': 'adjustments',
  // Every admin sees the providers' state on the overview; changing routes is finance's.
  'admin.providers': 'overview',
  'admin.operatorCosts': 'overview',
  'admin.setProviderRoute': 'providers',
  'admin.setFloatThreshold': 'providers',
  'admin.me': 'self',
  'admin.twoFactorStart': 'self',
  'admin.twoFactorConfirm': 'self',
  'admin.admins': 'admins',
  'admin.setAdminRole': 'admins',
  'admin.resetTwoFactor': 'admins',
  // What a referral pays is a price decision, taken from our margin: pricing's (ADR 0056).
  'admin.referralSettings': 'tiers',
  // Changing it decides what money leaves our margin for referrers, so only an owner may
  // (ADR 0070): one pricing admin could otherwise pay a friend's throwaway referrals.
  'admin.setReferralSettings': 'admins',
  // Banners and e-mails to customers (ADR 0059): owner and support.
  'admin.announcements': 'announcements',
  'admin.createAnnouncement': 'announcements',
  'admin.editAnnouncement': 'announcements',
  'admin.endAnnouncement': 'announcements',
  // Wallet limits by verification level (ADR 0058): seeing a customer's level is
  // reading users; setting it or the limits changes what money may move: finance's.
  'admin.userVerification': 'users.read',
  'admin.verificationLimits': 'users.read',
  'admin.setUserLevel': 'adjustments',
  'admin.setVerificationLimits': 'adjustments',
  // Bearer secrets (ADR 0071): seeing one in clear is its own permission; granting it to a
  // support admin is managing admins.
  'transactions.revealSecret': 'secrets.reveal',
  'admin.setAdminGrant': 'admins',
  // Four eyes (ADR 0070): every admin sees the daily totals; the waiting actions are finance's
  // to decide, and approving one also needs the permission of the action itself (its kind's,
  // APPROVAL_PERMISSION in four-eyes.ts); only an owner sets the daily totals.
  'admin.fourEyes': 'overview',
  'admin.setFourEyes': 'admins',
  'admin.approvals': 'adjustments',
  'admin.approveApproval': 'adjustments',
  'admin.rejectApproval': 'adjustments',
  // Withdrawals to bank accounts (ADR 0084): reading them and asking Flutterwave again is
  // `transfers`; approving or rejecting one that waits for review is finance's, as every
  // four-eyes decision (ADR 0070), never on the approver's own withdrawal; the kill switch,
  // the fee table and the thresholds are the owner's, as the four-eyes totals.
  'admin.withdrawals': 'transfers',
  'admin.withdrawal': 'transfers',
  'admin.requeryWithdrawal': 'transfers',
  'admin.approveWithdrawal': 'adjustments',
  'admin.rejectWithdrawal': 'adjustments',
  // Resolving a stuck one settles or refunds it from Flutterwave's answer (ADR 0089).
  'admin.resolveWithdrawal': 'adjustments',
  'admin.withdrawalSettings': 'transfers',
  'admin.setWithdrawalSettings': 'admins',
  // A customer's API keys are read with the customer; letting a key send withdrawals is the
  // owner's, as the withdrawal settings (ADR 0091).
  'admin.userApiKeys': 'users.read',
  'admin.setKeyWithdrawals': 'admins',
};

/**
 * Families of endpoints named by prefix, so that one added to a family later is placed with
 * it: every manual-adjustment call (`admin.adjustment…`) is finance's.
 */
export const ENDPOINT_PERMISSION_PREFIX: readonly (readonly [string, Permission])[] = [
  ['admin.adjustment', 'adjustments'],
];

/** The permission an admin endpoint needs; `undefined`: none declared (refused to everyone). */
export function permissionOf(endpointName: string): Permission | undefined {
  return (
    ENDPOINT_PERMISSION[endpointName] ??
    ENDPOINT_PERMISSION_PREFIX.find(([prefix]) => endpointName.startsWith(prefix))?.[1]
  );
}

export const roleCan = (role: AdminRole | null | undefined, permission: Permission): boolean =>
  role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);

/**
 * What an owner may grant one admin beyond their role (ADR 0071): revealing bearer secrets to
 * a support admin who answers customers about them. A grant is read from the account on every
 * call and counts only while the admin holds that role.
 */
export const GRANTABLE: Record<AdminRole, readonly Permission[]> = {
  owner: [],
  finance: [],
  support: ['secrets.reveal'],
  pricing: [],
};

/** Whether an admin of `role` holding `grants` has `permission`. */
export const adminCan = (
  role: AdminRole | null | undefined,
  grants: readonly string[] | undefined,
  permission: Permission,
): boolean =>
  roleCan(role, permission) ||
  (role !== null &&
    role !== undefined &&
    GRANTABLE[role].includes(permission) &&
    (grants ?? []).includes(permission));

/** Whether an admin of `role` holding `grants` may call the admin endpoint `endpointName`. */
export function adminMayCall(
  role: AdminRole | null | undefined,
  grants: readonly string[] | undefined,
  endpointName: string,
): boolean {
  const permission = permissionOf(endpointName);
  return permission !== undefined && adminCan(role, grants, permission);
}

/**
 * Admins act on admins only through `admins` (ADR 0072): blocking or unblocking an admin
 * account needs it as well as `users.block`.
 */
export const roleMayBlock = (role: AdminRole | null | undefined, target: { isAdmin: boolean }) =>
  roleCan(role, 'users.block') && (!target.isAdmin || roleCan(role, 'admins'));

/** Whether an admin of `role` may call the admin endpoint named `endpointName`. */
export function roleMayCall(role: AdminRole | null | undefined, endpointName: string): boolean {
  const permission = permissionOf(endpointName);
  return permission !== undefined && roleCan(role, permission);
}

export const ROLE_MSG = {
  notAllowed: (role: AdminRole | null) =>
    role
      ? `Your admin role (${ROLE_LABEL[role]}) does not allow this. Ask an owner.`
      : 'Your admin account has no role. Ask an owner.',
  ownRole: 'You cannot change your own role. Ask another owner.',
  lastOwner: 'This is the only owner: make another admin an owner first.',
  /** Blocking or unblocking an admin account needs the `admins` permission (ADR 0072). */
  adminsOnly: 'Only an owner can block or unblock an admin.',
  notAdmin: 'This account is not an admin.',
  /** A page opened by its URL that the admin's role may not use. */
  pageRefused: (role: AdminRole | null) =>
    role
      ? `Your role (${ROLE_LABEL[role]}) cannot open this page.`
      : 'Your admin account has no role. Ask an owner.',
  roleChanged: 'Role changed.',
  adminRemoved: 'Admin rights removed.',
  twoFactorReset: 'Two-factor sign-in reset: the admin enrols again at the next sign-in.',
} as const;
