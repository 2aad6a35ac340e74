import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { BVN_MSG, SERVER_MSG, TRANSFER_MSG } from '@contract';
import { DEMO_CUSTOMER, demoSession, SEED_NOW, variants } from '@mocks/index';
import {
  addMockBvnCheck,
  resetMockVerification,
  setMockVerification,
} from '@mocks/handlers/verification';
import { VerificationPanel } from '@/features/settings/components/verification-panel';
import { clearSession, saveTokens } from '@/lib/session';

const SETTINGS = '/user/dashboard/settings';
const REF = 'BVN-MOCK-STORY';
/** Settings as the consent page sends the customer back to it. */
const back = { router: { initialEntries: [`${SETTINGS}?bvn_ref=${REF}`] } };

/**
 * Settings → Verification (ADR 0058, 0063): the level, its limits in naira, held
 * credits, and what raises them (level 2: the BVN with consent; level 3: a review by our team);
 * coming back from the consent page, the outcome.
 */
const meta = {
  title: 'Features/Settings/VerificationPanel',
  component: VerificationPanel,
  args: { navigate: fn() },
  parameters: { router: { initialEntries: [SETTINGS] } },
  beforeEach: () => {
    saveTokens(demoSession());
    resetMockVerification();
    return () => {
      resetMockVerification();
      clearSession();
    };
  },
} satisfies Meta<typeof VerificationPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** The figures of one limits list, in order: maximum balance, daily funding, daily spending. */
async function figures(canvas: Canvas, label: string): Promise<string[]> {
  const list = await canvas.findByLabelText(label);
  return within(list)
    .getAllByRole('definition')
    .map((d) => d.textContent ?? '');
}

/** Level 1, as every customer starts: the CBN's figures, and the BVN form for level 2. */
export const Level1: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Level 1: e-mail and phone verified')).toBeVisible();
    await expect(await figures(canvas, 'Your limits')).toEqual(['₦300,000', '₦50,000', '₦50,000']);
    await expect(await figures(canvas, 'Level 2 limits')).toEqual([
      '₦500,000',
      '₦200,000',
      '₦200,000',
    ]);
    await expect(canvas.getByRole('textbox', { name: /BVN/ })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: /share my BVN/ })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Verify my BVN' })).toBeEnabled();
    await expect(canvas.queryByText('Held credits')).toBeNull();
  },
};

/** Each rule says its message: empty, not 11 digits, no consent; nothing is sent. */
export const FormRules: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const submit = await canvas.findByRole('button', { name: 'Verify my BVN' });
    await userEvent.click(submit);
    await expect(await canvas.findByText(TRANSFER_MSG.bvnRequired)).toBeVisible();
    await expect(canvas.getByText(TRANSFER_MSG.consentRequired)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /BVN/ }), '1234');
    await userEvent.click(submit);
    await expect(await canvas.findByText(TRANSFER_MSG.bvnInvalid)).toBeVisible();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** A valid BVN with consent: the browser is sent to the consent page the server answered. */
export const GoesToConsent: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /BVN/ }), '22298765432');
    await userEvent.click(canvas.getByRole('checkbox', { name: /share my BVN/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Verify my BVN' }));
    await waitFor(() =>
      expect(args.navigate).toHaveBeenCalledWith(expect.stringMatching(/[?&]bvn_ref=BVN-MOCK-/)),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The server refuses the start (here a server error): its message, and no redirect. */
export const StartError: Story = {
  parameters: { msw: { handlers: [variants.startBvnVerification.error] } },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /BVN/ }), '22298765432');
    await userEvent.click(canvas.getByRole('checkbox', { name: /share my BVN/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Verify my BVN' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** One BVN verifies one account: a BVN verified on another account is refused, with no redirect. */
export const StartUsedElsewhere: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /BVN/ }), '22298762222');
    await userEvent.click(canvas.getByRole('checkbox', { name: /share my BVN/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Verify my BVN' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(BVN_MSG.usedElsewhere);
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** Verified once, then set back to level 1 by an admin: the customer cannot undo it alone. */
export const StartLevelSetByAdmin: Story = {
  beforeEach: () => setMockVerification(DEMO_CUSTOMER.id, { level: 1, bvn_last4: '5432' }),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /BVN/ }), '22298765432');
    await userEvent.click(canvas.getByRole('checkbox', { name: /share my BVN/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Verify my BVN' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(BVN_MSG.levelSetByAdmin);
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** Back from the consent page, approved, names matching: level 2 at once, its limits shown. */
export const ReturnVerified: Story = {
  parameters: back,
  beforeEach: () => addMockBvnCheck(REF, DEMO_CUSTOMER.id, '5432'),
  play: async ({ canvas }) => {
    const alert = await canvas.findByText(BVN_MSG.verified);
    await expect(alert).toBeVisible();
    await expect(await canvas.findByText('Level 2: BVN checked')).toBeVisible();
    await expect(canvas.getByText(/BVN ending 5432/)).toBeVisible();
    await expect(await figures(canvas, 'Your limits')).toEqual([
      '₦500,000',
      '₦200,000',
      '₦200,000',
    ]);
    // What raises them now: a review by our team, no BVN form.
    await expect(canvas.getByText(/manual review by our team/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Verify my BVN' })).toBeNull();
  },
};

/** Someone else's BVN: the names do not match, the level stays and the form is there again. */
export const ReturnMismatch: Story = {
  parameters: back,
  beforeEach: () => addMockBvnCheck(REF, DEMO_CUSTOMER.id, '0000'),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Names do not match');
    await expect(alert).toHaveTextContent(BVN_MSG.mismatch);
    await expect(canvas.getByText('Level 1: e-mail and phone verified')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Verify my BVN' })).toBeVisible();
  },
};

/** Declined on the consent page: said, the level stays, the form is there to try again. */
export const ReturnDeclined: Story = {
  parameters: back,
  beforeEach: () => addMockBvnCheck(REF, DEMO_CUSTOMER.id, '1111'),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Consent declined');
    await expect(alert).toHaveTextContent(BVN_MSG.declined);
    await expect(canvas.getByText('Level 1: e-mail and phone verified')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Verify my BVN' })).toBeVisible();
  },
};

/** A return address nobody started (an old link): the server's message. */
export const ReturnUnknown: Story = {
  parameters: back,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(BVN_MSG.unknownReference);
    await expect(await canvas.findByText('Level 1: e-mail and phone verified')).toBeVisible();
  },
};

/** While the return is checked with the provider: said, politely. */
export const ReturnChecking: Story = {
  parameters: { ...back, msw: { handlers: [variants.completeBvnVerification.slow] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Checking your BVN with our payment provider…'),
    ).toBeVisible();
  },
};

/** Credits held by a limit: what, why and how much; they come in when the level rises. */
export const HeldCredits: Story = {
  beforeEach: () =>
    setMockVerification(DEMO_CUSTOMER.id, {
      held: [
        {
          id: 'held-1',
          amount: 20_000_00,
          reason: 'balance',
          source: 'share',
          status: 'held',
          created_at: SEED_NOW - 3_600_000,
          released_at: null,
        },
        {
          id: 'held-2',
          amount: 15_000_00,
          reason: 'daily_funding',
          source: 'transfer_funding',
          status: 'held',
          created_at: SEED_NOW - 7_200_000,
          released_at: null,
        },
      ],
    }),
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Held credits' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent(/Money received.*it would pass your maximum balance/);
    await expect(items[0]).toHaveTextContent('₦20,000');
    await expect(items[1]).toHaveTextContent(/Bank transfer.*daily funding limit/);
    await expect(items[1]).toHaveTextContent('₦15,000');
  },
};

/** Level 2: the BVN's last 4 digits and consent date, and the review that raises it. */
export const Level2: Story = {
  beforeEach: () =>
    setMockVerification(DEMO_CUSTOMER.id, {
      level: 2,
      bvn_last4: '5432',
      consented_at: SEED_NOW - 86_400_000,
    }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Level 2: BVN checked')).toBeVisible();
    await expect(canvas.getByText(/BVN ending 5432, consent given on/)).toBeVisible();
    await expect(await figures(canvas, 'Level 3 limits')).toEqual([
      'No limit',
      '₦5,000,000',
      '₦5,000,000',
    ]);
    await expect(canvas.getByText(/Contact support to ask for one/)).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: /BVN/ })).toBeNull();
  },
};

/** Level 3: no higher level. */
export const Level3: Story = {
  beforeEach: () => setMockVerification(DEMO_CUSTOMER.id, { level: 3 }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Level 3: reviewed by our team')).toBeVisible();
    await expect(await figures(canvas, 'Your limits')).toEqual([
      'No limit',
      '₦5,000,000',
      '₦5,000,000',
    ]);
    await expect(canvas.getByText('You are at the highest level.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.verification.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/Your level/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Verify my BVN' })).toBeNull();
  },
};

/** The level cannot be read: the error, no figures that could be wrong. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.verification.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(canvas.queryByText(/Your level/)).toBeNull();
  },
};
