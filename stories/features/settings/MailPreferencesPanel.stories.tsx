import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MAIL_PREFS_MSG, SERVER_MSG } from '@contract';
import { demoSession, variants } from '@mocks/index';
import { MailPreferencesPanel } from '@/features/settings/components/mail-preferences-panel';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * Settings → Messages (ADR 0081; the e-mails ADR 0047): SMS, e-mail or both for purchases and
 * for wallet alerts; a refund's SMS and the security messages cannot be turned off.
 */
const meta = {
  title: 'Features/Settings/MailPreferencesPanel',
  component: MailPreferencesPanel,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof MailPreferencesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const K = MAIL_PREFS_MSG.kinds;
const theSwitch = (canvas: Canvas, name: string) => canvas.findByRole('switch', { name });
const purchasesSms = (canvas: Canvas) => theSwitch(canvas, MAIL_PREFS_MSG.sms(K.purchases.name));

/**
 * Everything on, as for every new account. The refund SMS and both security switches are on
 * and disabled, each with the sentence that says why.
 */
export const On: Story = {
  play: async ({ canvas }) => {
    for (const kind of [K.purchases, K.alerts]) {
      for (const name of [MAIL_PREFS_MSG.sms(kind.name), MAIL_PREFS_MSG.email(kind.name)]) {
        const box = await theSwitch(canvas, name);
        await expect(box).toBeChecked();
        await expect(box).toBeEnabled();
      }
      await expect(canvas.getByRole('group', { name: kind.name })).toHaveAccessibleDescription(
        kind.hint,
      );
    }
    const refund = await theSwitch(canvas, MAIL_PREFS_MSG.refundSms);
    await expect(refund).toBeChecked();
    await expect(refund).toBeDisabled();
    await expect(refund).toHaveAccessibleDescription(MAIL_PREFS_MSG.refundLocked);
    const security = canvas.getByRole('group', { name: K.security.name });
    for (const name of [
      MAIL_PREFS_MSG.sms(K.security.name),
      MAIL_PREFS_MSG.email(K.security.name),
    ]) {
      const box = within(security).getByRole('switch', { name });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
      await expect(box).toHaveAccessibleDescription(MAIL_PREFS_MSG.securityLocked);
    }
  },
};

/** Purchase SMS off, then on again: each change is saved and says so; the others stay. */
export const PurchaseSmsOff: Story = {
  play: async ({ canvas, userEvent }) => {
    const box = await purchasesSms(canvas);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await expect(await canvas.findByText(MAIL_PREFS_MSG.saved)).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
    await expect(box).toBeEnabled();
    // The refund SMS still goes, and the purchase e-mails are untouched.
    await expect(canvas.getByRole('switch', { name: MAIL_PREFS_MSG.refundSms })).toBeChecked();
    await expect(
      canvas.getByRole('switch', { name: MAIL_PREFS_MSG.email(K.purchases.name) }),
    ).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
  },
};

/** Wallet alerts by SMS only: the e-mail switch off, the SMS one on. */
export const AlertsSmsOnly: Story = {
  play: async ({ canvas, userEvent }) => {
    const mail = await theSwitch(canvas, MAIL_PREFS_MSG.email(K.alerts.name));
    await waitFor(() => expect(mail).toBeChecked());
    await userEvent.click(mail);
    await expect(await canvas.findByText(MAIL_PREFS_MSG.saved)).toBeVisible();
    await waitFor(() => expect(mail).not.toBeChecked());
    await expect(
      canvas.getByRole('switch', { name: MAIL_PREFS_MSG.sms(K.alerts.name) }),
    ).toBeChecked();
    // Put back for the next story (the mocks keep the choice).
    await userEvent.click(mail);
    await waitFor(() => expect(mail).toBeChecked());
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.mailPreferences.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** The choices cannot be read: the error, no switch that could lie about them. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [variants.mailPreferences.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(canvas.queryByRole('switch')).toBeNull();
  },
};

/** While a choice is saved: shown, and every switch waits. */
export const Saving: Story = {
  parameters: { msw: { handlers: [variants.setMailPreferences.slow] } },
  play: async ({ canvas, userEvent }) => {
    const box = await purchasesSms(canvas);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await expect(await canvas.findByText('Saving…')).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
    await expect(
      canvas.getByRole('switch', { name: MAIL_PREFS_MSG.email(K.alerts.name) }),
    ).toBeDisabled();
  },
};

/** Saving fails: the server's message, and the switch back on the stored choice. */
export const SaveError: Story = {
  parameters: { msw: { handlers: [variants.setMailPreferences.error] } },
  play: async ({ canvas, userEvent }) => {
    const box = await purchasesSms(canvas);
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(box).toBeChecked();
  },
};
