import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { AuditLogScreen } from '@/features/admin/components/audit-log-screen';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/AuditLogScreen',
  component: AuditLogScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AuditLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    const pages = Math.max(1, Math.ceil(db.audit.length / 5));
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Audit log' });
    await expect(within(table).getByText('Assigned a transfer')).toBeVisible();
  },
};

/** Filter by action and target; a row opens the entry with its before and after values. */
export const FilterAndDetails: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    await userEvent.selectOptions(canvas.getByLabelText('Action'), 'Blocked a user');
    await userEvent.type(canvas.getByLabelText(/Target/), 'tunde@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    const row = await canvas.findByRole('row', {
      name: 'Open entry: Blocked a user, tunde@example.com',
    });
    await expect(canvas.getAllByRole('row')).toHaveLength(2); // header + one entry
    await userEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Blocked a user' });
    const changes = within(dialog).getByRole('table', { name: 'What changed' });
    const blocked = within(changes).getByRole('row', { name: /blocked/ });
    await expect(
      within(blocked)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['no', 'yes']);
    // The block's reason, as the admin wrote it (ADR 0078).
    const reason = within(changes).getByRole('row', { name: /reason/ });
    await expect(
      within(reason)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', 'Card used without the owner’s consent, reported by phone']);
    await expect(within(dialog).getByText('req-3c1d77')).toBeVisible();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);

    await userEvent.type(canvas.getByLabelText('Admin e-mail'), 'nobody@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await expect(await canvas.findByText('No entry matches these filters')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(await canvas.findByText(/Page 1 of 1/)).toBeVisible();
  },
};

/** A plan's price before and after reads in naira, not "price kobo 30000". */
export const PlanPriceInNaira: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    await userEvent.selectOptions(canvas.getByLabelText('Action'), 'Changed a plan');
    await userEvent.click(canvas.getByRole('button', { name: 'Filter' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: 'Open entry: Changed a plan, MTN 1GB - 30 days' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Changed a plan' });
    const changes = within(dialog).getByRole('table', { name: 'What changed' });
    const price = within(changes).getByRole('row', { name: /^price/ });
    await expect(
      within(price)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₦300.00', '₦280.00']);
    await expect(within(changes).queryByText(/kobo/)).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.auditLog.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Audit log' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.auditLog.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No admin action yet')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.auditLog.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
