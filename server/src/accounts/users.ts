/** Users as the contract shows them, the current user, and the admin user list. */
import { type Actor, recordAudit } from '../admin/audit.ts';
import {
  COUPON_SCREEN,
  DEFAULT_TIER_ID,
  CURRENT_USER_RECENT,
  ROLE_MSG,
  roleMayBlock,
  SERVER_MSG,
  type Coupon,
  type CouponMeta,
  type CurrentUser,
  type User,
} from '@contract';
import { customerCouponMeta } from '@contract/plan-names';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { queryShape } from '../platform/db/query-shape.ts';
import type { CouponsTable, UserRow } from '../platform/db/schema.ts';
import { walletAccountId } from '../wallet/ledger.ts';
import { normaliseSearch, searchTerms } from '@contract/search';
import { ApiError } from '../platform/http/errors.ts';
import { counter, userTransactionCounts } from '../platform/aggregates.ts';
import { paged } from '../platform/paging.ts';
import { revokeAllApiKeys } from '../reseller/api-keys.ts';
import { securityMail } from '../notifications/security-mail.ts';
import { recentLines, walletTotals } from '../wallet/statement.ts';
import { endSessions } from './tokens.ts';
import { guardLastOwner, roleOf } from './two-factor.ts';

export type { UserRow };

/** Presence (spec §4): online when the user made an authenticated call in the last 5 minutes. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

export function toUser(row: UserRow, balance: number, now = Date.now()): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    wallet_balance: balance,
    isAdmin: Number(row.is_admin) === 1,
    has_created_secret_pin: row.pin_hash !== null,
    email_verified: Number(row.email_verified) === 1,
    referral_code: row.referral_code,
    status:
      row.last_seen !== null && now - Number(row.last_seen) <= ONLINE_WINDOW_MS
        ? 'online'
        : 'offline',
    last_login: row.last_login === null ? null : Number(row.last_login),
    isBlocked: Number(row.is_blocked) === 1,
    tier_id: row.tier_id ?? DEFAULT_TIER_ID,
    created_on: Number(row.created_on),
  };
}

// Moved beside the statement, which reads it too (users.ts ← statement.ts would be a cycle).
export { toTransaction } from '../wallet/transaction-view.ts';

export function toCoupon(row: Selectable<CouponsTable>, now = Date.now()): Coupon {
  const meta = JSON.parse(row.meta) as CouponMeta;
  return {
    // The code itself, read opened (ADR 0071); `code` is its keyed hash.
    coupon_code: row.sealed_code,
    // A plan by its clean name, as the customer reads every purchase (ADR 0077).
    meta_data: customerCouponMeta(COUPON_SCREEN[meta.product], meta),
    isValid: Number(row.is_valid) === 1 && Number(row.expires_at) > now,
    issued_at: Number(row.issued_at),
    expires_at: Number(row.expires_at),
  };
}

const balanceOf = queryShape((db, accountId: string) =>
  db.selectFrom('accounts').select('balance').where('id', '=', accountId),
);

export async function walletBalance(db: Db, userId: string): Promise<number> {
  const [row] = await balanceOf(db, walletAccountId(userId));
  return row ? Number(row.balance) : 0;
}

const recentCoupons = queryShape((db, userId: string) =>
  db
    .selectFrom('coupons')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('code', 'desc')
    .limit(CURRENT_USER_RECENT),
);

/**
 * `GET /api/user` (ADR 0020): the user, their newest few statement lines and coupons, the
 * count and successful total of all their transactions (hidden ones too, ADR 0074) from
 * `tx_user_counts`, and spent and received from the wallet's row (ADR 0069): the same cost
 * whether the customer has ten transactions or a hundred thousand. Its queries are compiled
 * once (queryShape, ADR 0028).
 */
export async function currentUser(ctx: AppContext, user: UserRow): Promise<CurrentUser> {
  const [wallet, lines, coupons, counts] = await Promise.all([
    // The balance, and spent and received kept beside it (ADR 0069).
    walletTotals(ctx.db, user.id),
    // The overview's last five are the statement's (ADR 0045): a funding or a refund too.
    recentLines(ctx.db, user),
    recentCoupons(ctx.db, user.id),
    // Every row, hidden ones too: hiding a line from the history changes no total (ADR 0074).
    userTransactionCounts(ctx.db, user.id, { visibleOnly: false }),
  ]);
  const { balance, ...totals } = wallet;
  return {
    ...toUser(user, balance),
    transactions: lines,
    coupons: coupons.map((c) => toCoupon(c)),
    transactions_count: counts.n,
    successful_total: counts.successfulValue,
    spent_total: totals.spent,
    received_total: totals.received,
  };
}

/** Writes a user's search terms (at sign-up; a change of name, e-mail or phone rewrites them). */
export async function indexUserSearch(
  db: Db,
  user: { id: string; name: string; email: string; phone: string },
): Promise<void> {
  await db.deleteFrom('user_search_terms').where('user_id', '=', user.id).execute();
  const rows = searchTerms(user).map((term) => ({ term, user_id: user.id }));
  if (rows.length) await db.insertInto('user_search_terms').values(rows).execute();
}

/**
 * The admin's users list, newest first, paged. `q` finds users with a name word, an e-mail (or
 * its local part or domain) or a phone starting with it: an index range scan on the search
 * terms (migration 0003), whatever the number of users.
 */
export async function listUsers(
  ctx: AppContext,
  query: { page: number; limit: number; q?: string },
): Promise<ReturnType<typeof paged<User>>> {
  const q = query.q ? normaliseSearch(query.q) : '';
  let base = ctx.db.selectFrom('users');
  if (q) {
    base = base.where('users.id', 'in', (eb) =>
      eb
        .selectFrom('user_search_terms')
        .select('user_search_terms.user_id')
        .where('term', '>=', q)
        .where('term', '<', `${q}\uffff`),
    );
  }
  // A search counts its matches (the terms index finds them); all users are counted by the
  // `users` counter.
  const total = q
    ? Number(
        (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      )
    : (await counter(ctx.db, 'users')).n;
  const rows = await base
    // The wallet by its key (an account per user: no index on `accounts.user_id`).
    .leftJoin('accounts', (join) => join.on('accounts.id', '=', sql<string>`'wallet:' || users.id`))
    .selectAll('users')
    .select('accounts.balance')
    .orderBy('users.created_on', 'desc')
    .orderBy('users.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(
    rows.map((r) => toUser(r, Number(r.balance ?? 0))),
    query,
    total,
  );
}

/**
 * Blocks or unblocks a user; the audit entry commits with the change (ADR 0025). An admin
 * account is blocked or unblocked only by an admin with `admins` (an owner), and the last owner
 * is never blocked (ADR 0072); a refusal writes nothing. A block's reason is kept in its entry.
 */
export async function setBlocked(
  ctx: AppContext,
  actor: Actor & { admin: Pick<UserRow, 'admin_role'> },
  id: string,
  blocked: boolean,
  /** Why (a block only): kept in the audit entry. */
  reason?: string,
): Promise<string> {
  const now = Date.now();
  return ctx.dbh.writeTx(async (trx) => {
    const lastOwner = await guardLastOwner(trx, ctx);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'is_blocked', 'email', 'is_admin'])
      .where('id', '=', id)
      // A role change of the target waits, or is waited for: the check sees its outcome.
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!user) throw new ApiError('not_found', SERVER_MSG.userNotFound);
    if (!roleMayBlock(roleOf(actor.admin), { isAdmin: Number(user.is_admin) === 1 })) {
      throw new ApiError('forbidden', ROLE_MSG.adminsOnly);
    }
    if ((Number(user.is_blocked) === 1) === blocked) {
      throw new ApiError('conflict', blocked ? SERVER_MSG.alreadyBlocked : SERVER_MSG.notBlocked);
    }
    lastOwner(id, blocked);
    await trx
      .updateTable('users')
      .set({ is_blocked: blocked ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    if (blocked) {
      // A blocked user is signed out everywhere: no refresh token of theirs works any more.
      await endSessions(trx, id, now);
      // Their keys end for good: an unblock brings back the account, not what was held of it
      // (ADR 0033). The admin's address is not mailed to the customer (the audit log keeps it).
      const count = await revokeAllApiKeys(trx, id, now);
      if (count > 0) {
        await securityMail(trx, ctx, user.email, { kind: 'keysRevokedByBlock', count }, null, now);
      }
    }
    await recordAudit(
      trx,
      actor,
      {
        action: blocked ? 'user.block' : 'user.unblock',
        targetType: 'user',
        targetId: id,
        targetLabel: user.email,
        before: { blocked: !blocked },
        after: blocked && reason ? { blocked, reason } : { blocked },
      },
      now,
    );
    return blocked ? SERVER_MSG.userBlocked : SERVER_MSG.userUnblocked;
  });
}
