import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type Args = {
  defaultOpen?: boolean;
  title: string;
  body: string;
  size?: 'sm' | 'md' | 'lg';
  onPay: () => void;
};

/** The Fund Wallet popup of spec §2, as an example of title, body, footer actions and Close. */
function FundWalletExample({ defaultOpen, title, body, size, onPay }: Args) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>
        <Button>Fund wallet</Button>
      </DialogTrigger>
      <DialogContent size={size}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{body}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <Field label="Amount" hint="In naira, digits only.">
            <Input inputMode="decimal" placeholder="₦0.00" />
          </Field>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button onClick={onPay}>PAY</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const meta = {
  title: 'UI/Dialog',
  component: FundWalletExample,
  args: {
    title: 'Fund wallet',
    body: 'Payments above ₦9,999 incur a ₦50 stamp duty charge, deducted from the amount.',
    onPay: fn(),
  },
  parameters: { visual: { fullPage: true } },
} satisfies Meta<typeof FundWalletExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens, keeps focus inside, closes on Escape and gives focus back to the trigger. */
export const FocusTrapped: Story = {
  parameters: { visual: { fullPage: false } },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Fund wallet' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Fund wallet' });
    await expect(dialog).toHaveAccessibleDescription(/stamp duty/);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // Tab through every control and past the last one: focus never leaves the dialog.
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** The footer's Close and the X button both close it. */
export const CloseActions: Story = {
  parameters: { visual: { fullPage: false } },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Fund wallet' });
    await userEvent.click(trigger);
    let dialog = await screen.findByRole('dialog');
    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    await expect(closeButtons).toHaveLength(2);
    await userEvent.click(closeButtons[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(trigger);
    dialog = await screen.findByRole('dialog');
    await expect(dialog).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ args, userEvent }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'PAY' }));
    await expect(args.onPay).toHaveBeenCalled();
  },
};

export const Small: Story = { args: { defaultOpen: true, size: 'sm' } };

export const LongText: Story = {
  args: {
    defaultOpen: true,
    title:
      'Fund your wallet by card payment with our payment provider (a 1.4 percent charge applies)',
    body: 'Payments above ₦9,999 incur a ₦50 stamp duty charge, deducted from the amount. You will be sent to the payment provider’s page to enter your card details, and brought back here when the payment is done. Do not close the window while the payment is being processed, or your wallet may be credited late.',
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultOpen: true } };
