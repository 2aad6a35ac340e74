import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { FormAlert } from '@/components/ui/form-alert';

const meta = {
  title: 'UI/FormAlert',
  component: FormAlert,
  args: { children: 'Insufficient funds.' },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof FormAlert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorAlert: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Insufficient funds.');
  },
};

export const SuccessAlert: Story = {
  args: { tone: 'success', children: 'Funds Sent Successfully.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Funds Sent Successfully.');
  },
};

export const InfoAlert: Story = {
  args: {
    tone: 'info',
    children: 'Payments above ₦9,999 incur a ₦50 stamp duty charge.',
  },
};

export const WithTitle: Story = {
  args: { title: 'Payment failed', children: 'Oops!! a problem occured while trying to connect.' },
};

export const LongText: Story = {
  args: {
    children:
      'Too many wrong pins. Purchases and transfers are locked for 15 more minutes. Contact support@paybills.ng if you did not try these pins yourself: https://paybills.ng/frequently-asked-questions#locked-pin',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div className="flex flex-col gap-3">
      <FormAlert>Insufficient funds.</FormAlert>
      <FormAlert tone="success">Funds Sent Successfully.</FormAlert>
      <FormAlert tone="info">Payments above ₦9,999 incur a ₦50 stamp duty charge.</FormAlert>
    </div>
  ),
};
