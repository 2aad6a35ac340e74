import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RESELLER_MSG } from '@contract';
import { demoSession, variants } from '@mocks/index';
import { WebhookPanel } from '@/features/settings/components/webhook-panel';
import { clearSession, saveTokens } from '@/lib/session';

/** Settings → Webhooks (reseller API): the address and the delivery log. */
const meta = {
  title: 'Features/Settings/WebhookPanel',
  component: WebhookPanel,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof WebhookPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The saved address and a log with a retrying, a given-up and a delivered webhook. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByDisplayValue('https://shop.example.com/paybills/webhook'),
    ).toBeVisible();
    const log = await canvas.findByRole('table', { name: 'Webhook deliveries' });
    await expect(await within(log).findByText('… Retrying')).toBeVisible();
    await expect(within(log).getByText('✕ Gave up')).toBeVisible();
    await expect(within(log).getByText('✓ Delivered')).toBeVisible();
  },
};

/**
 * At 360 px each delivery is a card: the status and the replay button stay on
 * screen instead of past the right edge of a scrolled table.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('table', { name: 'Webhook deliveries' });
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.left >= 0 && box.right <= document.documentElement.clientWidth;
    };
    await expect(inView(await within(log).findByText('… Retrying'))).toBe(true);
    const replays = within(log).getAllByRole('button', { name: /^Send again/ });
    await expect(replays).toHaveLength(3);
    for (const replay of replays) await expect(inView(replay)).toBe(true);
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: [variants.webhook.empty, variants.webhookDeliveries.empty] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No webhooks sent yet.')).toBeVisible();
    // The address and the log are two requests: either may answer first.
    await expect(await canvas.findByLabelText(/^Webhook URL/)).toHaveValue('');
    await expect(canvas.queryByRole('button', { name: 'Remove' })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [variants.webhook.slow, variants.webhookDeliveries.slow] },
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [variants.webhook.error, variants.webhookDeliveries.error] },
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(2));
  },
};

export const Save: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText(/^Webhook URL/);
    await waitFor(() => expect(input).not.toHaveValue(''));
    await userEvent.clear(input);
    await userEvent.type(input, 'https://kiosk.example.ng/hooks/paybills');
    await userEvent.click(canvas.getByRole('button', { name: 'Save address' }));
    await expect(await canvas.findByText(RESELLER_MSG.webhookSaved)).toBeVisible();
    await expect(input).toHaveValue('https://kiosk.example.ng/hooks/paybills');
  },
};

/** A private or loopback address is refused with the server's reason (SSRF guard). */
export const PrivateAddressRefused: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText(/^Webhook URL/);
    await waitFor(() => expect(input).not.toHaveValue(''));
    await userEvent.clear(input);
    await userEvent.type(input, 'https://169.254.169.254/latest/meta-data');
    await userEvent.click(canvas.getByRole('button', { name: 'Save address' }));
    await expect(await canvas.findByText(RESELLER_MSG.webhookRefused)).toBeVisible();
  },
};

export const InvalidAddress: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = await canvas.findByLabelText(/^Webhook URL/);
    await waitFor(() => expect(input).not.toHaveValue(''));
    await userEvent.clear(input);
    await userEvent.type(input, 'shop dot com');
    await userEvent.click(canvas.getByRole('button', { name: 'Save address' }));
    await expect(await canvas.findByText(RESELLER_MSG.webhookUrl)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Remove: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove' }));
    await expect(await canvas.findByText(RESELLER_MSG.webhookRemoved)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Webhook URL/)).toHaveValue(''));
  },
};

export const Replay: Story = {
  play: async ({ canvas, userEvent }) => {
    const log = await canvas.findByRole('table', { name: 'Webhook deliveries' });
    const button = await within(log).findByRole('button', {
      name: 'Send again: transaction.successful of tx_api_2',
    });
    await userEvent.click(button);
    await waitFor(() => expect(within(log).queryByText('✕ Gave up')).toBeNull());
  },
};
