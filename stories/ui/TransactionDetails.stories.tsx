import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TransactionDetails } from '@/components/ui/transaction-details';

import { airtime, cable, data, education, electricity } from './fixtures';

const meta = {
  title: 'UI/TransactionDetails',
  component: TransactionDetails,
  args: { transaction: airtime },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof TransactionDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Airtime: the phone, no meter, smart card or token rows. */
export const Airtime: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Phone')).toBeVisible();
    await expect(canvas.getByText('08031234567')).toBeVisible();
    await expect(canvas.getByText('06 - 03 - 2024')).toBeVisible();
    await expect(canvas.getByText('14:05')).toBeVisible();
    await expect(canvas.getByText('₦9,510.00')).toBeVisible(); // balance after
    for (const absent of [
      'Meter number',
      'Smart card number',
      'Token',
      'Units',
      'Quantity',
      'Plan',
    ]) {
      await expect(canvas.queryByText(absent)).not.toBeInTheDocument();
    }
  },
};

/** Electricity: meter, customer, token, exchange reference and units. */
export const Electricity: Story = {
  args: { transaction: electricity },
  play: async ({ canvas }) => {
    for (const label of ['Meter number', 'Customer', 'Token', 'Exchange reference', 'Units']) {
      await expect(canvas.getByText(label)).toBeVisible();
    }
    await expect(canvas.queryByText('Phone')).not.toBeInTheDocument();
  },
};

export const CableTV: Story = { args: { transaction: cable } };

/** An admin's adjustment (ADR 0050): the reason the customer reads and the admin's reference. */
export const Adjustment: Story = {
  args: {
    transaction: {
      ...airtime,
      transaction_id: 'mov_5e1c',
      product: 'Adjustment',
      direction: 'credit',
      kind: 'adjustment',
      amount: 2_500_00,
      value: 2_500_00,
      amountCharged: 0,
      transaction_phone: undefined,
      reason: 'Cash paid at the Ikeja office',
      reference: 'RCPT-2026-0113',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Reason')).toBeVisible();
    await expect(canvas.getByText('Cash paid at the Ikeja office')).toBeVisible();
    await expect(canvas.getByText('RCPT-2026-0113')).toBeVisible();
    await expect(canvas.getByText('Credited')).toBeVisible();
  },
};

export const Education: Story = {
  args: { transaction: education },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Quantity')).toBeVisible();
    await expect(canvas.getByText('2')).toBeVisible();
  },
};

export const DataForAccount: Story = { args: { transaction: data } };

export const Stacked: Story = { args: { transaction: cable, layout: 'stacked' } };

/** In the details popup, with its Close action (spec §2). */
export const InDialog: Story = {
  parameters: { visual: { fullPage: true } },
  render: (args) => (
    <Dialog defaultOpen>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Transaction details</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <TransactionDetails {...args} />
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  args: { transaction: electricity },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    await expect(dialog).toHaveTextContent('EKEDC-9F3A2C7D1E');
  },
};

export const LongText: Story = { args: { transaction: electricity } };

export const Dark: Story = { globals: { theme: 'dark' }, args: { transaction: electricity } };
