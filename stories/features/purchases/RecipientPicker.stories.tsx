import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { api, LIMITS, SERVER_MSG } from '@contract';
import { errorHandler, variants } from '@mocks/index';
import { RecipientPicker } from '@/features/purchases/components/recipient-picker';
import { signedIn } from './helpers';

const NAMES: Record<string, string> = { mtn: 'MTN', glo: 'GLO', airtel: 'AIRTEL' };

const meta = {
  title: 'Features/Purchases/RecipientPicker',
  component: RecipientPicker,
  beforeEach: signedIn,
  args: {
    product: 'Airtime',
    providerName: (r) => NAMES[r.service_id],
    onChoose: fn(),
    draft: null,
    initial: null,
  },
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RecipientPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo customer's saved "Mum's MTN" first, then recent numbers; a tap fills the form. */
export const SavedAndRecent: Story = {
  play: async ({ canvas, args }) => {
    const mum = await canvas.findByRole('button', { name: /^Mum's MTN/ });
    await expect(mum).toHaveAccessibleName(/08031234567 · MTN/);
    await userEvent.click(mum);
    await expect(args.onChoose).toHaveBeenCalledWith(
      expect.objectContaining({ destination: '08031234567', service_id: 'mtn' }),
    );
  },
};

/** A page opened from the overview's "Buy again" link starts with that recipient. */
export const OpenedWithRecipient: Story = {
  args: { initial: 'rcp_mum_mtn' },
  play: async ({ args }) => {
    await waitFor(() =>
      expect(args.onChoose).toHaveBeenCalledWith(expect.objectContaining({ name: "Mum's MTN" })),
    );
    await expect(args.onChoose).toHaveBeenCalledTimes(1);
  },
};

/** The chosen recipient reads as pressed. */
export const Chosen: Story = {
  args: { draft: { destination: '08031234567', service_id: 'mtn' } },
  play: async ({ canvas }) => {
    const mum = await canvas.findByRole('button', { name: /^Mum's MTN/ });
    await expect(mum).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText("Saved as Mum's MTN.")).toBeVisible();
  },
};

/** A new customer with nothing saved or bought: only the number typed can be saved. */
export const Empty: Story = {
  args: { draft: { destination: '08129876543', service_id: 'airtel' } },
  parameters: { msw: { handlers: [variants.recipients.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Save this recipient' })).toBeVisible();
    await expect(canvas.queryByRole('listitem')).not.toBeInTheDocument();
  },
};

/** A number typed that is not saved: save it with a name; the name is required. */
export const SaveWithName: Story = {
  args: { draft: { destination: '08129876543', service_id: 'airtel' } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save this recipient' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText(SERVER_MSG.recipientNameRequired)).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Name/), 'Bola');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('button', { name: /^Bola/ })).toBeVisible();
    await expect(canvas.getByText('Saved as Bola.')).toBeVisible();
  },
};

/** A name over the limit is refused with the contract's message. */
export const NameTooLong: Story = {
  args: { draft: { destination: '08129876543', service_id: 'airtel' } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save this recipient' }));
    await userEvent.type(
      await canvas.findByLabelText(/Name/),
      'x'.repeat(LIMITS.recipientName + 1),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText(SERVER_MSG.recipientNameTooLong)).toBeVisible();
  },
};

/** The server refuses (the list is full): its message shows. */
export const SaveRefused: Story = {
  args: { draft: { destination: '08129876543', service_id: 'airtel' } },
  parameters: {
    msw: {
      handlers: [
        errorHandler(
          api.saveRecipient,
          409,
          'conflict',
          SERVER_MSG.recipientsFull(LIMITS.savedRecipients),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save this recipient' }));
    await userEvent.type(await canvas.findByLabelText(/Name/), 'Bola');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      SERVER_MSG.recipientsFull(LIMITS.savedRecipients),
    );
  },
};

/** A saved recipient can be deleted. */
export const Delete: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: "Delete Mum's MTN" }));
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: /^Mum's MTN/ })).not.toBeInTheDocument(),
    );
  },
};
