import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';

import { MSG } from '@contract/messages';
import { Field } from '@/components/ui/field';
import { PinInput } from '@/components/ui/pin-input';

type Args = {
  label?: string;
  initialValue?: string;
  initialError?: string;
  defaultRevealed?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
};

/** PinInput in a Field, showing the contract's pin message as the field's error. */
function PinField({
  label = 'Secret pin',
  initialValue = '',
  initialError,
  defaultRevealed,
  disabled,
  onChange,
}: Args) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState(initialError);
  return (
    <Field label={label} hint="Six digits." error={error} width="fit">
      <PinInput
        value={value}
        defaultRevealed={defaultRevealed}
        disabled={disabled}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        onValidate={setError}
      />
    </Field>
  );
}

const meta = {
  title: 'UI/PinInput',
  component: PinField,
  args: { onChange: fn() },
} satisfies Meta<typeof PinField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Digits only, at most six, masked, numeric keyboard on phones. */
export const TypeDigits: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Secret pin');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '12a3-4 5678');
    await expect(input).toHaveValue('123456');
    await expect(input).toHaveAccessibleDescription('Six digits.');
  },
};

/** A whole pin pasted in one go, spaces dropped. */
export const PasteWholePin: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText('Secret pin');
    await userEvent.click(input);
    await userEvent.paste('123 456');
    await expect(input).toHaveValue('123456');
    await expect(args.onChange).toHaveBeenLastCalledWith('123456');
  },
};

/** A pasted pin with letters is refused with the contract's message. */
export const PasteInvalid: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Secret pin');
    await userEvent.click(input);
    await userEvent.paste('12ab56');
    await expect(input).toHaveValue('');
    await expect(canvas.getByText(MSG.pinInvalid)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Leaving the field runs the contract's rule: empty, then too short, then valid. */
export const RuleErrors: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Secret pin');
    await userEvent.click(input);
    await userEvent.tab();
    await expect(await canvas.findByText(MSG.pinRequired)).toBeVisible();

    await userEvent.type(input, '123');
    await userEvent.tab();
    await expect(await canvas.findByText(MSG.pinLength)).toBeVisible();
    await expect(input).toHaveAccessibleDescription(`Six digits. ${MSG.pinLength}`);

    await userEvent.type(input, '456');
    await waitFor(() => expect(canvas.queryByText(MSG.pinLength)).not.toBeInTheDocument());
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

/** The Show/Hide toggle reveals the digits and says whether it is pressed. */
export const RevealToggle: Story = {
  args: { initialValue: '482913' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Secret pin');
    const toggle = canvas.getByRole('button', { name: 'Show pin' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide pin' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const Masked: Story = { args: { initialValue: '482913' } };

export const Revealed: Story = { args: { initialValue: '482913', defaultRevealed: true } };

export const WithError: Story = { args: { initialValue: '48', initialError: MSG.pinLength } };

export const Disabled: Story = { args: { disabled: true, initialValue: '1234' } };

export const LongText: Story = {
  args: {
    label: 'Enter your 6-digit secret transaction pin to authorise this purchase',
    initialError: MSG.pinRequired,
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { initialValue: '48', initialError: MSG.pinLength },
};
