import { ROLE_MSG, type AdminRole } from '@contract';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';

/** An admin's role as the mocks keep it (a fixture without one is an owner, as migrated). */
export const mockRoleOf = (user: UserRecord): AdminRole | null =>
  user.admin_role === undefined ? 'owner' : user.admin_role;

/**
 * The last owner who can act is never blocked, demoted or removed (ADR 0072), as the server
 * refuses it: `loses` says the change takes `target`'s owner rights away.
 */
export function keepAnOwner(target: UserRecord, loses: boolean): void {
  const owners = db.users.filter((u) => u.isAdmin && !u.isBlocked && mockRoleOf(u) === 'owner');
  if (loses && owners.length <= 1 && owners.includes(target)) {
    throw new MockApiError('conflict', ROLE_MSG.lastOwner);
  }
}
