import { useState } from 'react';
import type { User } from '@contract/entities';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { useUsers } from '../api/get-users';
import { LoadError, ScreenHeading, SearchForm } from './admin-parts';
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

/** Admin page 2 (spec §2): users, searched by exact e-mail; a row opens the user popup. */
export function UsersScreen() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, isLoading } = useUsers({ page, q });
  const users = data?.message ?? [];
  // The popup follows the list, so it shows the new state after block / unblock.
  const open = users.find((u) => u.id === openId) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading title="Users" description="Search by the exact e-mail address." />
      <SearchForm
        label="Search users"
        fields={[{ name: 'q', label: 'User e-mail', type: 'email' }]}
        onSearch={(v) => {
          setQ(v.q);
          setPage(1);
        }}
      />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Users"
        columns={columns}
        rows={users}
        pageCount={data?.pages}
        getRowKey={(u) => u.id}
        getRowLabel={(u) => `Open user ${u.email}`}
        onRowClick={(u) => setOpenId(u.id)}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={<EmptyState size="sm" title={q ? `No user with the e-mail ${q}` : 'No users yet'} />}
      />
      <UserDialog user={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
