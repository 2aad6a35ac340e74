import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Input } from '@/components/ui/input';

const meta = {
  title: 'UI/Input',
  component: Input,
  args: { 'aria-label': 'E-mail', placeholder: 'you@example.com' },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(input, 'ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
  },
};

export const Filled: Story = { args: { defaultValue: 'ada@example.com' } };

export const Small: Story = { args: { size: 'sm', defaultValue: 'Small input' } };

export const Invalid: Story = { args: { defaultValue: 'ada@', 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Not editable' } };

export const ReadOnly: Story = {
  args: { readOnly: true, defaultValue: 'https://paybills.ng/auth/signup?referral_code=ADA123' },
};

export const Numeric: Story = {
  args: { 'aria-label': 'Amount', inputMode: 'decimal', placeholder: '₦0.00' },
};

export const LongText: Story = {
  args: {
    defaultValue:
      'A very long value that is wider than the field on a 360 px phone and must scroll inside it',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { defaultValue: 'ada@example.com' },
};
