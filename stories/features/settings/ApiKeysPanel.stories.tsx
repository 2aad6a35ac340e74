import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { api, FALLBACK, RESELLER_MSG, SERVER_MSG } from '@contract';
import {
  db,
  DEMO_CUSTOMER,
  demoSession,
  errorHandler,
  refuse,
  SEED_NOW,
  variants,
} from '@mocks/index';
import { ApiKeysPanel } from '@/features/settings/components/api-keys-panel';
import { clearSession, saveTokens } from '@/lib/session';

/** Settings → API keys (reseller API): create (shown once), list, revoke. */
const meta = {
  title: 'Features/Settings/ApiKeysPanel',
  component: ApiKeysPanel,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof ApiKeysPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo reseller: one key in use, one revoked (no Revoke button on it). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'API keys' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(within(items[0]!).getByText('pbk_Xq81cZ0m…')).toBeVisible();
    await expect(within(items[0]!).getByRole('button', { name: 'Revoke Shop till' })).toBeVisible();
    await expect(within(items[1]!).getByText('(revoked)')).toBeVisible();
    await expect(within(items[1]!).queryByRole('button')).toBeNull();
  },
};

/**
 * A key we let send withdrawals (ADR 0091) says so, and since when: the customer knows which
 * key can move money out of the wallet, and revokes it if that is not theirs.
 */
export const WithdrawalsOn: Story = {
  beforeEach: () => {
    const key = db.reseller.keys[DEMO_CUSTOMER.id]!.find((k) => k.id === 'key_shop')!;
    key.withdrawals_on_at = SEED_NOW - 86_400_000;
  },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'API keys' });
    const [shop, old] = within(list).getAllByRole('listitem');
    await expect(
      within(shop!).getByText(/Can send withdrawals to bank accounts \(turned on by us/),
    ).toBeVisible();
    await expect(within(old!).queryByText(/Can send withdrawals/)).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.apiKeys.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No API keys yet')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.apiKeys.slow] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.apiKeys.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** The key and its webhook secret are shown once, then hidden for good. */
export const CreateShowsKeyOnce: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'API keys' });
    await userEvent.type(canvas.getByLabelText(/^Key name/), 'Kiosk 2');
    await userEvent.click(canvas.getByRole('button', { name: 'Create key' }));
    await expect(await canvas.findByText(RESELLER_MSG.keyCreated)).toBeVisible();
    const key = canvas.getByText(/^pbk_[A-Za-z0-9]{43}$/);
    await expect(canvas.getByText(/^whsec_/)).toBeVisible();
    const shown = key.textContent ?? '';
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: 'API keys' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'I have copied them' }));
    await expect(canvas.queryByText(shown)).toBeNull();
    await expect(canvas.getByText(`${shown.slice(0, 12)}…`)).toBeVisible();
  },
};

/** Form rules: a name is required; the rate limit is 1–600 a minute. */
export const ValidationFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'API keys' });
    const rate = canvas.getByLabelText(/^Requests per minute/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '900');
    await userEvent.click(canvas.getByRole('button', { name: 'Create key' }));
    await expect(await canvas.findByText(RESELLER_MSG.keyName)).toBeVisible();
    await expect(canvas.getByText(RESELLER_MSG.keyRate)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Key name/)).toHaveFocus());
  },
};

export const TooManyKeys: Story = {
  parameters: {
    msw: { handlers: [refuse(api.createApiKey, 'conflict', RESELLER_MSG.tooManyKeys)] },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Key name/), 'One more');
    await userEvent.click(canvas.getByRole('button', { name: 'Create key' }));
    await expect(await canvas.findByText(RESELLER_MSG.tooManyKeys)).toBeVisible();
  },
};

export const CreateFails: Story = {
  parameters: { msw: { handlers: [errorHandler(api.createApiKey, 400, 'bad_request', '')] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Key name/), 'Kiosk');
    await userEvent.click(canvas.getByRole('button', { name: 'Create key' }));
    await expect(await canvas.findByText(FALLBACK.generic)).toBeVisible();
  },
};

/** Revoking asks first (ADR 0046): the key's name and prefix, then it is revoked. */
export const Revoke: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Revoke Shop till' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke Shop till?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke key' }));
    // The page behind a dialog is hidden from roles: wait for it to close first.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Revoke Shop till' })).toBeNull(),
    );
    await expect(canvas.getAllByText('(revoked)')).toHaveLength(2);
  },
};

/** Cancel in the confirmation: the key stays in use. */
export const RevokeCancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Revoke Shop till' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke Shop till?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Revoke Shop till' })).toBeVisible();
    await expect(canvas.getAllByText('(revoked)')).toHaveLength(1);
  },
};

/** The server refuses: its message shows in the confirmation, which stays open. */
export const RevokeFails: Story = {
  parameters: { msw: { handlers: [variants.revokeApiKey.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Revoke Shop till' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke Shop till?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke key' }));
    await expect(await within(ask).findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
