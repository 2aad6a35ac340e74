import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

const meta = {
  title: 'UI/Field',
  component: Field,
  args: {
    label: 'Phone number',
    children: <Input inputMode="numeric" placeholder="08031234567" />,
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Phone number')).toBeInTheDocument();
  },
};

export const WithHint: Story = {
  args: { hint: '11 digits, starting 070, 080, 081, 090 or 091.' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Phone number');
    await expect(input).toHaveAccessibleDescription(
      '11 digits, starting 070, 080, 081, 090 or 091.',
    );
  },
};

export const WithError: Story = {
  args: {
    hint: '11 digits, starting 070, 080, 081, 090 or 091.',
    error: 'Invalid Phone number.',
    children: <Input inputMode="numeric" defaultValue="0803" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Phone number');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      '11 digits, starting 070, 080, 081, 090 or 091. Invalid Phone number.',
    );
  },
};

export const Required: Story = { args: { required: true, label: 'E-mail', children: <Input /> } };

export const Disabled: Story = {
  args: { hint: 'Set by your account.', children: <Input disabled defaultValue="08031234567" /> },
};

export const LongText: Story = {
  args: {
    label: 'Smart card number (printed under the barcode on your decoder, or shown on screen)',
    hint: 'Find it on the sticker under your decoder, or press Info on your remote control and read the number from the screen.',
    error: 'Invalid Decoder Number',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { hint: 'We text your receipt here.', error: 'Invalid Phone number.' },
};
