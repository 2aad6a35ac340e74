import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';

import { LIMITS } from '@contract/pricing';
import { Field } from '@/components/ui/field';
import { UnitStepper } from '@/components/ui/unit-stepper';

type Args = {
  initial: number;
  min?: number;
  max?: number;
  disabled?: boolean;
  size?: 'sm' | 'md';
  label?: string;
  onChange: (value: number) => void;
};

function Stepper({ initial, onChange, label = 'Units', ...props }: Args) {
  const [value, setValue] = useState(initial);
  return (
    <Field
      label={label}
      hint={`From ${props.min ?? 1} to ${props.max ?? 'any number'}.`}
      width="fit"
    >
      {(control) => (
        <UnitStepper
          {...props}
          {...control}
          label={label}
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      )}
    </Field>
  );
}

const meta = {
  title: 'UI/UnitStepper',
  component: Stepper,
  args: { initial: 1, ...LIMITS.educationUnits, onChange: fn() },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Education units 1–5 (spec §9): minus stops at 1, plus at 5, typing is clamped. */
export const EducationLimits: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const minus = canvas.getByRole('button', { name: 'Decrease units' });
    const plus = canvas.getByRole('button', { name: 'Increase units' });
    const input = canvas.getByRole('textbox', { name: 'Units' });
    await expect(input).toHaveValue('1');
    await expect(minus).toBeDisabled();

    for (let i = 0; i < 4; i += 1) await userEvent.click(plus);
    await expect(input).toHaveValue('5');
    await expect(plus).toBeDisabled();
    await expect(args.onChange).toHaveBeenLastCalledWith(5);

    await userEvent.click(minus);
    await expect(input).toHaveValue('4');

    await userEvent.clear(input);
    await userEvent.type(input, '9');
    await expect(args.onChange).toHaveBeenLastCalledWith(5);
    await userEvent.tab();
    await expect(input).toHaveValue('5');
  },
};

export const CouponUnits: Story = { args: { initial: 10, ...LIMITS.couponUnits } };

export const AtMaximum: Story = { args: { initial: 5 } };

export const Small: Story = { args: { size: 'sm', initial: 3 } };

export const Disabled: Story = { args: { disabled: true, initial: 2 } };

export const LongText: Story = {
  args: { label: 'Number of WAEC result checker pins to buy', initial: 2 },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { initial: 3 } };
