import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  api,
  DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  DEFAULT_CUSTOMER_DAILY_KOBO,
  DEFAULT_MAKER_DAILY_KOBO,
  FALLBACK,
  LEVEL_NAMES,
  RESELLER_MSG,
  SERVER_MSG,
  TIER_MSG,
  VERIFICATION_MSG,
  waitReasonText,
  waitsForApproval,
} from '@contract';
import { ADMIN_USERS_MSG } from '@contract/messages/admin-users';
import { resetMockVerification, setMockVerification } from '@mocks/handlers/verification';
import { db, now, refuse, variants } from '@mocks/index';
import { UsersScreen } from '@/features/admin/components/users-screen';
import { signedInAsAdmin, signedInAsRole } from './session';

const LIMITS = {
  approval_above: DEFAULT_ADJUSTMENT_APPROVAL_KOBO,
  maker_daily: DEFAULT_MAKER_DAILY_KOBO,
  customer_daily: DEFAULT_CUSTOMER_DAILY_KOBO,
};

const meta = {
  title: 'Features/Admin/UsersScreen',
  component: UsersScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof UsersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const pagesOf = (n: number) => Math.max(1, Math.ceil(n / 5));

/** The first server page: 5 users, "Page 1 of N"; Next fetches page 2. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    const pages = pagesOf(db.users.length);
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Users' });
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(await canvas.findByText(`Page 2 of ${pages}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Previous/ }));
    await expect(await canvas.findByText(`Page 1 of ${pages}`)).toBeVisible();
  },
};

/** Search by the exact e-mail: one row, or the empty state. */
export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('Page 1 of 1')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Users' });
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(within(table).getByText('chiamaka@example.com')).toBeVisible();

    await userEvent.clear(canvas.getByLabelText('E-mail, name or phone'));
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'nobody@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(
      await canvas.findByText(ADMIN_USERS_MSG.noCustomerMatches('nobody@example.com')),
    ).toBeVisible();
  },
};

/**
 * A phone complaint (ADR 0078): the customer found by a name word, or by their phone written
 * as +234…; a search that finds nobody says so (the table does not fall back to everyone).
 */
export const SearchByNameOrPhone: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText(/Page 1 of/);
    const box = canvas.getByLabelText('E-mail, name or phone');
    const table = canvas.getByRole('table', { name: 'Users' });
    await userEvent.type(box, 'Okafor');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await within(table).findByText('chiamaka@example.com')).toBeVisible();

    await userEvent.clear(box);
    await userEvent.type(box, '+234 803 123 4567');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(await canvas.findByText('Page 1 of 1')).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(within(table).getByText('chiamaka@example.com')).toBeVisible();

    await userEvent.clear(box);
    await userEvent.type(box, 'Zebulon');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(
      await canvas.findByText(ADMIN_USERS_MSG.noCustomerMatches('Zebulon')),
    ).toBeVisible();
  },
};

/**
 * Blocking asks first (ADR 0046), with a reason the audit log keeps (ADR 0078): the
 * confirmation names the customer.
 */
async function confirmBlock(userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent']) {
  const ask = await screen.findByRole('alertdialog', { name: /^Block .+\?$/ });
  await expect(ask).toHaveTextContent('chiamaka@example.com');
  await userEvent.type(
    within(ask).getByRole('textbox', { name: /Why are you blocking them/ }),
    'Card used without consent',
  );
  await userEvent.click(within(ask).getByRole('button', { name: 'Block user' }));
}

/** Unblocking asks first too, without a reason. */
async function confirmUnblock(userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent']) {
  const ask = await screen.findByRole('alertdialog', { name: /^Unblock .+\?$/ });
  await expect(ask).toHaveTextContent(ADMIN_USERS_MSG.unblockAsk);
  await userEvent.click(within(ask).getByRole('button', { name: 'Unblock user' }));
}

/** Block then unblock from the popup; the server's message shows in the popup each time. */
export const BlockAndUnblock: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: 'Open user chiamaka@example.com' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await confirmBlock(userEvent);
    await expect(await within(dialog).findByText(SERVER_MSG.userBlocked)).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')?.isBlocked).toBe(true);
    await expect(db.audit[0]).toMatchObject({
      action: 'user.block',
      after: { blocked: true, reason: 'Card used without consent' },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Unblock' }));
    await confirmUnblock(userEvent);
    await expect(await within(dialog).findByText(SERVER_MSG.userUnblocked)).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')?.isBlocked).toBe(false);
  },
};

/** A refusal with the server's message. */
export const BlockRefused: Story = {
  parameters: {
    msw: { handlers: [refuse(api.blockUser, 'conflict', SERVER_MSG.alreadyBlocked)] },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: 'Open user chiamaka@example.com' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await confirmBlock(userEvent);
    await expect(await within(dialog).findByText(SERVER_MSG.alreadyBlocked)).toBeVisible();
  },
};

/** No message from the server: the spec's fallbacks for block and unblock. */
export const BlockFallback: Story = {
  parameters: {
    msw: {
      handlers: [refuse(api.blockUser, 'conflict', ''), refuse(api.unblockUser, 'conflict', '')],
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: 'Open user chiamaka@example.com' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await confirmBlock(userEvent);
    await expect(await within(dialog).findByText(FALLBACK.block)).toBeVisible();
  },
};

export const UnblockFallback: Story = {
  parameters: {
    msw: { handlers: [refuse(api.unblockUser, 'conflict', '')] },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'bola@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(await canvas.findByRole('row', { name: 'Open user bola@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await confirmUnblock(userEvent);
    await expect(await within(dialog).findByText(FALLBACK.unblock)).toBeVisible();
  },
};

/** Block without a reason: the contract's message under the box, and nothing is sent. */
export const BlockNeedsReason: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openChiamaka(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    const ask = await screen.findByRole('alertdialog', { name: /^Block .+\?$/ });
    await userEvent.click(within(ask).getByRole('button', { name: 'Block user' }));
    await expect(await within(ask).findByText(ADMIN_USERS_MSG.blockReasonRequired)).toBeVisible();
    await expect(
      within(ask).getByRole('textbox', { name: /Why are you blocking them/ }),
    ).toHaveAttribute('aria-invalid', 'true');
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')?.isBlocked).toBe(false);
    await expect(
      db.audit.filter((e) => e.action === 'user.block' && e.target_id === chiamaka().id),
    ).toHaveLength(0);
  },
};

/** Cancel in the unblock confirmation: the customer stays blocked. */
export const UnblockCancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'bola@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(await canvas.findByRole('row', { name: 'Open user bola@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    const ask = await screen.findByRole('alertdialog', { name: /^Unblock .+\?$/ });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(db.users.find((u) => u.email === 'bola@example.com')?.isBlocked).toBe(true);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.users.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.users.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No users yet')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.users.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};

/** Opens the popup of the demo customer. */
async function openChiamaka(
  canvas: ReturnType<typeof within>,
  userEvent: { click(e: Element): Promise<void>; type(e: Element, t: string): Promise<void> },
) {
  await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
  await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
  await userEvent.click(await canvas.findByRole('row', { name: 'Open user chiamaka@example.com' }));
  return screen.findByRole('dialog');
}

/** Moving a customer to another price tier (ADR 0027): saved, audited, charged from then on. */
export const ChangeTier: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openChiamaka(canvas, userEvent);
    const tier = await within(dialog).findByRole('combobox', { name: 'Price tier' });
    await expect(tier).toHaveTextContent('Standard');
    await userEvent.click(tier);
    await userEvent.click(await screen.findByRole('option', { name: 'Resellers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tier' }));
    await expect(await within(dialog).findByText(TIER_MSG.moved)).toBeVisible();
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')!.tier_id).toBe(
      'tier_resellers',
    );
    await expect(db.audit[0]).toMatchObject({
      action: 'tier.change',
      after: { tier: 'Resellers' },
    });
  },
};

/** Saving the tier the customer is already on: the server's message, in the popup. */
export const ChangeTierRefused: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openChiamaka(canvas, userEvent);
    await within(dialog).findByRole('combobox', { name: 'Price tier' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tier' }));
    await expect(await within(dialog).findByText(TIER_MSG.sameTier)).toBeVisible();
    await expect(db.audit.filter((e) => e.action === 'tier.change')).toHaveLength(0);
  },
};

/** The tiers cannot load: the popup says so and Save tier stays off. */
export const TiersUnavailable: Story = {
  parameters: { msw: { handlers: [variants.tiers.error] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openChiamaka(canvas, userEvent);
    await expect(await within(dialog).findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Save tier' })).toBeDisabled();
  },
};

/** While the tiers load, the choice is a placeholder and Save tier waits. */
export const TiersLoading: Story = {
  parameters: { msw: { handlers: [variants.tiers.slow] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openChiamaka(canvas, userEvent);
    await expect(within(dialog).getByRole('button', { name: 'Save tier' })).toBeDisabled();
    await expect(within(dialog).queryByRole('combobox', { name: 'Price tier' })).toBeNull();
  },
};

/** Cancel in the confirmation: the customer stays unblocked. */
export const BlockCancelled: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), 'chiamaka@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await userEvent.click(
      await canvas.findByRole('row', { name: 'Open user chiamaka@example.com' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    const ask = await screen.findByRole('alertdialog', { name: /^Block .+\?$/ });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(db.users.find((u) => u.email === 'chiamaka@example.com')?.isBlocked).toBe(false);
  },
};

const chiamaka = () => db.users.find((u) => u.email === 'chiamaka@example.com')!;

/** Every verification story starts from level 1 with nothing held (the mock's own state). */
const levelOne = () => {
  resetMockVerification();
};

/**
 * The customer's verification level (ADR 0058): shown, and raised after a
 * confirmation listing the new level's limits; saved and audited.
 */
export const RaiseVerificationLevel: Story = {
  beforeEach: levelOne,
  play: async ({ canvas, userEvent }) => {
    const dialog = within(await openChiamaka(canvas, userEvent));
    const form = within(await dialog.findByRole('form', { name: 'Verification' }));
    await expect(form.getByText(`Verification: ${LEVEL_NAMES[1]}`)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save level' })).toBeDisabled();
    await userEvent.click(form.getByRole('combobox', { name: 'Verification level' }));
    await userEvent.click(await screen.findByRole('option', { name: LEVEL_NAMES[3] }));
    await userEvent.click(form.getByRole('button', { name: 'Save level' }));

    const ask = await screen.findByRole('alertdialog', { name: /^Set .+ to level 3\?$/ });
    await expect(ask).toHaveTextContent('Their limits rise');
    await expect(ask).toHaveTextContent('Maximum balanceNo limit');
    await expect(ask).toHaveTextContent('Daily spending₦5,000,000.00');
    await userEvent.click(within(ask).getByRole('button', { name: 'Set level 3' }));

    await expect(await form.findByText(VERIFICATION_MSG.levelSet)).toBeVisible();
    await expect(await form.findByText(`Verification: ${LEVEL_NAMES[3]}`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(db.audit[0]).toMatchObject({
      action: 'verification.level',
      target_id: chiamaka().id,
      before: { level: 1 },
      after: { level: 3 },
    });
  },
};

/** A credit held by level 1's balance limit is shown, and released by the rise. */
export const RaiseReleasesHeldCredit: Story = {
  beforeEach: () => {
    levelOne();
    setMockVerification(chiamaka().id, {
      held: [
        {
          id: 'held_1',
          amount: 1_000_000,
          reason: 'balance',
          source: 'transfer_funding',
          status: 'held',
          created_at: now() - 3_600_000,
          released_at: null,
        },
      ],
    });
  },
  play: async ({ canvas, userEvent }) => {
    const before = chiamaka().wallet_balance;
    const dialog = within(await openChiamaka(canvas, userEvent));
    const form = within(await dialog.findByRole('form', { name: 'Verification' }));
    await expect(
      form.getByText(/₦10,000\.00 held by this level’s limits \(1 credit\)/),
    ).toBeVisible();
    await userEvent.click(form.getByRole('combobox', { name: 'Verification level' }));
    await userEvent.click(await screen.findByRole('option', { name: LEVEL_NAMES[2] }));
    await userEvent.click(form.getByRole('button', { name: 'Save level' }));
    const ask = await screen.findByRole('alertdialog', { name: /to level 2\?$/ });
    await expect(ask).toHaveTextContent('credits held by the old limits are added');
    await userEvent.click(within(ask).getByRole('button', { name: 'Set level 2' }));
    await expect(await form.findByText(VERIFICATION_MSG.levelSet)).toBeVisible();
    await waitFor(() => expect(form.queryByText(/held by this level/)).toBeNull());
    await expect(chiamaka().wallet_balance).toBe(before + 1_000_000);
  },
};

/**
 * A rise that would release more than one admin moves alone (ADR 0070): it waits for a second
 * admin, the held credit stays held, and the form says why.
 */
export const RaiseWaitsForSecondAdmin: Story = {
  beforeEach: () => {
    levelOne();
    setMockVerification(chiamaka().id, {
      held: [
        {
          id: 'held_2',
          amount: 6_000_000,
          reason: 'daily_funding',
          source: 'card_funding',
          status: 'held',
          created_at: now() - 3_600_000,
          released_at: null,
        },
      ],
    });
  },
  play: async ({ canvas, userEvent }) => {
    const before = chiamaka().wallet_balance;
    const dialog = within(await openChiamaka(canvas, userEvent));
    const form = within(await dialog.findByRole('form', { name: 'Verification' }));
    await userEvent.click(form.getByRole('combobox', { name: 'Verification level' }));
    await userEvent.click(await screen.findByRole('option', { name: LEVEL_NAMES[3] }));
    await userEvent.click(form.getByRole('button', { name: 'Save level' }));
    const ask = await screen.findByRole('alertdialog', { name: /to level 3\?$/ });
    await userEvent.click(within(ask).getByRole('button', { name: 'Set level 3' }));
    await expect(
      await form.findByText(waitsForApproval(waitReasonText('above_threshold', LIMITS))),
    ).toBeVisible();
    await expect(form.getByText(`Verification: ${LEVEL_NAMES[1]}`)).toBeVisible();
    await expect(chiamaka().wallet_balance).toBe(before);
    await expect(db.approvals.at(-1)).toMatchObject({
      kind: 'verification.level',
      amount: 6_000_000,
      status: 'pending',
    });
  },
};

/** Lowering says what falls; Cancel leaves the level as it was. */
export const LowerLevelCancelled: Story = {
  beforeEach: () => {
    levelOne();
    setMockVerification(chiamaka().id, { level: 3 });
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(await openChiamaka(canvas, userEvent));
    const form = within(await dialog.findByRole('form', { name: 'Verification' }));
    await expect(form.getByText(`Verification: ${LEVEL_NAMES[3]}`)).toBeVisible();
    await userEvent.click(form.getByRole('combobox', { name: 'Verification level' }));
    await userEvent.click(await screen.findByRole('option', { name: LEVEL_NAMES[1] }));
    await userEvent.click(form.getByRole('button', { name: 'Save level' }));
    const ask = await screen.findByRole('alertdialog', { name: /to level 1\?$/ });
    await expect(ask).toHaveTextContent('Their limits fall');
    await expect(ask).toHaveTextContent('Maximum balance₦300,000.00');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(form.getByText(`Verification: ${LEVEL_NAMES[3]}`)).toBeVisible();
    await expect(db.audit.filter((e) => e.action === 'verification.level')).toHaveLength(0);
  },
};

/** The server refuses: its message in the confirmation, which stays open. */
export const SetLevelFails: Story = {
  beforeEach: levelOne,
  parameters: { msw: { handlers: [variants.setUserLevel.error] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(await openChiamaka(canvas, userEvent));
    const form = within(await dialog.findByRole('form', { name: 'Verification' }));
    await userEvent.click(form.getByRole('combobox', { name: 'Verification level' }));
    await userEvent.click(await screen.findByRole('option', { name: LEVEL_NAMES[2] }));
    await userEvent.click(form.getByRole('button', { name: 'Save level' }));
    const ask = await screen.findByRole('alertdialog', { name: /to level 2\?$/ });
    await userEvent.click(within(ask).getByRole('button', { name: 'Set level 2' }));
    await expect(await within(ask).findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(form.getByText(`Verification: ${LEVEL_NAMES[1]}`)).toBeVisible();
    await expect(form.queryByText(VERIFICATION_MSG.levelSet)).toBeNull();
  },
};

/** Support sees the level but may not set it (ADR 0058: finance's and the owner's). */
export const SupportSeesLevelOnly: Story = {
  beforeEach: () => {
    levelOne();
    return signedInAsRole('support')();
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(await openChiamaka(canvas, userEvent));
    const form = within(await dialog.findByRole('form', { name: 'Verification' }));
    await expect(form.getByText(`Verification: ${LEVEL_NAMES[1]}`)).toBeVisible();
    await expect(form.queryByRole('combobox', { name: 'Verification level' })).toBeNull();
    await expect(form.queryByRole('button', { name: 'Save level' })).toBeNull();
  },
};

export const VerificationLoading: Story = {
  beforeEach: levelOne,
  parameters: { msw: { handlers: [variants.userVerification.slow] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(await openChiamaka(canvas, userEvent));
    await expect(await dialog.findByRole('status', { name: 'Loading verification' })).toBeVisible();
  },
};

export const VerificationUnavailable: Story = {
  beforeEach: levelOne,
  parameters: { msw: { handlers: [variants.userVerification.error] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(await openChiamaka(canvas, userEvent));
    await expect(await dialog.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(dialog.queryByRole('form', { name: 'Verification' })).toBeNull();
  },
};

// ── Wallet limits by verification level (ADR 0058) ──

/** Each level's limits, the CBN's figures, in a form per level for an owner. */
export const LevelLimits: Story = {
  beforeEach: () => {
    resetMockVerification();
    return signedInAsAdmin();
  },
  play: async ({ canvas }) => {
    const level1 = within(await canvas.findByRole('form', { name: 'Level 1 limits' }));
    await expect(level1.getByRole('textbox', { name: /Maximum balance/ })).toHaveValue(
      '300,000.00',
    );
    await expect(level1.getByRole('textbox', { name: /Daily funding/ })).toHaveValue('50,000.00');
    const level3 = within(canvas.getByRole('form', { name: 'Level 3 limits' }));
    // No limit is an empty box.
    await expect(level3.getByRole('textbox', { name: /Maximum balance/ })).toHaveValue('');
  },
};

/** A level's limits change after a confirmation naming before and after; audited. */
export const LevelLimitsChanged: Story = {
  beforeEach: () => {
    resetMockVerification();
    return signedInAsAdmin();
  },
  play: async ({ canvas, userEvent }) => {
    const level1 = within(await canvas.findByRole('form', { name: 'Level 1 limits' }));
    const funding = level1.getByRole('textbox', { name: /Daily funding/ });
    await userEvent.clear(funding);
    await userEvent.type(funding, '100000');
    await userEvent.click(level1.getByRole('button', { name: 'Save level 1 limits' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Change level 1 limits?' });
    await expect(ask).toHaveTextContent('Daily funding: ₦50,000.00 → ₦100,000.00');
    await userEvent.click(within(ask).getByRole('button', { name: 'Save limits' }));
    await expect(await level1.findByText(VERIFICATION_MSG.limitsSaved)).toBeVisible();
    await expect(db.audit[0]).toMatchObject({ action: 'verification.limits' });
    await expect(
      within(canvas.getByRole('form', { name: 'Level 1 limits' })).getByRole('textbox', {
        name: /Daily funding/,
      }),
    ).toHaveValue('100,000.00');
  },
};

/** A limit rise that would release a customer's held credit waits for a second admin. */
export const LevelLimitsWait: Story = {
  beforeEach: () => {
    resetMockVerification();
    setMockVerification(chiamaka().id, {
      held: [
        {
          id: 'held_3',
          amount: 1_000_000,
          reason: 'daily_funding',
          source: 'card_funding',
          status: 'held',
          created_at: now() - 3_600_000,
          released_at: null,
        },
      ],
    });
    return signedInAsAdmin();
  },
  play: async ({ canvas, userEvent }) => {
    const level1 = within(await canvas.findByRole('form', { name: 'Level 1 limits' }));
    const funding = level1.getByRole('textbox', { name: /Daily funding/ });
    await userEvent.clear(funding);
    await userEvent.type(funding, '100000');
    await userEvent.click(level1.getByRole('button', { name: 'Save level 1 limits' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Change level 1 limits?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Save limits' }));
    await expect(
      await level1.findByText(waitsForApproval(waitReasonText('releases_held', LIMITS))),
    ).toBeVisible();
    await expect(db.approvals.at(-1)).toMatchObject({
      kind: 'verification.limits',
      status: 'pending',
    });
    await expect(db.audit.filter((e) => e.action === 'verification.limits')).toHaveLength(0);
  },
};

/** Not an amount: the contract's message, and nothing is asked or sent. */
export const LevelLimitsRule: Story = {
  beforeEach: () => {
    resetMockVerification();
    return signedInAsAdmin();
  },
  play: async ({ canvas, userEvent }) => {
    const level2 = within(await canvas.findByRole('form', { name: 'Level 2 limits' }));
    const spending = level2.getByRole('textbox', { name: /Daily spending/ });
    await userEvent.clear(spending);
    await userEvent.type(spending, 'lots');
    await userEvent.click(level2.getByRole('button', { name: 'Save level 2 limits' }));
    await expect(await level2.findByText(VERIFICATION_MSG.limitInvalid)).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(db.audit.filter((e) => e.action === 'verification.limits')).toHaveLength(0);
  },
};

/** Support reads the limits and cannot change them. */
export const LevelLimitsReadOnly: Story = {
  beforeEach: () => {
    resetMockVerification();
    return signedInAsRole('support')();
  },
  play: async ({ canvas }) => {
    const section = within(
      await canvas.findByRole('region', { name: 'Wallet limits by verification level' }),
    );
    await expect(
      await section.findByText(
        'Maximum balance ₦300,000.00 · Daily funding ₦50,000.00 · Daily spending ₦50,000.00',
      ),
    ).toBeVisible();
    await expect(section.queryByRole('form')).toBeNull();
  },
};

/** Opens a customer's popup from a search by e-mail. */
async function openUser(
  canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'],
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
  email: string,
) {
  await userEvent.type(canvas.getByLabelText('E-mail, name or phone'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
  await userEvent.click(await canvas.findByRole('row', { name: `Open user ${email}` }));
  return screen.findByRole('dialog');
}

/**
 * A customer's API keys in their popup (ADR 0091): withdrawals are off for every key; an owner
 * turns them on for one, asked first, and the audit log keeps it.
 */
export const KeyWithdrawalsTurnedOn: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openUser(canvas, userEvent, 'chiamaka@example.com');
    const keys = await within(dialog).findByRole('region', { name: 'API keys' });
    await expect(await within(keys).findByText(/Shop till/)).toBeVisible();
    await expect(within(keys).getAllByText('Withdrawals: off')).toHaveLength(2);
    // A revoked key has no switch.
    await expect(
      within(keys).queryByRole('button', { name: 'Turn on withdrawals for Old script' }),
    ).toBeNull();
    await userEvent.click(
      within(keys).getByRole('button', { name: 'Turn on withdrawals for Shop till' }),
    );
    const ask = await screen.findByRole('alertdialog', { name: 'Let Shop till send withdrawals?' });
    await expect(ask).toHaveTextContent(/to any bank account/);
    await userEvent.click(within(ask).getByRole('button', { name: 'Turn on withdrawals' }));
    await expect(await within(keys).findByText(RESELLER_MSG.keyWithdrawalsOn)).toBeVisible();
    await expect(await within(keys).findByText(/Withdrawals: on since/)).toBeVisible();
    await expect(db.audit[0]).toMatchObject({
      action: 'apiKey.withdrawals',
      target_id: 'key_shop',
      after: { withdrawals: true },
    });
  },
};

/** Finance reads a customer's keys, and is offered no switch: it is the owner's. */
export const KeyWithdrawalsReadOnly: Story = {
  beforeEach: signedInAsRole('finance'),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openUser(canvas, userEvent, 'chiamaka@example.com');
    const keys = await within(dialog).findByRole('region', { name: 'API keys' });
    await expect(await within(keys).findByText(/Shop till/)).toBeVisible();
    await expect(within(keys).queryByRole('button', { name: /withdrawals for/ })).toBeNull();
  },
};

/** The server's refusal shows in the question, and nothing changes. */
export const KeyWithdrawalsRefused: Story = {
  parameters: {
    msw: {
      handlers: [refuse(api.setKeyWithdrawals, 'forbidden', RESELLER_MSG.keyWithdrawalsOwn)],
    },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openUser(canvas, userEvent, 'chiamaka@example.com');
    const keys = await within(dialog).findByRole('region', { name: 'API keys' });
    await userEvent.click(
      await within(keys).findByRole('button', { name: 'Turn on withdrawals for Shop till' }),
    );
    const ask = await screen.findByRole('alertdialog', { name: 'Let Shop till send withdrawals?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Turn on withdrawals' }));
    await expect(await within(ask).findByText(RESELLER_MSG.keyWithdrawalsOwn)).toBeVisible();
    await expect(within(keys).getAllByText('Withdrawals: off')).toHaveLength(2);
  },
};

/** A customer with no keys, and keys that could not be loaded. */
export const NoApiKeys: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openUser(canvas, userEvent, 'bola@example.com');
    const keys = await within(dialog).findByRole('region', { name: 'API keys' });
    await expect(await within(keys).findByText('No API keys.')).toBeVisible();
  },
};

export const ApiKeysError: Story = {
  parameters: { msw: { handlers: [refuse(api.userApiKeys, 'server_error', '')] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openUser(canvas, userEvent, 'chiamaka@example.com');
    const keys = await within(dialog).findByRole('region', { name: 'API keys' });
    await expect(await within(keys).findByText(FALLBACK.generic)).toBeVisible();
  },
};
