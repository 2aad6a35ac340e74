import {
  api,
  applyPreferences,
  DEFAULT_PREFERENCES,
  matchesSearch,
  MSG,
  ROLE_MSG,
  roleMayBlock,
  SERVER_MSG,
} from '@contract';
import { me } from '../contract-handler';
import { db, findUser } from '../db';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';
import { keepAnOwner, mockRoleOf } from '../services/admins';
import { recordAudit } from '../services/audit';
import { paginate } from '../services/paging';
import { matchesStatementSearch, statementOf } from '../services/statement';
import { couponsOf, toCoupon, toCurrentUser, toUser } from '../services/views';
import { impl } from './impl';

/** The signed-in user, settings, and the admin's user management (spec §7 user). */

function target(id: string) {
  const user = findUser(id);
  if (!user) throw new MockApiError('not_found', SERVER_MSG.notFound);
  return user;
}

/** An admin account is blocked or unblocked only with `admins` (ADR 0072), as on the server. */
function mayBlock(ctx: { user: UserRecord | null }, u: UserRecord) {
  if (!roleMayBlock(mockRoleOf(me(ctx)), { isAdmin: u.isAdmin })) {
    throw new MockApiError('forbidden', ROLE_MSG.adminsOnly);
  }
}

/** The audit entry of a block or unblock, as the server writes it. */
function auditBlock(
  ctx: { user: UserRecord | null; request: Request },
  u: UserRecord,
  blocked: boolean,
  reason?: string,
) {
  recordAudit(me(ctx), ctx.request, {
    action: blocked ? 'user.block' : 'user.unblock',
    target_type: 'user',
    target_id: u.id,
    target_label: u.email,
    before: { blocked: !blocked },
    after: blocked && reason ? { blocked, reason } : { blocked },
  });
}

export const user = {
  currentUser: impl(
    api.currentUser,
    (ctx) => ({ message: toCurrentUser(me(ctx)) }),
    // A brand-new account: nothing bought, nothing in the wallet.
    (ctx) => ({
      message: {
        ...toCurrentUser(me(ctx)),
        wallet_balance: 0,
        transactions: [],
        coupons: [],
        transactions_count: 0,
        successful_total: 0,
        spent_total: 0,
        received_total: 0,
      },
    }),
  ),

  myTransactions: impl(
    api.myTransactions,
    (ctx) => {
      const { query } = ctx;
      // The wallet statement (ADR 0045), filtered like the server's.
      const found = statementOf(me(ctx).id).filter(
        (t) =>
          (!query.status || t.status === query.status) &&
          (!query.product || t.product === query.product) &&
          (!query.kind || t.kind === query.kind) &&
          matchesStatementSearch(t, query.q),
      );
      return paginate(found, query);
    },
    ({ query }) => paginate([], query),
  ),

  myCoupons: impl(
    api.myCoupons,
    (ctx) => paginate(couponsOf(me(ctx).id).map(toCoupon), ctx.query),
    ({ query }) => paginate([], query),
  ),

  users: impl(
    api.users,
    ({ query }) => {
      const found = db.users
        .filter((u) => matchesSearch(u, query.q))
        .sort((a, b) => b.created_on - a.created_on);
      return paginate(found.map(toUser), query);
    },
    ({ query }) => paginate([], query),
  ),

  atgBalance: impl(
    api.atgBalance,
    () => ({ message: db.providerBalances.atg }),
    () => ({ message: 0 }),
  ),

  vtBalance: impl(
    api.vtBalance,
    () => ({ message: db.providerBalances.vt }),
    () => ({ message: 0 }),
  ),

  changePassword: impl(api.changePassword, (ctx) => {
    const u = me(ctx);
    // 400, not 401/403: a wrong current password must not end the session (decisions §3).
    if (u.password !== ctx.body.old_password)
      throw new MockApiError('validation_error', SERVER_MSG.wrongPassword);
    u.password = ctx.body.new_password;
    return { message: MSG.passwordChanged };
  }),

  resetPin: impl(api.resetPin, (ctx) => {
    const u = me(ctx);
    if (u.password !== ctx.body.password)
      throw new MockApiError('validation_error', SERVER_MSG.wrongPassword);
    u.pin = ctx.body.pin;
    u.pin_failures = 0;
    u.pin_locked_until = null;
    return { message: MSG.pinChanged };
  }),

  // SMS and e-mail per kind (ADR 0081; the e-mails ADR 0047): the mocks send nothing, they
  // keep the choices, changed as the server changes them.
  mailPreferences: impl(api.mailPreferences, (ctx) => ({
    message: me(ctx).preferences ?? DEFAULT_PREFERENCES,
  })),

  setMailPreferences: impl(api.setMailPreferences, (ctx) => {
    const u = me(ctx);
    u.preferences = applyPreferences(u.preferences ?? DEFAULT_PREFERENCES, ctx.body);
    return { message: u.preferences };
  }),

  blockUser: impl(api.blockUser, (ctx) => {
    const u = target(ctx.body.id);
    // An admin cannot lock themselves out, as on the server.
    if (u.id === me(ctx).id) throw new MockApiError('forbidden', SERVER_MSG.forbidden);
    mayBlock(ctx, u);
    if (u.isBlocked) throw new MockApiError('conflict', SERVER_MSG.alreadyBlocked);
    keepAnOwner(u, true);
    u.isBlocked = true;
    u.status = 'offline';
    auditBlock(ctx, u, true, ctx.body.reason);
    return { message: SERVER_MSG.userBlocked };
  }),

  unblockUser: impl(api.unblockUser, (ctx) => {
    const u = target(ctx.body.id);
    mayBlock(ctx, u);
    if (!u.isBlocked) throw new MockApiError('conflict', SERVER_MSG.notBlocked);
    u.isBlocked = false;
    auditBlock(ctx, u, false);
    return { message: SERVER_MSG.userUnblocked };
  }),
};
