import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ANNOUNCEMENT_MSG, msToLagosInput, SERVER_MSG } from '@contract';
import { db, freezeClock, SEED_NOW, variants } from '@mocks/index';
import { AnnouncementsScreen } from '@/features/admin/components/announcements-screen';
import { signedInAsAdmin } from './session';

const HOUR = 60 * 60 * 1000;

const meta = {
  title: 'Features/Admin/AnnouncementsScreen',
  component: AnnouncementsScreen,
  // The seed's three statuses are read against the mock clock: frozen, they never move.
  beforeEach: () => {
    freezeClock(SEED_NOW);
    const signOut = signedInAsAdmin();
    return () => {
      signOut();
      freezeClock(null);
    };
  },
} satisfies Meta<typeof AnnouncementsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = {
  click: (el: Element) => Promise<void>;
  clear: (el: Element) => Promise<void>;
  paste: (text: string) => Promise<void>;
};

async function enter(userEvent: User, field: Element, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

const table = async (canvas: Canvas) =>
  within(await canvas.findByRole('table', { name: 'Announcements' }));

/** The seed: one showing now (e-mailed), one scheduled for a tier, one ended. */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Announcements' }),
    ).toBeVisible();
    const list = await table(canvas);
    await expect(await list.findByText(/MTN data purchases are delayed/)).toBeVisible();
    await expect(list.getByText('Showing now')).toBeVisible();
    await expect(list.getByText('Scheduled')).toBeVisible();
    await expect(list.getByText('Ended')).toBeVisible();
    // Only what has not ended can change.
    await expect(list.getAllByRole('button', { name: 'End now' })).toHaveLength(2);
  },
};

/** A new outage for every customer: saved, audited, first in the list. */
export const Publish: Story = {
  play: async ({ canvas, userEvent }) => {
    await enter(
      userEvent,
      await canvas.findByLabelText(/Text customers read/),
      'Airtime top-ups on Glo are failing: we are on it.',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: /Also e-mail the audience/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    await expect(await canvas.findByText(ANNOUNCEMENT_MSG.created)).toBeVisible();
    await expect(db.announcements[0]).toMatchObject({
      text: 'Airtime top-ups on Glo are failing: we are on it.',
      tier_id: null,
      email: true,
    });
    await expect(db.audit[0]).toMatchObject({ action: 'announcement.create' });
  },
};

/**
 * Publishing is now by default: no start to fill in, and what is published starts at once (to
 * the minute); scheduling is the other choice.
 */
export const PublishNowByDefault: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('radio', { name: 'Publish now' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Schedule' })).not.toBeChecked();
    await expect(canvas.queryByLabelText(/Starts/)).toBeNull();
    await enter(userEvent, canvas.getByLabelText(/Text customers read/), 'Prices change today.');
    const before = Date.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    await expect(await canvas.findByText(ANNOUNCEMENT_MSG.created)).toBeVisible();
    const saved = db.announcements[0]!;
    await expect(saved.text).toBe('Prices change today.');
    await expect(saved.starts_at).toBeLessThanOrEqual(Date.now());
    await expect(saved.starts_at).toBeGreaterThan(before - 60_000);
  },
};

/** Schedule shows the start (the next whole hour by default) and the button says so. */
export const Schedule: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: 'Schedule' }));
    const start = await canvas.findByLabelText(/Starts/);
    await enter(userEvent, start, msToLagosInput(SEED_NOW + 5 * HOUR));
    await enter(userEvent, canvas.getByLabelText(/Ends/), msToLagosInput(SEED_NOW + 6 * HOUR));
    await enter(userEvent, canvas.getByLabelText(/Text customers read/), 'Maintenance tonight.');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByText(ANNOUNCEMENT_MSG.created)).toBeVisible();
    await expect(db.announcements[0]).toMatchObject({
      text: 'Maintenance tonight.',
      starts_at: SEED_NOW + 5 * HOUR,
    });
  },
};

/** The contract's messages, under the fields, before anything is sent. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: 'Schedule' }));
    const start = await canvas.findByLabelText(/Starts/);
    await enter(userEvent, start, msToLagosInput(SEED_NOW + 5 * HOUR));
    await enter(userEvent, canvas.getByLabelText(/Ends/), msToLagosInput(SEED_NOW + 2 * HOUR));
    const count = db.announcements.length;
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByText(ANNOUNCEMENT_MSG.textRequired)).toBeVisible();
    // The first invalid field takes the focus, as on every form.
    await waitFor(() => expect(canvas.getByLabelText(/Text customers read/)).toHaveFocus());
    await enter(userEvent, canvas.getByLabelText(/Text customers read/), 'Prices change soon.');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByText(ANNOUNCEMENT_MSG.endBeforeStart)).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/Ends/)).toHaveFocus());
    await expect(db.announcements).toHaveLength(count);
  },
};

/** The server's refusal (an end already past by its clock) is shown and nothing is saved. */
export const EndPassed: Story = {
  play: async ({ canvas, userEvent }) => {
    await enter(userEvent, await canvas.findByLabelText(/Text customers read/), 'Old news.');
    await userEvent.click(canvas.getByRole('radio', { name: 'Schedule' }));
    await enter(
      userEvent,
      await canvas.findByLabelText(/Starts/),
      msToLagosInput(SEED_NOW - 3 * HOUR),
    );
    await enter(userEvent, canvas.getByLabelText(/Ends/), msToLagosInput(SEED_NOW - 2 * HOUR));
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ANNOUNCEMENT_MSG.endPassed);
  },
};

/** Edit fills the form with the announcement; Save changes it. */
export const Edit: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await table(canvas);
    const row = (await list.findByText(/MTN data purchases are delayed/)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const text = await canvas.findByLabelText(/Text customers read/);
    await expect(text).toHaveValue(db.announcements.find((a) => a.id === 'ann_0002')!.text);
    await enter(userEvent, text, 'MTN data is back to normal.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText(ANNOUNCEMENT_MSG.saved)).toBeVisible();
    await expect(db.announcements.find((a) => a.id === 'ann_0002')!.text).toBe(
      'MTN data is back to normal.',
    );
  },
};

/** End now, confirmed: customers stop seeing it. */
export const EndNow: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = await table(canvas);
    const row = (await list.findByText(/MTN data purchases are delayed/)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'End now' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() =>
      expect(db.announcements.find((a) => a.id === 'ann_0002')!.ends_at).toBe(SEED_NOW),
    );
    await expect(db.audit[0]).toMatchObject({ action: 'announcement.end' });
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.announcements.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No announcements')).toBeVisible();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [variants.announcements.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
