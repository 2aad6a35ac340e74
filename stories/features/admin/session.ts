import type { AdminRole } from '@contract';
import { adminSession, db, DEMO_ADMIN, demoSession } from '@mocks/index';
import { clearSession, saveTokens } from '@/lib/session';

/** `beforeEach` for a story signed in as the seeded admin; signs out after the story. */
export function signedInAsAdmin() {
  saveTokens(adminSession());
  return () => clearSession();
}

/** `beforeEach` for a story signed in as the seeded admin holding `role` (ADR 0051). */
export function signedInAsRole(role: AdminRole) {
  return () => {
    db.users.find((u) => u.id === DEMO_ADMIN.id)!.admin_role = role;
    return signedInAsAdmin();
  };
}

/** `beforeEach` for a story signed in as the demo customer (the guard must refuse them). */
export function signedInAsCustomer() {
  saveTokens(demoSession());
  return () => clearSession();
}

/** `beforeEach` for a signed-out visitor. */
export function signedOut() {
  clearSession();
}
