import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, type within } from 'storybook/test';

import { Field } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { OptionSelect, type SelectOption } from '@/components/ui/option-select';

const PLANS: SelectOption[] = [
  { value: 'mtn-1gb', label: 'MTN 1GB - 30 days', price: <Money kobo={29_500} /> },
  { value: 'mtn-2gb', label: 'MTN 2GB - 30 days', price: <Money kobo={59_000} /> },
  { value: 'mtn-10gb', label: 'MTN 10GB - 30 days', price: <Money kobo={295_000} /> },
];

type Args = {
  label: string;
  defaultValue?: string;
  disabled?: boolean;
  error?: string;
  onValueChange: (value: string) => void;
};

function PlanOptionSelect({ label, defaultValue, disabled, error, onValueChange }: Args) {
  const [value, setValue] = useState(defaultValue ?? '');
  return (
    <div className="max-w-sm">
      <Field label={label} error={error} required>
        {(control) => (
          <OptionSelect
            {...control}
            value={value}
            disabled={disabled}
            placeholder="Choose a plan"
            options={PLANS}
            onValueChange={(next) => {
              setValue(next);
              onValueChange(next);
            }}
          />
        )}
      </Field>
    </div>
  );
}

/**
 * The select of the purchase forms: the same box and the same Radix listbox as
 * UI/Select, but until it is first opened it is a light trigger, so a page's first visit
 * carries no Radix Select or floating-ui. Opening it swaps in the Radix select, opened.
 */
const meta = {
  title: 'UI/OptionSelect',
  component: PlanOptionSelect,
  args: { label: 'Data plan', onValueChange: fn() },
} satisfies Meta<typeof PlanOptionSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('combobox', { name: /Data plan/ });

/** Closed: the placeholder, labelled and required, not yet the Radix select. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    const box = trigger(canvas);
    await expect(box).toHaveTextContent('Choose a plan');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveAttribute('aria-required', 'true');
    await expect(box).toHaveAttribute('data-placeholder', '');
  },
};

/** A click opens the list (loaded then) and a choice shows in the trigger, without its price. */
export const ChooseWithPointer: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(trigger(canvas));
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toHaveTextContent('₦2,950.00');
    await userEvent.click(screen.getByRole('option', { name: /MTN 2GB/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(args.onValueChange).toHaveBeenCalledWith('mtn-2gb');
    await waitFor(() => expect(trigger(canvas)).toHaveTextContent('MTN 2GB - 30 days'));
    await expect(trigger(canvas)).not.toHaveTextContent('₦');
    // Focus is back on the (now Radix) trigger.
    await waitFor(() => expect(trigger(canvas)).toHaveFocus());
  },
};

/** The keyboard alone: Tab to it, ↓ opens the list, ↓ and Enter choose. */
export const ChooseWithKeyboard: Story = {
  args: { defaultValue: 'mtn-1gb' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(trigger(canvas)).toHaveTextContent('MTN 1GB - 30 days');
    await userEvent.tab();
    await expect(trigger(canvas)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /MTN 1GB/ })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(trigger(canvas)).toHaveTextContent('MTN 2GB - 30 days'));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('mtn-2gb');
  },
};

export const Selected: Story = { args: { defaultValue: 'mtn-10gb' } };

export const WithError: Story = {
  args: { error: 'Invalid Plan' },
  play: async ({ canvas }) => {
    await expect(trigger(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger(canvas)).toHaveAccessibleDescription('Invalid Plan');
  },
};

/** Disabled: pressing it opens nothing. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, userEvent }) => {
    await expect(trigger(canvas)).toBeDisabled();
    await userEvent.click(trigger(canvas));
    await expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultValue: 'mtn-2gb' } };
