/**
 * Bearer secrets are not staff data (ADR 0071). Admin answers show a transaction's coupon
 * codes, electricity token and exam pins masked (transaction-view.ts); this is the one way to
 * see one in clear: the `secrets.reveal` permission (owners, and a support admin an owner
 * granted it to), a reason, one item, and an audit entry that names who, which transaction,
 * which item and why, never the value. The answer is not kept for a retry (contract
 * `retryOfShownOnce`) nor logged.
 */
import {
  AdminRoleSchema,
  bearerItems,
  GRANTABLE,
  maskBearer,
  REVEAL_MSG,
  ROLE_MSG,
  SERVER_MSG,
  type BearerField,
  type Permission,
  type Revealed,
} from '@contract';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../platform/db/schema.ts';
import { ApiError } from '../platform/http/errors.ts';
import { recordAudit, type Actor } from './audit.ts';
import { toTransaction } from '../wallet/transaction-view.ts';

/**
 * The permissions an owner granted this admin (`users.admin_grants`) that their role may be
 * granted (contract GRANTABLE): read from the account on every call.
 */
export function grantsOf(user: Pick<UserRow, 'admin_grants' | 'admin_role'>): Permission[] {
  if (!user.admin_grants) return [];
  const role = AdminRoleSchema.safeParse(user.admin_role).data;
  const stored = user.admin_grants.split(',');
  return role ? GRANTABLE[role].filter((p) => stored.includes(p)) : [];
}

/** One item of one bearer field of a transaction, in clear; audited with the reason. */
export async function revealSecret(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { field: BearerField; item: number; reason: string },
): Promise<Revealed> {
  // Read through the app's handle: sealed coupon codes come opened (platform/db/sealed-codes.ts).
  const row = await ctx.db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .selectAll('transactions')
    .select('users.email')
    .where('transactions.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  const value = bearerItems(toTransaction(row, row.email)[body.field] ?? '')[body.item];
  if (value === undefined) throw new ApiError('not_found', REVEAL_MSG.notFound);
  await ctx.dbh.writeTx((trx) =>
    recordAudit(trx, actor, {
      action: 'secret.reveal',
      targetType: 'transaction',
      targetId: id,
      targetLabel: row.email,
      before: null,
      // Which item and why; its mask tells which one, never enough to use it.
      after: { field: body.field, item: body.item, masked: maskBearer(value), reason: body.reason },
    }),
  );
  ctx.log.info(
    { id, field: body.field, item: body.item, admin: actor.admin.id },
    'admin revealed a bearer secret',
  );
  return { field: body.field, item: body.item, value };
}

/**
 * An owner gives an admin a permission beyond their role, or takes it back (contract
 * GRANTABLE: the reveal, to support admins). Audited; refused for a role it is not for.
 */
export async function setAdminGrant(
  ctx: AppContext,
  actor: Actor,
  body: { user_id: string; permission: Permission; granted: boolean },
): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const target = await trx
      .selectFrom('users')
      .select(['id', 'email', 'is_admin', 'admin_role', 'admin_grants'])
      .where('id', '=', body.user_id)
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!target || Number(target.is_admin) !== 1) {
      throw new ApiError('not_found', ROLE_MSG.notAdmin);
    }
    const role = AdminRoleSchema.safeParse(target.admin_role).data;
    if (!role || !GRANTABLE[role].includes(body.permission)) {
      throw new ApiError('conflict', REVEAL_MSG.notGrantable);
    }
    const before = grantsOf(target);
    const had = before.includes(body.permission);
    if (had === body.granted) throw new ApiError('conflict', REVEAL_MSG.unchanged);
    const after = body.granted
      ? [...before, body.permission]
      : before.filter((p) => p !== body.permission);
    await trx
      .updateTable('users')
      .set({ admin_grants: after.length ? after.join(',') : null })
      .where('id', '=', target.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'admin.grant',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      before: { [body.permission]: had },
      after: { [body.permission]: body.granted },
    });
    return body.granted ? REVEAL_MSG.granted : REVEAL_MSG.revoked;
  });
}
