import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO,
  REVIEW_REASON_EXPLAINED,
  SERVER_MSG,
  WITHDRAWAL_MSG,
  WITHDRAWAL_RESOLVE_MSG,
  type WithdrawalReviewReason,
} from '@contract';
import { db, DEMO_CUSTOMER, handlers, SEED_NOW, variants } from '@mocks/index';
import { untilClickable } from '../../pointer';
import { WithdrawalsScreen } from '@/features/admin/components/withdrawals-screen';
import { signedInAsAdmin, signedInAsRole } from './session';

const meta = {
  title: 'Features/Admin/WithdrawalsScreen',
  component: WithdrawalsScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof WithdrawalsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type User = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** Opens one withdrawal's details from the table. */
async function open(canvas: Canvas, userEvent: User, id: string) {
  await userEvent.click(await canvas.findByRole('row', { name: `Open withdrawal ${id}` }));
  return screen.findByRole('dialog', { name: `Withdrawal ${id}` });
}

/**
 * Three more waiting for review, for the other reasons (ADR 0088, ADR 0091): one past the
 * customer's total of the day, one drawing on money an admin credited lately, one through an
 * API key armed in the last day.
 */
function waitingForEachReason() {
  const seed = db.withdrawals.withdrawals.find((w) => w.id === 'wd_seed_4')!;
  const waiting = (
    id: string,
    amount: number,
    minutesAgo: number,
    review_reason: WithdrawalReviewReason,
  ) => ({
    ...seed,
    id,
    amount,
    total: amount + seed.fee + seed.duty,
    created_at: SEED_NOW - minutesAgo * 60_000,
    updated_at: SEED_NOW - minutesAgo * 60_000,
    review_reason,
    events: [],
  });
  db.withdrawals.withdrawals.unshift(
    waiting('wd_day_total', 120_000_00, 20, 'daily_total'),
    waiting('wd_admin_credit', 40_000_00, 10, 'recent_adjustment'),
    waiting('wd_new_key', 15_000_00, 5, 'new_key'),
  );
}

/** Every withdrawal, newest first, with its status; the review queue counted; the switch on. */
export const Success: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Withdrawals' });
    await expect(await within(table).findByText('wd_seed_4')).toBeVisible();
    await expect(within(table).getAllByRole('row', { name: /^Open withdrawal/ })).toHaveLength(4);
    await expect(within(table).getByText('Awaiting review')).toBeVisible();
    await expect(within(table).getByText('Processing')).toBeVisible();
    await expect(within(table).getByText('Failed (refunded)')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Awaiting review (1)' })).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Withdrawals are on' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pause withdrawals' })).toBeVisible();
    // The queue says why the waiting one waits; the approvers' daily total is said beside.
    await expect(within(table).getByText('Above ₦200,000')).toBeVisible();
    await expect(canvas.getByText(/A finance admin approves at most/)).toHaveTextContent(
      'A finance admin approves at most ₦2,000,000.00 a day; past it an owner must.',
    );
  },
};

/** The review queue says why each one waits, in plain words, one reason each. */
export const ReviewReasons: Story = {
  beforeEach: waitingForEachReason,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Awaiting review (4)' }));
    await waitFor(() =>
      expect(canvas.queryByRole('row', { name: 'Open withdrawal wd_seed_3' })).toBeNull(),
    );
    const row = (id: string) => canvas.findByRole('row', { name: `Open withdrawal ${id}` });
    await expect(within(await row('wd_seed_4')).getByText('Above ₦200,000')).toBeVisible();
    await expect(
      within(await row('wd_day_total')).getByText("The day's withdrawals above the review amount"),
    ).toBeVisible();
    await expect(
      within(await row('wd_admin_credit')).getByText('Paid from recent admin credit'),
    ).toBeVisible();
    await expect(
      within(await row('wd_new_key')).getByText('Through an API key armed in the last day'),
    ).toBeVisible();
  },
};

/** Through an API key armed in the last day (ADR 0091): the armer may not approve it. */
export const WhyNewKey: Story = {
  beforeEach: waitingForEachReason,
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_new_key');
    await expect(await within(dialog).findByText('Why it waits')).toBeVisible();
    await expect(
      within(dialog).getByText('Through an API key armed in the last day'),
    ).toBeVisible();
    await expect(within(dialog).getByText(REVIEW_REASON_EXPLAINED.new_key)).toBeVisible();
  },
};

/** Above the review amount: the details say so, with what it means. */
export const WhyAboveTheAmount: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_seed_4');
    await expect(await within(dialog).findByText('Why it waits')).toBeVisible();
    await expect(await within(dialog).findByText('Above ₦200,000')).toBeVisible();
    await expect(within(dialog).getByText(REVIEW_REASON_EXPLAINED.amount)).toBeVisible();
  },
};

/** The customer's withdrawals of the day passed the review amount. */
export const WhyTheDaysTotal: Story = {
  beforeEach: waitingForEachReason,
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_day_total');
    await expect(await within(dialog).findByText('Why it waits')).toBeVisible();
    await expect(
      within(dialog).getByText("The day's withdrawals above the review amount"),
    ).toBeVisible();
    await expect(within(dialog).getByText(REVIEW_REASON_EXPLAINED.daily_total)).toBeVisible();
  },
};

/** It would take out money an admin credited lately: the approver reads who may not approve. */
export const WhyRecentAdminCredit: Story = {
  beforeEach: waitingForEachReason,
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_admin_credit');
    await expect(await within(dialog).findByText('Why it waits')).toBeVisible();
    await expect(within(dialog).getByText('Paid from recent admin credit')).toBeVisible();
    await expect(within(dialog).getByText(REVIEW_REASON_EXPLAINED.recent_adjustment)).toBeVisible();
  },
};

/** The search finds a withdrawal by its account number (or customer, name, reference). */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('row', { name: 'Open withdrawal wd_seed_3' });
    await userEvent.type(
      canvas.getByLabelText('Customer, account number or name, reference'),
      '1234567895',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(canvas.queryByRole('row', { name: 'Open withdrawal wd_seed_3' })).toBeNull(),
    );
    await expect(
      await canvas.findByRole('row', { name: 'Open withdrawal wd_seed_4' }),
    ).toBeVisible();
    await expect(canvas.getByRole('row', { name: 'Open withdrawal wd_seed_2' })).toBeVisible();
  },
};

/** The approval queue: only the withdrawals awaiting review. */
export const ReviewQueue: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Awaiting review (1)' }));
    await waitFor(() =>
      expect(canvas.queryByRole('row', { name: 'Open withdrawal wd_seed_1' })).toBeNull(),
    );
    await expect(
      await canvas.findByRole('row', { name: 'Open withdrawal wd_seed_4' }),
    ).toBeVisible();
  },
};

/** A finance admin approves one awaiting review: it is sent, and the reviewer is recorded. */
export const Approve: Story = {
  beforeEach: signedInAsRole('finance'),
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_seed_4');
    await expect(await within(dialog).findByText('BABATUNDE OGUNLEYE')).toBeVisible();
    await expect(within(dialog).getByText('Not sent to Flutterwave yet.')).toBeVisible();
    const approve = within(dialog).getByRole('button', { name: 'Approve and send' });
    await untilClickable(approve);
    await userEvent.click(approve);
    await expect(await within(dialog).findByText(WITHDRAWAL_MSG.approved)).toBeVisible();
    await expect(await within(dialog).findByText('Successful')).toBeVisible();
    await expect(within(dialog).getByText(/admin@example\.com/)).toBeVisible();
    // A finance admin cannot pause withdrawals: that is the owner's.
    await expect(canvas.getByText('Only an owner can pause or resume withdrawals.')).toBeVisible();
  },
};

/** Rejecting asks for the reason (exact message), then the whole debit returns to the wallet. */
export const Reject: Story = {
  play: async ({ canvas, userEvent }) => {
    const before = db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance;
    const dialog = await open(canvas, userEvent, 'wd_seed_4');
    const reject = await within(dialog).findByRole('button', { name: 'Reject and refund' });
    await untilClickable(reject);
    await userEvent.click(reject);
    await expect(await within(dialog).findByText(WITHDRAWAL_MSG.reasonRequired)).toBeVisible();
    await userEvent.type(
      within(dialog).getByLabelText(/Reason for the customer/),
      'The account name does not match yours.',
    );
    await userEvent.click(reject);
    await expect(await within(dialog).findByText(WITHDRAWAL_MSG.rejected)).toBeVisible();
    await expect(await within(dialog).findByText('Rejected (refunded)')).toBeVisible();
    const w = db.withdrawals.withdrawals.find((x) => x.id === 'wd_seed_4')!;
    await expect(db.users.find((u) => u.id === DEMO_CUSTOMER.id)!.wallet_balance).toBe(
      before + w.total,
    );
  },
};

/** A processing one is asked about again: Flutterwave's new answer joins the list. */
export const Requery: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_seed_3');
    const ask = await within(dialog).findByRole('button', { name: 'Ask Flutterwave again' });
    await expect(within(dialog).getAllByText('NEW')).toHaveLength(1);
    await untilClickable(ask);
    await userEvent.click(ask);
    await expect(await within(dialog).findByText(WITHDRAWAL_MSG.requeried)).toBeVisible();
    await expect(await within(dialog).findByText('SUCCESSFUL')).toBeVisible();
    await expect(within(dialog).getByText('Successful')).toBeVisible();
    await expect(
      within(dialog).queryByRole('button', { name: 'Ask Flutterwave again' }),
    ).toBeNull();
  },
};

/**
 * A stuck one is resolved from Flutterwave's answer about its reference (ADR 0089): paid, so
 * it is marked successful, with the sentence that says so; no resolve once settled.
 */
export const Resolve: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_seed_3');
    await expect(await within(dialog).findByRole('heading', { name: 'Stuck?' })).toBeVisible();
    const resolve = within(dialog).getByRole('button', {
      name: 'Resolve from Flutterwave’s answer',
    });
    await untilClickable(resolve);
    await userEvent.click(resolve);
    await expect(await within(dialog).findByText(WITHDRAWAL_RESOLVE_MSG.paid)).toBeVisible();
    await expect(await within(dialog).findByText('Successful')).toBeVisible();
    await expect(
      within(dialog).queryByRole('button', { name: 'Resolve from Flutterwave’s answer' }),
    ).toBeNull();
  },
};

/** A refused resolve: the server's sentence stays in the dialog, nothing changes. */
export const ResolveRefused: Story = {
  parameters: { msw: { handlers: [variants.resolveWithdrawal.error] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_seed_3');
    const resolve = await within(dialog).findByRole('button', {
      name: 'Resolve from Flutterwave’s answer',
    });
    await untilClickable(resolve);
    await userEvent.click(resolve);
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(within(dialog).getByText('Processing')).toBeVisible();
  },
};

/** The provider's answers as Flutterwave gave them, raw JSON included. */
export const ProviderAnswers: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await open(canvas, userEvent, 'wd_seed_1');
    await expect(await within(dialog).findByText('Transfer Queued Successfully')).toBeVisible();
    await expect(within(dialog).getByText(/"status":"NEW"/)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Approve and send' })).toBeNull();
  },
};

/** The owner pauses every new withdrawal, with the message customers will read. */
export const KillSwitch: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pause withdrawals' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause every new withdrawal?' });
    const message = within(dialog).getByLabelText('Message to customers');
    await expect(message).toHaveValue(WITHDRAWAL_MSG.paused);
    await userEvent.clear(message);
    await userEvent.type(message, 'Withdrawals resume at 6 pm.');
    const confirm = within(dialog).getByRole('button', { name: 'Pause withdrawals' });
    await untilClickable(confirm);
    await userEvent.click(confirm);
    await expect(
      await canvas.findByRole('heading', { name: 'Withdrawals are paused' }),
    ).toBeVisible();
    await expect(canvas.getByText('Withdrawals resume at 6 pm.')).toBeVisible();
    await expect(canvas.getByText(WITHDRAWAL_MSG.settingsSaved)).toBeVisible();
    await expect(db.withdrawals.settings.enabled).toBe(false);
    await expect(db.withdrawals.settings.review_above).toBe(DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO);
  },
};

/**
 * The owner sets the approvers' daily total with the other withdrawal settings: a wrong amount
 * is refused with its exact message, a right one saved and said beside the review amount.
 */
export const ApproverDailyTotal: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = await canvas.findByRole('textbox', { name: /^Approvers' daily total \(₦\)/ });
    await expect(field).toHaveValue('2,000,000.00');
    const saveButton = canvas.getByRole('button', { name: 'Save daily total' });
    await userEvent.clear(field);
    await userEvent.type(field, '12.345');
    await untilClickable(saveButton);
    await userEvent.click(saveButton);
    await expect(await canvas.findByText(WITHDRAWAL_MSG.thresholdInvalid)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, '500000');
    await userEvent.click(saveButton);
    await expect(await canvas.findByText(WITHDRAWAL_MSG.settingsSaved)).toBeVisible();
    await expect(db.withdrawals.settings.approver_daily).toBe(500_000_00);
    await expect(db.withdrawals.settings.review_above).toBe(DEFAULT_WITHDRAWAL_REVIEW_ABOVE_KOBO);
    await waitFor(() =>
      expect(canvas.getByText(/A finance admin approves at most/)).toHaveTextContent(
        'A finance admin approves at most ₦500,000.00 a day',
      ),
    );
  },
};

/** A finance admin reads the total but does not set it: that is the owner's. */
export const ApproverDailyTotalReadOnly: Story = {
  beforeEach: signedInAsRole('finance'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/A finance admin approves at most/)).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: /^Approvers' daily total/ })).toBeNull();
  },
};

/** None yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: [variants.adminWithdrawals.empty, ...handlers] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No withdrawals yet')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Awaiting review (0)' })).toBeVisible();
  },
};

/** The list could not load: the server's reason. */
export const LoadFailure: Story = {
  parameters: { msw: { handlers: [variants.adminWithdrawals.error, ...handlers] } },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('alert')).length).toBeGreaterThan(0);
  },
};

/** At 360 px: the table folds to what matters, nothing wider than the screen. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('row', { name: 'Open withdrawal wd_seed_4' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
    const dialog = await open(canvas, userEvent, 'wd_seed_4');
    await expect(
      await within(dialog).findByRole('button', { name: 'Approve and send' }),
    ).toBeVisible();
  },
};
