import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';

import { Button } from '@/components/ui/button';
import { Toast, ToastViewport } from '@/components/ui/toast';

const meta = {
  title: 'UI/Toast',
  component: Toast,
  args: { title: 'Funds Sent Successfully.', tone: 'success' },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Funds Sent Successfully.');
  },
};

export const ErrorToast: Story = {
  args: {
    tone: 'error',
    title: 'Payment failed',
    description: 'Oops!! a problem occured while trying to connect.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Payment failed');
  },
};

export const Info: Story = {
  args: { tone: 'info', title: 'Session refreshed', description: 'You are still signed in.' },
};

export const Dismissible: Story = {
  args: { onDismiss: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};

/** Toasts stack in the viewport region; dismissing removes one. */
export const InViewport: Story = {
  decorators: [(Story) => <div className="min-h-72">{Story()}</div>],
  parameters: { visual: { fullPage: true } },
  render: () => {
    function Stack() {
      const [items, setItems] = useState([
        'Funds Sent Successfully.',
        'Secret pin Changed Successfully.',
      ]);
      return (
        <>
          <Button onClick={() => setItems((list) => [...list, 'Password Changed Successfully.'])}>
            Add toast
          </Button>
          <ToastViewport>
            {items.map((item) => (
              <Toast
                key={item}
                tone="success"
                title={item}
                onDismiss={() => setItems((list) => list.filter((other) => other !== item))}
              />
            ))}
          </ToastViewport>
        </>
      );
    }
    return <Stack />;
  },
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await expect(region.querySelectorAll('[role="status"]')).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await expect(region.querySelectorAll('[role="status"]')).toHaveLength(1);
  },
};

export const LongText: Story = {
  args: {
    tone: 'error',
    title: 'Too many wrong pins',
    description:
      'Purchases and transfers are locked for 15 more minutes. If you did not try these pins, write to support@paybills.ng straight away.',
    onDismiss: fn(),
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div className="flex flex-col gap-2">
      <Toast tone="success" title="Funds Sent Successfully." onDismiss={() => {}} />
      <Toast tone="error" title="Payment failed" description="Oops! there has been an error." />
      <Toast tone="info" title="Session refreshed" />
    </div>
  ),
};
