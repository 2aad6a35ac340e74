import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';

import { TIMERS } from '@contract/pricing';
import { CopyButton } from '@/components/ui/copy-button';
import { untilAfter } from '../timers';

const LINK = 'https://paybills.ng/auth/signup?referral_code=ADA123';

const meta = {
  title: 'UI/CopyButton',
  component: CopyButton,
  args: { text: LINK, onCopied: fn() },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Replaces the clipboard for the test: headless Chromium has no clipboard permission. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** Copies the text, says "Copied!" for one second (spec §9), then reverts. */
export const ConfirmationForOneSecond: Story = {
  play: async ({ canvas, userEvent, args }) => {
    // The confirmation's timer starts once the copy has resolved: never before this moment.
    let copiedAt = Number.POSITIVE_INFINITY;
    const writeText = fn(async (_text: string) => {
      copiedAt = performance.now();
    });
    stubClipboard(writeText);
    const button = canvas.getByRole('button', { name: /Copy/ });
    await userEvent.click(button);
    await expect(writeText).toHaveBeenCalledWith(LINK);
    await expect(args.onCopied).toHaveBeenCalledWith(LINK);
    await expect(button).toHaveTextContent('Copied!');

    // Still confirming just before the second is up…
    await untilAfter(copiedAt, TIMERS.copyConfirmation - 300);
    await expect(button).toHaveTextContent('Copied!');
    // …and back to "Copy" after it, never sooner (20 ms: timers and performance.now() round
    // differently); no upper bound, since a busy machine runs timers late.
    await waitFor(() => expect(button).toHaveTextContent(/^Copy$/), { timeout: 5_000 });
    await expect(performance.now() - copiedAt).toBeGreaterThanOrEqual(TIMERS.copyConfirmation - 20);
  },
};

export const CopyFails: Story = {
  // Keep the failure showing, so the screenshot never catches it half-way.
  args: { confirmationMs: 60_000 },
  play: async ({ canvas, userEvent, args }) => {
    stubClipboard(async () => {
      throw new Error('denied');
    });
    const button = canvas.getByRole('button', { name: /Copy/ });
    await userEvent.click(button);
    await expect(button).toHaveTextContent('Copy failed');
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

export const Primary: Story = { args: { variant: 'primary', label: 'Copy code' } };

export const Disabled: Story = { args: { disabled: true } };

export const LongText: Story = {
  args: { label: 'Copy your referral link to share it with friends' },
};

export const Dark: Story = { globals: { theme: 'dark' } };
