import type { User } from '@contract/entities';
import { ADMIN_USERS_MSG } from '@contract/messages/admin-users';
import { Money } from '@/components/ui/money';
import type { PagedTableColumn } from '@/components/ui/paged-table';
import { useUsers } from '../api/get-users';
import { AdminListScreen, useAdminList } from './admin-list-screen';
import { LevelLimitsCard } from './level-limits-card';
import { UserDialog } from './user-dialog';

const columns: PagedTableColumn<User>[] = [
  // Phones: role and e-mail columns fold into the name cell (the popup shows everything).
  {
    key: 'role',
    header: 'Role',
    hideOnMobile: true,
    cell: (u) => (u.isAdmin ? 'admin' : 'user'),
  },
  {
    key: 'name',
    header: 'Name',
    cell: (u) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{u.name}</span>
        <span className="text-xs break-all text-muted md:hidden">
          {u.email} · {u.isAdmin ? 'admin' : 'user'}
        </span>
      </span>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    hideOnMobile: true,
    cell: (u) => <span className="break-all">{u.email}</span>,
  },
  {
    key: 'balance',
    header: 'Wallet balance',
    align: 'end',
    cell: (u) => <Money kobo={u.wallet_balance} />,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (u) => (
      <span className="inline-flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={
            u.status === 'online'
              ? 'size-2 rounded-full bg-success'
              : 'size-2 rounded-full bg-muted'
          }
        />
        {u.status}
        {u.isBlocked ? <span className="text-danger"> · blocked</span> : null}
      </span>
    ),
  },
];

/**
 * Admin page 2 (spec §2): users, searched by the exact e-mail (the spec's), and by a name or a
 * phone as a customer gives them on a call (080… or +234…; ADR 0078); a row opens the popup.
 */
export function UsersScreen() {
  const list = useAdminList<{ q: string }>();
  const { q } = list.query;

  return (
    <div className="flex flex-col gap-10">
      <AdminListScreen
        title="Users"
        description="Search by the exact e-mail address, a name or a phone number."
        search={{
          label: 'Search users',
          fields: [
            {
              name: 'q',
              label: 'E-mail, name or phone',
              hint: 'A phone as 080… or +234…',
            },
          ],
          onSearch: (v) => list.setQuery({ q: v.q }),
        }}
        list={list}
        result={useUsers({ page: list.page, q })}
        columns={columns}
        getRowKey={(u) => u.id}
        getRowLabel={(u) => `Open user ${u.email}`}
        emptyTitle={q ? ADMIN_USERS_MSG.noCustomerMatches(q) : 'No users yet'}
        // The popup follows the list, so it shows the new state after block / unblock.
        dialog={(open, close) => <UserDialog user={open} onClose={close} />}
      />
      <LevelLimitsCard />
    </div>
  );
}
