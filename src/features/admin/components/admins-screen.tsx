import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import { ADMIN_ROLES, ROLE_LABEL, ROLE_SUMMARY, type AdminRole } from '@contract/roles';
import { SetAdminRoleBody, type AdminAccount } from '@contract/two-factor';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useAdmins, useResetTwoFactor, useSetAdminGrant, useSetAdminRole } from '../api/admins';
import { LoadError, ScreenHeading } from './admin-parts';

/** The roles to choose from, each with what it may do. */
function RoleSelect({
  value,
  onChange,
  control,
}: {
  value: AdminRole;
  onChange: (role: AdminRole) => void;
  control: Record<string, unknown>;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as AdminRole)}>
      <SelectTrigger {...control}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ADMIN_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABEL[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Makes an existing account an admin with a role (the server answers who is unknown). */
function AddAdminForm({ onDone }: { onDone: (message: string) => void }) {
  const set = useSetAdminRole();
  const [email, setEmail] = useState('');
  // The least the new admin may do, until the owner chooses more.
  const [role, setRole] = useState<AdminRole>('support');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SetAdminRoleBody.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FALLBACK.genericAlt);
      return;
    }
    try {
      const res = await set.trigger({ body: parsed.data });
      onDone(res.message);
      setEmail('');
    } catch {
      // shown from set.error
    }
  };
  return (
    <section
      aria-labelledby="add-admin"
      className="flex flex-col gap-4 rounded-card border border-border p-4"
    >
      <h2 id="add-admin" className="text-lg font-semibold">
        Add an admin
      </h2>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Field
          label="E-mail of the account"
          hint="They sign up first; they keep their password."
          error={error || undefined}
          required
        >
          <Input
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError('');
              set.reset();
            }}
          />
        </Field>
        <Field label="Role" hint={ROLE_SUMMARY[role]}>
          {(control) => (
            <RoleSelect
              value={role}
              control={control}
              onChange={(r) => {
                setRole(r);
                set.reset();
              }}
            />
          )}
        </Field>
        <div className="flex flex-col gap-2 sm:col-span-2">
          {set.error ? <FormAlert>{errorMessage(set.error, FALLBACK.genericAlt)}</FormAlert> : null}
          <Button type="submit" className="sm:w-fit" loading={set.isMutating}>
            Add admin
          </Button>
        </div>
      </form>
    </section>
  );
}

type Asking = 'role' | 'remove' | 'reset' | 'grant' | null;

/** Whether an owner let this admin reveal coupon codes, tokens and pins (ADR 0071). */
const mayReveal = (a: AdminAccount) => a.grants.includes('secrets.reveal');

/**
 * Change role, Remove, Reset two-factor and, for a support admin, Allow or Stop reveals of
 * bearer secrets (ADR 0071), for another admin, each confirmed first.
 */
function AdminActions({
  admin,
  onDone,
}: {
  admin: AdminAccount;
  onDone: (message: string) => void;
}) {
  const set = useSetAdminRole();
  const reset = useResetTwoFactor();
  const grant = useSetAdminGrant();
  const granted = mayReveal(admin);
  const [asking, setAsking] = useState<Asking>(null);
  const [role, setRole] = useState<AdminRole>(admin.role ?? 'support');
  const action = asking === 'reset' ? reset : asking === 'grant' ? grant : set;
  const close = () => {
    setAsking(null);
    set.reset();
    reset.reset();
    grant.reset();
  };
  const run = async () => {
    try {
      const res =
        asking === 'reset'
          ? await reset.trigger({ body: { user_id: admin.id } })
          : asking === 'grant'
            ? await grant.trigger({
                body: { user_id: admin.id, permission: 'secrets.reveal', granted: !granted },
              })
            : await set.trigger({
                body: { email: admin.email, role: asking === 'remove' ? 'none' : role },
              });
      close();
      onDone(res.message);
    } catch {
      // shown in the dialog, from action.error
    }
  };
  const name = admin.name || admin.email;
  const dialog = {
    role: {
      title: `Change ${name}'s role?`,
      description: 'It applies to their next call; the audit log records it.',
      confirmLabel: 'Change role',
      tone: 'primary' as const,
    },
    remove: {
      title: `Remove ${name} as an admin?`,
      description:
        'They are signed out at once and keep only their customer account. The audit log records it.',
      confirmLabel: 'Remove admin',
      tone: 'destructive' as const,
    },
    reset: {
      title: `Reset ${name}'s two-factor sign-in?`,
      description:
        'For a lost phone: their key and recovery codes stop working, they are signed out, and they set two-factor up again at their next sign-in.',
      confirmLabel: 'Reset two-factor',
      tone: 'destructive' as const,
    },
    grant: granted
      ? {
          title: `Stop ${name} revealing codes, tokens and pins?`,
          description:
            'They see them masked again, as every support admin does. The audit log records it.',
          confirmLabel: 'Stop reveals',
          tone: 'destructive' as const,
        }
      : {
          title: `Let ${name} reveal codes, tokens and pins?`,
          description:
            "One at a time, with a reason: each reveal is in the audit log with their name. A customer's coupon code is money: allow it only to someone who answers customers about them.",
          confirmLabel: 'Allow reveals',
          tone: 'primary' as const,
        },
  }[asking ?? 'role'];
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setAsking('role')}>
        Change role
      </Button>
      {admin.two_factor_enrolled ? (
        <Button size="sm" variant="outline" onClick={() => setAsking('reset')}>
          Reset two-factor
        </Button>
      ) : null}
      {/* Only a support admin may be given the reveal (contract GRANTABLE; ADR 0071). */}
      {admin.role === 'support' ? (
        <Button size="sm" variant="outline" onClick={() => setAsking('grant')}>
          {granted ? 'Stop reveals' : 'Allow reveals'}
        </Button>
      ) : null}
      <Button size="sm" variant="outline" onClick={() => setAsking('remove')}>
        Remove
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title={dialog.title}
        description={dialog.description}
        confirmLabel={dialog.confirmLabel}
        tone={dialog.tone}
        loading={action.isMutating}
        error={action.error ? errorMessage(action.error, FALLBACK.genericAlt) : ''}
        onConfirm={() => void run()}
      >
        {asking === 'role' ? (
          <Field label="New role" hint={ROLE_SUMMARY[role]}>
            {(control) => (
              <RoleSelect
                value={role}
                control={control}
                onChange={(r) => {
                  setRole(r);
                  set.reset();
                }}
              />
            )}
          </Field>
        ) : (
          <p className="text-sm [overflow-wrap:anywhere]">{admin.email}</p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function columns(
  meId: string | undefined,
  onDone: (message: string) => void,
): PagedTableColumn<AdminAccount>[] {
  return [
    {
      key: 'admin',
      header: 'Admin',
      cell: (a) => (
        <span className="flex min-w-0 flex-col">
          <span>{a.name}</span>
          <span className="text-xs break-all text-muted">{a.email}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (a) => (
        <span className="flex flex-col">
          <span>{a.role ? ROLE_LABEL[a.role] : 'None'}</span>
          {mayReveal(a) ? <span className="text-xs text-muted">Reveals codes</span> : null}
        </span>
      ),
    },
    {
      key: 'two-factor',
      header: 'Two-factor',
      cell: (a) => (a.two_factor_enrolled ? 'On' : 'Off'),
    },
    {
      key: 'last-login',
      header: 'Last login',
      hideOnMobile: true,
      cell: (a) => (a.last_login ? <DateText epochMs={a.last_login} show="datetime" /> : 'Never'),
    },
    {
      key: 'actions',
      header: 'Actions',
      // An owner cannot change their own role (the server refuses it): another owner does.
      cell: (a) =>
        a.id === meId ? (
          <span className="text-sm text-muted">You</span>
        ) : (
          <AdminActions key={`${a.id}:${a.role}:${a.grants.join()}`} admin={a} onDone={onDone} />
        ),
    },
  ];
}

/**
 * The admins (ADR 0051), for owners: each one's role, two-factor and last
 * sign-in; add an account as an admin with a role, change a role, remove one, reset a lost
 * phone's two-factor. Each change is confirmed first and is in the audit log; the server's
 * answer shows above the list.
 */
export function AdminsScreen() {
  const { data, error, isLoading } = useAdmins();
  const { data: me } = useCurrentUser();
  const [notice, setNotice] = useState('');
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Admins"
        description="Who may use the admin dashboard, and what each role may do. Every change is in the audit log."
      />
      <AddAdminForm onDone={setNotice} />
      <section aria-labelledby="admin-list" className="flex flex-col gap-3">
        <h2 id="admin-list" className="text-lg font-semibold">
          Current admins
        </h2>
        {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
        {error ? <LoadError error={error} /> : null}
        <PagedTable
          caption="Admins"
          columns={columns(me?.message.id, setNotice)}
          rows={data?.message ?? []}
          getRowKey={(a) => a.id}
          loading={isLoading}
          empty={<EmptyState size="sm" title="No admins" />}
        />
      </section>
    </div>
  );
}
