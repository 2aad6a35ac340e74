import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { api, type AuditEntry } from '@contract';
import { handle, now } from '@mocks/index';
import { AuditLogScreen } from '@/features/admin/components/audit-log-screen';
import { signedInAsAdmin } from './session';

/**
 * Who acted (ADR 0076): a customer's own action (their BVN check raising their level) is
 * labelled Customer in the By column and the entry, not taken for an admin's; the system's
 * scheduled sync reads System.
 */
const meta = {
  title: 'Features/Admin/AuditLogScreen/Actors',
  component: AuditLogScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AuditLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const entry = (e: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'admin' | 'actor_kind'>) =>
  ({
    admin_id: e.id,
    action: 'verification.level',
    target_type: 'user',
    target_id: 'u_ada',
    target_label: 'ada@example.com',
    before: { level: 1 },
    after: { level: 2, by: 'bvn' },
    request_id: null,
    ip: null,
    created_at: now(),
    ...e,
  }) satisfies AuditEntry;

const entries: AuditEntry[] = [
  entry({ id: 'a1', admin: 'ada@example.com', actor_kind: 'customer' }),
  entry({
    id: 'a2',
    admin: 'system (catalogue sync)',
    actor_kind: 'system',
    action: 'catalogue.sync',
    target_type: 'catalogue',
    target_id: 'all',
    target_label: null,
    before: null,
    after: null,
  }),
  entry({ id: 'a3', admin: 'admin@paybills.ng', actor_kind: 'admin' }),
];

export const CustomerAction: Story = {
  parameters: {
    msw: {
      handlers: [
        handle(api.auditLog, () => ({
          message: entries,
          page: 1,
          pages: 1,
          total: entries.length,
        })),
      ],
    },
  },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
    await waitFor(() => expect(within(table).getAllByText('Customer')[0]).toBeVisible());
    await expect(within(table).getByRole('columnheader', { name: 'By' })).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent('ada@example.comCustomer');
    await expect(rows[1]).toHaveTextContent('System');
    await expect(rows[2]).toHaveTextContent('admin@paybills.ngAdmin');
    await userEvent.click(rows[0]!);
    const dialog = await screen.findByRole('dialog', {
      name: "Changed a customer's verification level",
    });
    await expect(within(dialog).getByText('Customer')).toBeVisible();
  },
};
