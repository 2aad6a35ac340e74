import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ANNOUNCEMENT_TEXT_MAX, SERVER_MSG } from '@contract';
import { db, DEMO_CUSTOMER, demoSession, SEED_NOW, variants } from '@mocks/index';
import { useMyAnnouncements } from '@/features/overview/api/announcements';
import { AnnouncementBanner } from '@/features/overview/components/announcement-banner';
import { clearSession, saveTokens } from '@/lib/session';

const meta = {
  title: 'Features/Overview/AnnouncementBanner',
  component: AnnouncementBanner,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof AnnouncementBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Says when the customer's list has answered, so a story checks the banner after it. */
function Answered() {
  const { data } = useMyAnnouncements();
  return data ? <p className="sr-only">The list has answered.</p> : null;
}

const OUTAGE = /MTN data purchases are delayed/;

/** A window around the seed's now, for every customer. */
function live(id: string, severity: 'info' | 'warning' | 'outage', text: string) {
  db.announcements.unshift({
    id,
    text,
    severity,
    starts_at: SEED_NOW - 60_000,
    ends_at: SEED_NOW + 24 * 60 * 60_000,
    tier_id: null,
    email: false,
    author: 'admin@example.com',
    created_at: SEED_NOW,
    updated_at: SEED_NOW,
    dismissed_by: [],
    mailed_to: [],
  });
}

/** The seed: an outage for every customer (the Resellers' price change is scheduled, not shown). */
export const Outage: Story = {
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: 'Announcements' });
    await expect(region).toHaveTextContent(OUTAGE);
    await expect(canvas.getByText('Outage:')).toBeVisible();
    await expect(canvas.queryByText(/Reseller airtime discounts/)).toBeNull();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** One of each severity, outages first; the longest text wraps at 360 px. */
export const EverySeverity: Story = {
  beforeEach: () => {
    live(
      'ann_info',
      'info',
      'Cable TV prices change on Monday: see the new prices on the Cable TV page.',
    );
    live(
      'ann_warn',
      'warning',
      `Electricity tokens may be slow tonight. ${'Thank you for your patience. '.repeat(8)}`.slice(
        0,
        ANNOUNCEMENT_TEXT_MAX,
      ),
    );
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('region', { name: 'Announcements' });
    const items = canvas.getAllByRole('listitem');
    await expect(items.map((li) => li.dataset.severity)).toEqual(['outage', 'warning', 'info']);
    await expect(canvas.getByText('Warning:')).toBeVisible();
    await expect(canvas.getByText('Information:')).toBeVisible();
  },
};

/** Dismissed: gone from the page, and kept on the server for this customer. */
export const Dismiss: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('region', { name: 'Announcements' });
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss: Outage' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Announcements' })).toBeNull());
    await expect(db.announcements.find((a) => a.id === 'ann_0002')!.dismissed_by).toEqual([
      DEMO_CUSTOMER.id,
    ]);
  },
};

/** The dismissal could not be saved: the banner stays, with the server's message. */
export const DismissError: Story = {
  parameters: { msw: { handlers: [variants.dismissAnnouncement.error] } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('region', { name: 'Announcements' });
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss: Outage' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(canvas.getByText(OUTAGE)).toBeVisible();
  },
};

/** Nothing live for this customer: nothing drawn at all. */
export const None: Story = {
  parameters: { msw: { handlers: [variants.myAnnouncements.empty] } },
  render: () => (
    <>
      <AnnouncementBanner />
      <Answered />
    </>
  ),
  play: async ({ canvas }) => {
    await canvas.findByText('The list has answered.');
    await expect(canvas.queryByRole('region', { name: 'Announcements' })).toBeNull();
  },
};
