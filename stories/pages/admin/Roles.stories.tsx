import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { api, ROLE_MSG, SERVER_MSG, TWO_FACTOR_MSG, type AdminRole } from '@contract';
import { db, MOCK_TOTP_CODE, variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsAdmin, signedInAsRole } from '../../features/admin/session';
import { AdminRoutes, at } from './admin-routes';

/**
 * What each admin role sees (ADR 0051): the menu holds only the pages its role
 * may use, a page opened by its URL without the permission says so, buttons the role may not
 * press are not there, and in live mode an admin without two-factor can only set it up.
 */
const meta = {
  title: 'Pages/Admin/Roles',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.overview) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The labels of the admin menu's links, once the menu is drawn. */
async function menu(canvas: Canvas): Promise<string[]> {
  await canvas.findByRole('heading', { level: 1 });
  const nav = canvas.getAllByRole('navigation', { name: 'Admin dashboard' })[0]!;
  return [...nav.querySelectorAll('a')].map((a) => a.textContent?.trim() ?? '');
}

const EVERY_PAGE = [
  'Overview',
  'Users',
  'Transactions',
  'Payments',
  'Data plan prices',
  'Cable TV plan prices',
  'Unmatched transfers',
  'Withdrawals',
  'Audit log',
  'Price tiers',
  'Pending purchases',
  'Adjustments',
  'Admins',
  'Two-factor sign-in',
  'User dashboard',
];

async function expectMenu(canvas: Canvas, shown: string[], hidden: string[]) {
  const links = await menu(canvas);
  for (const name of shown) await expect(links).toContain(name);
  for (const name of hidden) await expect(links).not.toContain(name);
}

const roleStory = (role: AdminRole, shown: string[], hidden: string[]): Story => ({
  beforeEach: signedInAsRole(role),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expectMenu(canvas, shown, hidden);
  },
});

/** The owner: every page, Admins included. */
export const OwnerMenu: Story = {
  beforeEach: signedInAsAdmin,
  play: async ({ canvas }) => {
    await expectMenu(canvas, EVERY_PAGE, []);
  },
};

export const FinanceMenu = roleStory(
  'finance',
  [
    'Overview',
    'Users',
    'Transactions',
    'Payments',
    'Unmatched transfers',
    'Withdrawals',
    'Pending purchases',
    'Adjustments',
    'Two-factor sign-in',
  ],
  ['Data plan prices', 'Cable TV plan prices', 'Price tiers', 'Audit log', 'Admins'],
);

export const SupportMenu = roleStory(
  'support',
  ['Overview', 'Users', 'Transactions', 'Two-factor sign-in', 'User dashboard'],
  [
    'Payments',
    'Adjustments',
    'Unmatched transfers',
    'Withdrawals',
    'Pending purchases',
    'Price tiers',
    'Data plan prices',
    'Audit log',
    'Admins',
  ],
);

export const PricingMenu = roleStory(
  'pricing',
  [
    'Overview',
    'Users',
    'Data plan prices',
    'Cable TV plan prices',
    'Price tiers',
    'Two-factor sign-in',
  ],
  [
    'Transactions',
    'Payments',
    'Adjustments',
    'Unmatched transfers',
    'Withdrawals',
    'Audit log',
    'Admins',
  ],
);

/** Support opens Payments by its URL: a plain refusal, and no payments call is made. */
export const SupportOpensPayments: Story = {
  beforeEach: signedInAsRole('support'),
  parameters: at(paths.admin.payments),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(ROLE_MSG.pageRefused('support'))).toBeVisible();
    await expect(ROLE_MSG.pageRefused('support')).toBe(
      'Your role (Support) cannot open this page.',
    );
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Payments' })).toBeNull();
    const calls = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes(api.payments.path));
    await expect(calls).toEqual([]);
  },
};

/** Support opens a failed transaction: the details, but no Reverse. */
export const SupportHasNoReverse: Story = {
  beforeEach: signedInAsRole('support'),
  parameters: at(paths.admin.transactions),
  play: async ({ canvas, userEvent }) => {
    const failed = db.transactions.find((t) => t.status === 'failed' && !t.hidden)!;
    await canvas.findByRole('heading', { level: 1, name: 'Transactions' });
    await userEvent.type(canvas.getByLabelText('Transaction ID'), failed.transaction_id);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: `Open transaction ${failed.transaction_id}` }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText(failed.transaction_id)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Reverse' })).toBeNull();
  },
};

/** Pricing opens a customer: their tier can be set, but there is no Block. */
export const PricingHasNoBlock: Story = {
  beforeEach: signedInAsRole('pricing'),
  parameters: at(paths.admin.users),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Users' });
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: 'Open user chiamaka@example.com' }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(await within(dialog).findByRole('button', { name: 'Save tier' })).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Block' })).toBeNull();
  },
};

/**
 * Support opens an admin: no Block, since only an owner blocks or unblocks an admin (ADR 0072);
 * a customer opened next has it.
 */
export const SupportHasNoBlockForAdmins: Story = {
  beforeEach: () => {
    const other = db.users.find((u) => u.email === 'chiamaka@example.com')!;
    other.isAdmin = true;
    other.admin_role = 'owner';
    return signedInAsRole('support')();
  },
  parameters: at(paths.admin.users),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Users' });
    const open = async (email: string) => {
      await userEvent.clear(canvas.getByLabelText('E-mail, name or phone'));
      await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), email);
      await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
      await userEvent.click(await canvas.findByRole('row', { name: `Open user ${email}` }));
      return screen.findByRole('dialog');
    };
    const admin = await open('chiamaka@example.com');
    await expect(within(admin).getByText('admin')).toBeVisible();
    await expect(within(admin).queryByRole('button', { name: 'Block' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const customer = await open('ngozi@example.com');
    await expect(await within(customer).findByRole('button', { name: 'Block' })).toBeVisible();
  },
};

/**
 * Live mode, two-factor not set up: any admin page sends the admin to the set-up, the only
 * entry of the menu; once a code turns it on, the menu comes back.
 */
export const LiveModeMustEnrol: Story = {
  beforeEach: () => {
    db.settings.twoFactorRequired = true;
    return signedInAsAdmin();
  },
  parameters: at(paths.admin.users),
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Two-factor sign-in' }),
    ).toBeVisible();
    await expect(await canvas.findByText(TWO_FACTOR_MSG.enrolFirst)).toBeVisible();
    await expect(await menu(canvas)).toEqual(['Two-factor sign-in']);
    await userEvent.click(canvas.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.click(await canvas.findByLabelText(/Code from the app/));
    await userEvent.paste(MOCK_TOTP_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await expect(await canvas.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await waitFor(async () => expect(await menu(canvas)).toContain('Users'));
  },
};

/** The role could not be read: the server's message, no page. */
export const SelfError: Story = {
  beforeEach: signedInAsAdmin,
  parameters: { msw: { handlers: [variants.adminSelf.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Overview' })).toBeNull();
  },
};
