import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { demoSession, handlersFor, variants } from '@mocks/index';
import { brand } from '@/config/brand';
import { UserDashboardShell } from '@/features/overview/components/dashboard-shell';
import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';
import { paths } from '@/config/routes';
import { clearSession, saveTokens } from '@/lib/session';

/** The Transactions page at its own URL, inside the user dashboard layout. */
const meta = {
  title: 'Pages/User/Transactions',
  component: UserDashboardShell,
  args: { brand: brand.name },
  parameters: { layout: 'fullscreen', router: { initialEntries: [paths.user.transactions] } },
  render: (args) => (
    <Routes>
      <Route element={<UserDashboardShell {...args} />}>
        <Route path={paths.user.transactions} element={<TransactionsScreen />} />
      </Route>
    </Routes>
  ),
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof UserDashboardShell>;

export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<NonNullable<Story['play']>>[0];

/**
 * The dashboard navigation, whatever the viewport: on phones it is in the drawer behind
 * "Menu"; on wide screens it is the side column, with More opened.
 */
async function openNav({ canvas, userEvent }: Ctx) {
  const menu = canvas.queryByRole('button', { name: 'Menu' });
  if (menu) {
    await userEvent.click(menu);
    return within(document.body).findByRole('navigation', { name: 'User dashboard' });
  }
  const nav = canvas.getByRole('navigation', { name: 'User dashboard' });
  const more = within(nav).queryByRole('button', { name: /More/ });
  if (more?.getAttribute('aria-expanded') === 'false') await userEvent.click(more);
  return nav;
}

export const Default: Story = {
  play: async (ctx) => {
    const { canvas } = ctx;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Transactions' }),
    ).toBeVisible();
    await expect(await within(canvas.getByRole('banner')).findByText('₦25,000.00')).toBeVisible();
    const nav = await openNav(ctx);
    await expect(within(nav).getByRole('link', { name: /Transactions/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: handlersFor('slow') } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.myTransactions.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};
