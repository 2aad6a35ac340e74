import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';

import { TRANSFER_MSG } from '@contract/messages';
import { CheckboxField } from '@/components/ui/checkbox-field';

const CONSENT = 'I agree to share my BVN with the payment provider to verify my identity.';
const REQUIRED = TRANSFER_MSG.consentRequired;

/** A controlled box, as the forms hold it: ticking clears the error, as their `clear` does. */
function Consent({ initial = false, error }: { initial?: boolean; error?: string }) {
  const [checked, setChecked] = useState(initial);
  const [shown, setShown] = useState(error);
  return (
    <CheckboxField
      id="consent"
      checked={checked}
      error={shown}
      onCheckedChange={(next) => {
        setChecked(next);
        setShown(undefined);
      }}
    >
      {CONSENT}
    </CheckboxField>
  );
}

const meta = {
  title: 'UI/CheckboxField',
  component: Consent,
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof Consent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unticked: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  },
};

/** The words are the target: a tap on them ticks the box. */
export const TickedFromItsWords: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: CONSENT });
    await userEvent.click(canvas.getByText(CONSENT));
    await expect(box).toBeChecked();
  },
};

export const Ticked: Story = {
  args: { initial: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: CONSENT })).toBeChecked();
  },
};

export const WithError: Story = {
  args: { error: REQUIRED },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: CONSENT });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(REQUIRED);
  },
};

/** Ticking the box clears its error, as the forms' `clear` does. */
export const ErrorClearedByTicking: Story = {
  args: { error: REQUIRED },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: CONSENT });
    await userEvent.click(box);
    await expect(canvas.queryByText(REQUIRED)).toBeNull();
    await expect(box).not.toHaveAttribute('aria-invalid');
  },
};
