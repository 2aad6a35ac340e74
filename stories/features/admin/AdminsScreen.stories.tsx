import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { REVEAL_MSG, ROLE_MSG, ROLE_SUMMARY, SERVER_MSG } from '@contract';
import { db, FRIEND_CUSTOMER, MOCK_TOTP_SECRET, NO_PIN_CUSTOMER, variants } from '@mocks/index';
import { AdminsScreen } from '@/features/admin/components/admins-screen';
import { signedInAsAdmin } from './session';

const user = (id: string) => db.users.find((u) => u.id === id)!;

/**
 * The seed's owner plus two more admins: Tunde (finance, two-factor on) and Emeka (support,
 * two-factor off).
 */
function withTeam() {
  Object.assign(user(FRIEND_CUSTOMER.id), {
    isAdmin: true,
    admin_role: 'finance',
    two_factor: { secret: MOCK_TOTP_SECRET, enrolled: true, recovery: [] },
  });
  Object.assign(user(NO_PIN_CUSTOMER.id), { isAdmin: true, admin_role: 'support' });
  return signedInAsAdmin();
}

const meta = {
  title: 'Features/Admin/AdminsScreen',
  component: AdminsScreen,
  beforeEach: withTeam,
} satisfies Meta<typeof AdminsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = {
  click: (el: Element) => Promise<void>;
  paste: (text: string) => Promise<void>;
};

const table = (canvas: Canvas) => canvas.findByRole('table', { name: 'Admins' });
/** The list's row of `email`, once the list has loaded. */
async function row(canvas: Canvas, email: string) {
  const list = within(await table(canvas));
  await list.findAllByText(email);
  return list.getAllByRole('row').find((r) => r.textContent?.includes(email))!;
}

async function addAdmin(canvas: Canvas, userEvent: User, email: string) {
  await userEvent.click(await canvas.findByLabelText(/E-mail of the account/));
  await userEvent.paste(email);
  await userEvent.click(canvas.getByRole('button', { name: 'Add admin' }));
}

/** Each admin's role, two-factor and last sign-in; no actions on one's own row. */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();
    const list = within(await table(canvas));
    await expect(await list.findByText('Ifeoluwa Adebayo')).toBeVisible();
    const owner = await row(canvas, 'admin@example.com');
    await expect(owner).toHaveTextContent('Owner');
    await expect(within(owner).getByText('You')).toBeVisible();
    await expect(within(owner).queryByRole('button')).toBeNull();
    const finance = await row(canvas, FRIEND_CUSTOMER.email);
    await expect(finance).toHaveTextContent('Finance');
    await expect(finance).toHaveTextContent('On');
    await expect(within(finance).getByRole('button', { name: 'Reset two-factor' })).toBeVisible();
    const support = await row(canvas, NO_PIN_CUSTOMER.email);
    await expect(support).toHaveTextContent('Support');
    await expect(support).toHaveTextContent('Off');
    // Nothing to reset where two-factor is off.
    await expect(within(support).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  },
};

/** An account becomes an admin with the chosen role; the server's answer shows. */
export const AddAdmin: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(ROLE_SUMMARY.support)).toBeVisible();
    await addAdmin(canvas, userEvent, 'chiamaka@example.com');
    await expect(await canvas.findByText(ROLE_MSG.roleChanged)).toBeVisible();
    await expect(await within(await table(canvas)).findByText('Chiamaka Okafor')).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')).toMatchObject({
      isAdmin: true,
      admin_role: 'support',
    });
  },
};

/** Nobody has that e-mail: the server's message, nothing changes. */
export const AddUnknown: Story = {
  play: async ({ canvas, userEvent }) => {
    await addAdmin(canvas, userEvent, 'nobody@example.com');
    await expect(await canvas.findByText(SERVER_MSG.userNotFound)).toBeVisible();
  },
};

/** Nothing typed: said under the field, nothing sent. */
export const AddInvalid: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add admin' }));
    await expect(await canvas.findByText('Enter the e-mail of the account.')).toBeVisible();
  },
};

/** Change role: chosen in the confirmation; the list shows the new role. */
export const ChangeRole: Story = {
  play: async ({ canvas, userEvent }) => {
    const finance = await row(canvas, FRIEND_CUSTOMER.email);
    await userEvent.click(within(finance).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Change Tunde Bakare's role/ });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'New role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pricing' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await expect(await canvas.findByText(ROLE_MSG.roleChanged)).toBeVisible();
    await expect(user(FRIEND_CUSTOMER.id).admin_role).toBe('pricing');
    await waitFor(async () =>
      expect(await row(canvas, FRIEND_CUSTOMER.email)).toHaveTextContent('Pricing'),
    );
  },
};

/** Remove: asked first; the admin leaves the list. */
export const Remove: Story = {
  play: async ({ canvas, userEvent }) => {
    const support = await row(canvas, NO_PIN_CUSTOMER.email);
    await userEvent.click(within(support).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Remove Emeka Nwosu/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await expect(await canvas.findByText(ROLE_MSG.adminRemoved)).toBeVisible();
    await expect(user(NO_PIN_CUSTOMER.id).isAdmin).toBe(false);
    await waitFor(async () =>
      expect(within(await table(canvas)).queryByText(NO_PIN_CUSTOMER.email)).toBeNull(),
    );
  },
};

/** A lost phone: asked first; two-factor shows Off. */
export const ResetTwoFactor: Story = {
  play: async ({ canvas, userEvent }) => {
    const finance = await row(canvas, FRIEND_CUSTOMER.email);
    await userEvent.click(within(finance).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('alertdialog', { name: /two-factor sign-in\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    await expect(await canvas.findByText(ROLE_MSG.twoFactorReset)).toBeVisible();
    await expect(user(FRIEND_CUSTOMER.id).two_factor).toBeUndefined();
    await waitFor(async () =>
      expect(await row(canvas, FRIEND_CUSTOMER.email)).toHaveTextContent('Off'),
    );
  },
};

/** A refused change: the server's message stays in the dialog; nothing changes. */
export const ActionError: Story = {
  parameters: { msw: { handlers: [variants.setAdminRole.error] } },
  play: async ({ canvas, userEvent }) => {
    const support = await row(canvas, NO_PIN_CUSTOMER.email);
    await userEvent.click(within(support).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(user(NO_PIN_CUSTOMER.id).isAdmin).toBe(true);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.admins.slow] } },
  play: async ({ canvas }) => {
    await expect(await table(canvas)).toHaveAttribute('aria-busy', 'true');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.admins.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/**
 * An owner lets a support admin reveal codes, tokens and pins (ADR 0071): asked first, the
 * row then says so, and the audit log records it; only support rows offer it.
 */
export const AllowReveals: Story = {
  play: async ({ canvas, userEvent }) => {
    const support = await row(canvas, NO_PIN_CUSTOMER.email);
    await expect(within(support).queryByText('Reveals codes')).toBeNull();
    // Finance cannot be given it: no such button there.
    const finance = await row(canvas, FRIEND_CUSTOMER.email);
    await expect(within(finance).queryByRole('button', { name: 'Allow reveals' })).toBeNull();
    await userEvent.click(within(support).getByRole('button', { name: 'Allow reveals' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: /reveal codes, tokens and pins\?/,
    });
    await expect(within(dialog).getByText(/each reveal is in the audit log/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allow reveals' }));
    await expect(await canvas.findByText(REVEAL_MSG.granted)).toBeVisible();
    await waitFor(async () =>
      expect(await row(canvas, NO_PIN_CUSTOMER.email)).toHaveTextContent('Reveals codes'),
    );
    await expect(user(NO_PIN_CUSTOMER.id).admin_grants).toEqual(['secrets.reveal']);
    await expect(db.audit[0]).toMatchObject({
      action: 'admin.grant',
      target_label: NO_PIN_CUSTOMER.email,
      after: { 'secrets.reveal': true },
    });
  },
};

/** …and takes it back: the support admin sees codes masked again. */
export const StopReveals: Story = {
  beforeEach: () => {
    user(NO_PIN_CUSTOMER.id).admin_grants = ['secrets.reveal'];
  },
  play: async ({ canvas, userEvent }) => {
    const support = await row(canvas, NO_PIN_CUSTOMER.email);
    await expect(support).toHaveTextContent('Reveals codes');
    await userEvent.click(within(support).getByRole('button', { name: 'Stop reveals' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Stop .* revealing/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop reveals' }));
    await expect(await canvas.findByText(REVEAL_MSG.revoked)).toBeVisible();
    await waitFor(async () =>
      expect(await row(canvas, NO_PIN_CUSTOMER.email)).not.toHaveTextContent('Reveals codes'),
    );
  },
};
