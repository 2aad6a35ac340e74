import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { CloseIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Pay now', onClick: fn() },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pay now' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Tab reaches the button and draws the design system's focus ring (solid, 2px, brand colour). */
export const KeyboardFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Pay now' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const ring = getComputedStyle(button);
    await expect(ring.outlineStyle).toBe('solid');
    await expect(ring.outlineWidth).toBe('2px');
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="outline">
        Outline
      </Button>
      <Button {...args} variant="ghost">
        Ghost
      </Button>
      <Button {...args} variant="destructive">
        Reverse transaction
      </Button>
      <Button {...args} variant="link">
        Link
      </Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
      <Button {...args} size="icon" aria-label="Close">
        <CloseIcon className="size-5" />
      </Button>
    </div>
  ),
};

export const Destructive: Story = { args: { variant: 'destructive', children: 'Block user' } };

export const Loading: Story = {
  args: { loading: true, children: 'Paying…' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Paying/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const Block: Story = { args: { block: true, children: 'Generate coupons' } };

export const LongText: Story = {
  args: {
    children: 'Buy MTN 10GB monthly data plan for 08031234567',
    className: 'max-w-full whitespace-normal text-center h-auto py-2',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: Variants.render,
};
