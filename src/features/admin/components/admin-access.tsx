import { adminCan, ROLE_MSG, type Permission } from '@contract/roles';
import { FormAlert } from '@/components/ui/form-alert';
import { paths, type AdminPage } from '@/config/routes';
import { useAdminSelf } from '../api/admin-self';

/**
 * The permission each admin page needs (ADR 0051): the sidebar shows a page only
 * to roles that hold it, and the shell refuses it to the others. The roles themselves are
 * `ROLE_PERMISSIONS` in the contract; this table only places each page, as
 * `ENDPOINT_PERMISSION` places each endpoint, and it names the permission of the page's own
 * list, so a page shown is a page whose calls the server answers.
 */
export const PAGE_PERMISSION: Record<AdminPage, Permission> = {
  overview: 'overview',
  users: 'users.read',
  transactions: 'transactions.read',
  payments: 'payments',
  dataPrices: 'plans',
  cableTvPrices: 'plans',
  transfers: 'transfers',
  // Reading withdrawals and asking Flutterwave again; deciding one needs `adjustments` (ADR 0084).
  withdrawals: 'transfers',
  auditLog: 'audit',
  tiers: 'tiers',
  pending: 'payments',
  adjustments: 'adjustments',
  announcements: 'announcements',
  providers: 'providers',
  // What a referral pays is a price decision (ADR 0056): the endpoints' own permission.
  referrals: 'tiers',
  security: 'self',
  admins: 'admins',
};

const PAGE_BY_PATH = Object.entries(paths.admin) as [AdminPage, string][];

/** The admin page at `pathname` (its sub-paths included), or undefined. */
export function adminPageAt(pathname: string): AdminPage | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return PAGE_BY_PATH.filter(([, href]) => path === href || path.startsWith(`${href}/`)).sort(
    ([, a], [, b]) => b.length - a.length,
  )[0]?.[0];
}

/**
 * Whether the signed-in admin's role, or what an owner granted them (ADR 0071), holds
 * `permission`. False until `GET /api/admin/me` answers: a button the role may lack appears
 * only once the role is known, never flickers away after a click was possible. The server
 * refuses the call either way.
 */
export function useAdminCan(permission: Permission): boolean {
  const { data } = useAdminSelf();
  return adminCan(data?.message.role, data?.message.grants, permission);
}

/** A page opened by its URL that the admin's role may not use: said plainly, nothing called. */
export function RoleRefused({ role }: { role: Parameters<typeof ROLE_MSG.pageRefused>[0] }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Not for your role</h1>
      <FormAlert tone="info">{ROLE_MSG.pageRefused(role)}</FormAlert>
    </div>
  );
}
