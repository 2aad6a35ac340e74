import {
  api,
  bearerItems,
  GRANTABLE,
  maskBearer,
  REVEAL_MSG,
  ROLE_MSG,
  SERVER_MSG,
  type Permission,
} from '@contract';
import { me } from '../contract-handler';
import { db, findUser } from '../db';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';
import { recordAudit } from '../services/audit';
import { impl } from './impl';

/** An admin's role as the mocks keep it (a fixture without one is an owner, as migrated). */
const roleOf = (user: UserRecord) => (user.admin_role === undefined ? 'owner' : user.admin_role);

/** What an owner granted this admin that their role may be granted (as the server reads it). */
export function mockGrantsOf(user: UserRecord): Permission[] {
  const role = roleOf(user);
  return role ? GRANTABLE[role].filter((p) => user.admin_grants?.includes(p)) : [];
}

/**
 * Bearer secrets (ADR 0071), as the server: one item of a transaction in clear for an admin
 * holding `secrets.reveal` (the shared guard checks it), with a reason the audit log keeps and
 * never the value; an owner grants the reveal to a support admin or takes it back.
 */
export const secrets = {
  revealSecret: impl(api.revealSecret, (ctx) => {
    const { params, body } = ctx;
    const record = db.transactions.find((t) => t.transaction_id === params.id);
    if (!record) throw new MockApiError('not_found', SERVER_MSG.transactionNotFound);
    const value = bearerItems(record[body.field] ?? '')[body.item];
    if (value === undefined) throw new MockApiError('not_found', REVEAL_MSG.notFound);
    recordAudit(me(ctx), ctx.request, {
      action: 'secret.reveal',
      target_type: 'transaction',
      target_id: record.transaction_id,
      target_label: record.user,
      before: null,
      after: { field: body.field, item: body.item, masked: maskBearer(value), reason: body.reason },
    });
    return { message: { field: body.field, item: body.item, value } };
  }),

  setAdminGrant: impl(api.setAdminGrant, (ctx) => {
    const { body } = ctx;
    const target = findUser(body.user_id);
    if (!target || !target.isAdmin) throw new MockApiError('not_found', ROLE_MSG.notAdmin);
    const role = roleOf(target);
    if (!role || !GRANTABLE[role].includes(body.permission)) {
      throw new MockApiError('conflict', REVEAL_MSG.notGrantable);
    }
    const before = mockGrantsOf(target);
    const had = before.includes(body.permission);
    if (had === body.granted) throw new MockApiError('conflict', REVEAL_MSG.unchanged);
    target.admin_grants = body.granted
      ? [...before, body.permission]
      : before.filter((p) => p !== body.permission);
    recordAudit(me(ctx), ctx.request, {
      action: 'admin.grant',
      target_type: 'user',
      target_id: target.id,
      target_label: target.email,
      before: { [body.permission]: had },
      after: { [body.permission]: body.granted },
    });
    return { message: body.granted ? REVEAL_MSG.granted : REVEAL_MSG.revoked };
  }),
};
