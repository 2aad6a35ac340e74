import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { api, SERVER_MSG, TRUST_MSG } from '@contract';
import {
  adminSession,
  db,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  demoSession,
  errorHandler,
  issueSession,
  noPinSession,
  now,
  SEED_PIN,
  UNVERIFIED_CUSTOMER,
  variants,
} from '@mocks/index';
import { paths } from '@/config/routes';
import { OverviewScreen } from '@/features/overview/components/overview-screen';
import { clearSession, saveTokens } from '@/lib/session';

/** Shows the current query string, so a story can check the payment parameters are gone. */
function LocationProbe() {
  const { search } = useLocation();
  return (
    <p className="sr-only" data-testid="location-search">
      {search}
    </p>
  );
}

const meta = {
  title: 'Features/Overview/OverviewScreen',
  component: OverviewScreen,
  parameters: { router: { initialEntries: [paths.user.overview] } },
  render: () => (
    <Routes>
      <Route
        path={paths.user.overview}
        element={
          <>
            <OverviewScreen />
            <LocationProbe />
          </>
        }
      />
      <Route path={paths.createPin} element={<h1>Create pin page</h1>} />
      <Route
        path={paths.user.airtime}
        element={
          <>
            <h1>Airtime page</h1>
            <LocationProbe />
          </>
        }
      />
    </Routes>
  ),
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof OverviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo customer: count, successful total, balance, and the 5 latest transactions. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const summary = await canvas.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByText('₦25,000.00')).toBeVisible());
    const table = canvas.getByRole('table', { name: 'Recent transactions' });
    // Header row + 5 rows.
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
  },
};

/** A new account: zero figures and an empty list. */
export const Empty: Story = {
  parameters: { msw: { handlers: [variants.currentUser.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No transactions yet')).toBeVisible();
    const summary = canvas.getByRole('region', { name: 'Summary' });
    // Spent, received and the balance (ADR 0045).
    await expect(within(summary).getAllByText('₦0.00')).toHaveLength(3);
    await expect(within(summary).getByText('Spent')).toBeVisible();
    await expect(within(summary).getByText('Received')).toBeVisible();
    // The count says what it counts (ADR 0078): purchases and shares, not a funding.
    await expect(within(summary).getByText('Purchases and shares')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.currentUser.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Recent transactions' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The user could not be loaded: the server's message. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.currentUser.error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
};

/** No secret pin yet: straight to the create-pin page (spec §4). */
export const NoPinRedirect: Story = {
  beforeEach: () => {
    saveTokens(noPinSession());
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Create pin page' })).toBeVisible();
  },
};

/** An admin without a purchase pin stays on the overview: no pin to get in. */
export const AdminWithoutPin: Story = {
  beforeEach: () => {
    const admin = db.users.find((u) => u.id === DEMO_ADMIN.id)!;
    admin.pin = null;
    saveTokens(adminSession());
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Summary' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Recent transactions' });
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
    await expect(canvas.queryByRole('heading', { name: 'Create pin page' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  },
};

/** An unverified e-mail: a notice with a resend action. */
export const UnverifiedEmail: Story = {
  beforeEach: () => {
    // Signed in with a pin already made, e-mail still unverified.
    const user = db.users.find((u) => u.id === UNVERIFIED_CUSTOMER.id);
    if (user) user.pin = SEED_PIN;
    saveTokens(issueSession(UNVERIFIED_CUSTOMER.id));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Please verify your e-mail address')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Resend verification link' }));
    await expect(await canvas.findByText(SERVER_MSG.verificationSent)).toBeVisible();
  },
};

let verifyCalls = 0;
const countingVerify = http.post('*/api/payment/verify', () => {
  verifyCalls += 1;
  return HttpResponse.json({ type: 'not_found', msg: SERVER_MSG.paymentNotFound }, { status: 404 });
});

/**
 * Back from the checkout: verification is called once; its failure is silently treated as
 * done (spec §4), and the parameters leave the URL.
 */
export const PaymentReturn: Story = {
  parameters: {
    router: {
      initialEntries: [`${paths.user.overview}?status=successful&tx_ref=TX-1&transaction_id=99`],
    },
    msw: { handlers: [countingVerify] },
  },
  beforeEach: () => {
    verifyCalls = 0;
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByTestId('location-search')).toHaveTextContent(/^$/));
    await expect(verifyCalls).toBe(1);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByText(SERVER_MSG.paymentNotFound)).toBeNull();
  },
};

/** A cancelled checkout: a neutral note, no error. */
export const PaymentCancelled: Story = {
  parameters: {
    router: { initialEntries: [`${paths.user.overview}?status=cancelled&tx_ref=TX-2`] },
    msw: {
      handlers: [errorHandler(api.verifyPayment, 404, 'not_found', SERVER_MSG.paymentNotFound)],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment not completed')).toBeVisible();
    await expect(await canvas.findByText(TRUST_MSG.paymentNotCompleted('cancelled'))).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('location-search')).toHaveTextContent(/^$/));
  },
};

/** A declined card: the note says so in plain grammar ("Your card payment failed."). */
export const PaymentFailed: Story = {
  parameters: {
    router: { initialEntries: [`${paths.user.overview}?status=failed&tx_ref=TX-3`] },
    msw: {
      handlers: [errorHandler(api.verifyPayment, 404, 'not_found', SERVER_MSG.paymentNotFound)],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Payment not completed')).toBeVisible();
    await expect(
      await canvas.findByText('Your card payment failed. No money was added to your wallet.'),
    ).toBeVisible();
    await expect(canvas.queryByText(/was failed/)).toBeNull();
  },
};

/**
 * A successful checkout: verified once, the wallet credited, the new balance shown, and a word
 * that says what was added.
 */
export const PaymentReturnCredited: Story = {
  parameters: {
    router: {
      initialEntries: [
        `${paths.user.overview}?status=successful&tx_ref=PB-STORY-1&transaction_id=555`,
      ],
    },
  },
  beforeEach: () => {
    db.payments.unshift({
      id: 'pay_story',
      t_id: 'PB-STORY-1',
      user: DEMO_CUSTOMER.email,
      user_id: DEMO_CUSTOMER.id,
      amount: 5_000_00,
      credited: 0,
      status: 'pending',
      payment_reference: null,
      // The mock world's today (the seed's 1 Nov 2026), not the machine's: the line reads the
      // same whatever the calendar says (its visual baseline freezes the mock clock).
      date_of_payment: now(),
      channel: 'card',
      provider_id: '555',
    });
  },
  play: async ({ canvas }) => {
    const summary = await canvas.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByText('₦30,000.00')).toBeVisible(), {
      timeout: 5000,
    });
    await expect(await canvas.findByTestId('funds-added')).toHaveTextContent(
      TRUST_MSG.fundsAdded('₦5,000.00'),
    );
    await waitFor(() => expect(canvas.getByTestId('location-search')).toHaveTextContent(/^$/));
  },
};

/** a tile per service, Fund wallet and Withdraw (ADR 0084), above the figures. */
export const Shortcuts: Story = {
  play: async ({ canvas }) => {
    const buy = await canvas.findByRole('navigation', { name: 'Buy' });
    const links = within(buy).getAllByRole('link');
    await expect(links.map((a) => a.textContent)).toEqual([
      'Airtime',
      'Data',
      'TV',
      'Electricity',
      'Fund wallet',
      'Withdraw',
    ]);
    await expect(within(buy).getByRole('link', { name: 'Fund wallet' })).toHaveAttribute(
      'href',
      paths.user.wallet,
    );
    await expect(within(buy).getByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      paths.user.withdraw,
    );
  },
};

/** "Buy again" opens the purchase page with the saved recipient chosen. */
export const BuyAgain: Story = {
  play: async ({ canvas }) => {
    const again = await canvas.findByRole('region', { name: 'Buy again' }, { timeout: 5000 });
    await userEvent.click(within(again).getByRole('link', { name: /^Mum's MTN/ }));
    await expect(await canvas.findByRole('heading', { name: 'Airtime page' })).toBeVisible();
    await expect(canvas.getByTestId('location-search')).toHaveTextContent('?recipient=rcp_mum_mtn');
  },
};

/** A new customer has nothing to buy again: only the service tiles. */
export const NothingToBuyAgain: Story = {
  parameters: { msw: { handlers: [variants.recipients.empty] } },
  play: async ({ canvas }) => {
    await canvas.findByRole('navigation', { name: 'Buy' });
    await canvas.findByRole('region', { name: 'Summary' });
    await expect(canvas.queryByRole('region', { name: 'Buy again' })).not.toBeInTheDocument();
  },
};
