import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';

import { ShareReceiptButton } from '@/components/ui/share-receipt-button';

import { airtime } from './fixtures';

const meta = {
  title: 'UI/ShareReceiptButton',
  component: ShareReceiptButton,
  args: { transaction: airtime },
} satisfies Meta<typeof ShareReceiptButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Where the browser cannot share files (a desktop), the PNG receipt downloads. */
export const Downloads: Story = {
  beforeEach: () => {
    const saved = { canShare: navigator.canShare };
    const clicks: HTMLAnchorElement[] = [];
    const click = HTMLAnchorElement.prototype.click;
    Object.defineProperty(navigator, 'canShare', { value: undefined, configurable: true });
    // Keep the download from leaving the test page; record what would be saved.
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicks.push(this);
    };
    (window as unknown as { receiptDownloads: HTMLAnchorElement[] }).receiptDownloads = clicks;
    return () => {
      Object.defineProperty(navigator, 'canShare', { value: saved.canShare, configurable: true });
      HTMLAnchorElement.prototype.click = click;
    };
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share receipt' }));
    await expect(await canvas.findByText('Receipt downloaded.')).toBeVisible();
    const [link] = (window as unknown as { receiptDownloads: HTMLAnchorElement[] })
      .receiptDownloads;
    await expect(link?.download).toBe('paybills-receipt-TX-20240306-0001.png');
    await expect(link?.href).toMatch(/^blob:/);
  },
};

const share = fn(async (_data: ShareData) => {});

/** On a phone, the share sheet gets a PNG file (WhatsApp, e-mail, …). */
export const SharesOnPhone: Story = {
  beforeEach: () => {
    share.mockClear();
    const saved = { canShare: navigator.canShare, share: navigator.share };
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    return () => {
      Object.defineProperty(navigator, 'canShare', { value: saved.canShare, configurable: true });
      Object.defineProperty(navigator, 'share', { value: saved.share, configurable: true });
    };
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share receipt' }));
    await expect(await canvas.findByText('Receipt shared.')).toBeVisible();
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const file = share.mock.calls[0]?.[0].files?.[0];
    await expect(file?.type).toBe('image/png');
    await expect(file?.name).toBe('paybills-receipt-TX-20240306-0001.png');
    // A real image: the PNG signature, and more than a blank canvas.
    const bytes = new Uint8Array(await file!.arrayBuffer());
    await expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    await expect(bytes.length).toBeGreaterThan(5_000);
  },
};
