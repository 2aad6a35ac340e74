import type { AuditAction, AuditEntry } from '@contract';
import { now } from '../clock';
import { db, nextId } from '../db';
import type { UserRecord } from '../records';

/** Records an admin action in the mock audit log, as the server does in the action's transaction. */
export function recordAudit(
  admin: UserRecord,
  request: Request,
  entry: Pick<AuditEntry, 'target_type' | 'target_id' | 'target_label' | 'before' | 'after'> & {
    action: AuditAction;
  },
): void {
  db.audit.unshift({
    id: nextId('aud'),
    admin: admin.email,
    admin_id: admin.id,
    request_id: request.headers.get('x-request-id'),
    ip: '127.0.0.1',
    created_at: now(),
    ...entry,
  });
}
