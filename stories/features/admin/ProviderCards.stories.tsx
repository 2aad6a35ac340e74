import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { ProviderCards } from '@/features/admin/components/provider-cards';
import { formatNaira } from '@/lib/money';
import {
  BELOW_THRESHOLD,
  NOT_POLLED,
  ONE_PAUSED,
  POLL_ERROR,
  providersAnswer,
  TRYING_AGAIN,
} from './providers-fixtures';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/ProviderCards',
  component: ProviderCards,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof ProviderCards>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const card = async (canvas: Canvas, name: RegExp) =>
  within(await canvas.findByRole('article', { name }));

/** Both in use: each float with when it was polled, and the last hour of calls. */
export const Healthy: Story = {
  parameters: { msw: { handlers: [providersAnswer()] } },
  play: async ({ canvas }) => {
    const vtpass = await card(canvas, /^VTpass/);
    await expect(vtpass.getByText('In use')).toBeVisible();
    await expect(vtpass.getByText('VT wallet balance')).toBeVisible();
    await expect(vtpass.getByText('₦2,412,350.00')).toBeVisible();
    await expect(vtpass.getByText(/Polled/)).toHaveTextContent('Polled 01 - 11 - 2026 08:58');
    await expect(vtpass.getByText(/of 148 calls/)).toHaveTextContent(
      '98 % of 148 calls succeeded, median 850 ms',
    );
    const flutterwave = await card(canvas, /^Flutterwave/);
    await expect(flutterwave.getByText('Flutterwave wallet balance')).toBeVisible();
    await expect(flutterwave.getByText('No calls in the last hour')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The breaker paused Flutterwave: until when, and its poor last hour. */
export const OnePaused: Story = {
  parameters: { msw: { handlers: [ONE_PAUSED] } },
  play: async ({ canvas }) => {
    const flutterwave = await card(canvas, /^Flutterwave/);
    await expect(flutterwave.getByText('Paused until 09:05')).toBeVisible();
    await expect(flutterwave.getByText(/of 12 calls/)).toHaveTextContent(
      '50 % of 12 calls succeeded, median 4.2 s',
    );
    await expect((await card(canvas, /^VTpass/)).getByText('In use')).toBeVisible();
  },
};

/** The pause is over: the next purchase tries it. */
export const TryingAgain: Story = {
  parameters: { msw: { handlers: [TRYING_AGAIN] } },
  play: async ({ canvas }) => {
    await expect((await card(canvas, /^Flutterwave/)).getByText('Trying again')).toBeVisible();
  },
};

/** Below the admin's threshold: a warning on that card only. */
export const FloatBelowThreshold: Story = {
  parameters: { msw: { handlers: [BELOW_THRESHOLD] } },
  play: async ({ canvas }) => {
    const vtpass = await card(canvas, /^VTpass/);
    await expect(vtpass.getByRole('alert')).toHaveTextContent('Float below ₦500,000.00');
    await expect(vtpass.getByText('₦320,000.00')).toBeVisible();
    await expect((await card(canvas, /^Flutterwave/)).queryByRole('alert')).toBeNull();
  },
};

/** The last poll failed: why, and the float polled before it. */
export const FloatPollError: Story = {
  parameters: { msw: { handlers: [POLL_ERROR] } },
  play: async ({ canvas }) => {
    const flutterwave = await card(canvas, /^Flutterwave/);
    await expect(flutterwave.getByRole('alert')).toHaveTextContent(
      'The last float poll failed' +
        'Flutterwave did not answer the balance request (timed out after 15 s).',
    );
    await expect(flutterwave.getByText('₦1,800,000.00')).toBeVisible();
  },
};

/** No poll yet (polling off): each float is read from its provider instead, shown once. */
export const NotPolledYet: Story = {
  parameters: { msw: { handlers: [NOT_POLLED] } },
  play: async ({ canvas }) => {
    const vtpass = await card(canvas, /^VTpass/);
    await expect(await vtpass.findByText(formatNaira(db.providerBalances.vt))).toBeVisible();
    await expect(vtpass.getByText('Read just now (not polled yet)')).toBeVisible();
  },
};

/** A float that can be neither polled nor read now says so. */
export const NotPolledUnavailable: Story = {
  parameters: { msw: { handlers: [NOT_POLLED, variants.vtBalance.error] } },
  play: async ({ canvas }) => {
    await expect(await (await card(canvas, /^VTpass/)).findByText('Unavailable')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.adminProviders.slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Providers' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adminProviders.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
