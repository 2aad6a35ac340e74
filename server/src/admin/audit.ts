/**
 * The admin audit log (ADR 0025). `recordAudit` is called by every admin
 * action that changes something, with the action's own transaction: the entry commits with
 * the change or not at all (a refused or failed action writes none). Entries hold the fields
 * that changed, before and after, never a secret (no password, pin, token, BVN). Nothing in
 * the API edits or deletes them.
 */
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditActorKind, AuditEntry } from '@contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/index.ts';
import type { UserRow } from '../platform/db/schema.ts';
import { countRows, paged } from '../platform/paging.ts';

export type Snapshot = Record<string, string | number | boolean | null>;

/** Who acted and from where: the signed-in admin and their request. */
export interface Actor {
  admin: Pick<UserRow, 'id' | 'email'>;
  req: Pick<FastifyRequest, 'headers' | 'ip'>;
  /**
   * Who `admin` is (ADR 0076): an admin (the default), the customer acting on their own account
   * (their BVN check raising their level), or the system (a scheduled sync).
   */
  kind?: AuditActorKind;
}

const requestIdOf = (req: Actor['req']): string | null => {
  const id = req.headers['x-request-id'];
  return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : null;
};

export async function recordAudit(
  trx: Db,
  actor: Actor,
  entry: {
    action: AuditAction;
    targetType:
      | 'user'
      | 'transaction'
      | 'plan'
      | 'transfer'
      | 'tier'
      | 'catalogue'
      | 'adjustment'
      | 'provider'
      | 'referral'
      | 'announcement'
      | 'verification'
      | 'approval'
      | 'four_eyes'
      | 'withdrawal'
      | 'api_key';
    targetId: string;
    targetLabel?: string | null;
    before: Snapshot | null;
    after: Snapshot | null;
  },
  now = Date.now(),
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      admin_id: actor.admin.id,
      admin_email: actor.admin.email,
      actor_kind: actor.kind ?? 'admin',
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId.slice(0, 64),
      target_label: entry.targetLabel?.slice(0, 254) ?? null,
      before_json: entry.before ? JSON.stringify(entry.before) : null,
      after_json: entry.after ? JSON.stringify(entry.after) : null,
      request_id: requestIdOf(actor.req),
      ip: actor.req.ip ? actor.req.ip.slice(0, 64) : null,
      created_at: now,
    })
    .execute();
}

/** Who acted: as recorded, else the system's id, else whether the account is an admin's. */
function actorKind(r: {
  actor_kind: string | null;
  admin_id: string;
  actor_is_admin: number | boolean | null;
}): AuditActorKind {
  if (r.actor_kind === 'admin' || r.actor_kind === 'customer' || r.actor_kind === 'system') {
    return r.actor_kind;
  }
  if (r.admin_id === 'system') return 'system';
  return r.actor_is_admin === null || Number(r.actor_is_admin) ? 'admin' : 'customer';
}

const parse = (text: string | null) => (text ? (JSON.parse(text) as Snapshot) : null);

export async function listAudit(
  db: Db,
  query: { page: number; limit: number; admin?: string; action?: AuditAction; target?: string },
) {
  let base = db.selectFrom('audit_log');
  if (query.admin) base = base.where('admin_email', '=', query.admin.toLowerCase());
  if (query.action) base = base.where('action', '=', query.action);
  if (query.target) {
    const t = query.target;
    base = base.where((eb) => eb.or([eb('target_id', '=', t), eb('target_label', '=', t)]));
  }
  const total = await countRows(base);
  const rows = await base
    .selectAll('audit_log')
    // Entries from before `actor_kind` (migration 0035): told by the actor's account, by key.
    .leftJoin('users as actor', 'actor.id', 'audit_log.admin_id')
    .select('actor.is_admin as actor_is_admin')
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return paged(
    rows.map((r): AuditEntry => ({
      id: r.id,
      admin: r.admin_email,
      admin_id: r.admin_id,
      actor_kind: actorKind(r),
      action: r.action as AuditAction,
      target_type: r.target_type,
      target_id: r.target_id,
      target_label: r.target_label,
      before: parse(r.before_json),
      after: parse(r.after_json),
      request_id: r.request_id,
      ip: r.ip,
      created_at: Number(r.created_at),
    })),
    query,
    total,
  );
}
