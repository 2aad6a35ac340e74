import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { PROVIDER_MSG, SERVER_MSG } from '@contract';
import { db, variants } from '@mocks/index';
import { ProvidersScreen } from '@/features/admin/components/providers-screen';
import { ONE_PAUSED } from './providers-fixtures';
import { signedInAsAdmin } from './session';

const meta = {
  title: 'Features/Admin/ProvidersScreen',
  component: ProvidersScreen,
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof ProvidersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
type User = {
  click: (el: Element) => Promise<void>;
  paste: (text: string) => Promise<void>;
  clear: (el: Element) => Promise<void>;
  tab: () => Promise<void>;
  keyboard: (keys: string) => Promise<void>;
};

const table = (canvas: Canvas) => canvas.findByRole('table', { name: 'Providers per product' });
const row = async (canvas: Canvas, label: string) =>
  within(
    (await within(await table(canvas)).findByText(label, { exact: true })).closest(
      'tr',
    ) as HTMLElement,
  );

/** Opens the order editor of a product from its row. */
async function openEditor(canvas: Canvas, userEvent: User, label: string) {
  await userEvent.click(
    (await row(canvas, label)).getByRole('button', { name: `Change the providers for ${label}` }),
  );
  return within(await screen.findByRole('dialog', { name: `Providers for ${label}` }));
}

/** Types a threshold for one provider and saves it. */
async function setThreshold(canvas: Canvas, userEvent: User, provider: string, text: string) {
  const form = within(await canvas.findByRole('form', { name: `${provider} float alert` }));
  const input = form.getByLabelText(`Alert when the ${provider} float is below (₦)`);
  await userEvent.clear(input);
  if (text) {
    await userEvent.click(input);
    await userEvent.paste(text);
  }
  await userEvent.click(form.getByRole('button', { name: 'Save threshold' }));
  return form;
}

/**
 * The mock's state: VTpass in use, Flutterwave paused with its float below its threshold;
 * every product on VTpass alone, the default order.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
    const data = await row(canvas, 'Data');
    await expect(data.getByText('VTpass')).toBeVisible();
    await expect(data.getByText('Default')).toBeVisible();
    const flutterwave = within(await canvas.findByRole('article', { name: /^Flutterwave/ }));
    await expect(flutterwave.getByText(/^Paused until \d\d:\d\d$/)).toBeVisible();
    await expect(flutterwave.getByRole('alert')).toHaveTextContent('Float below ₦1,500,000.00');
    await expect(
      flutterwave.getByLabelText('Alert when the Flutterwave float is below (₦)'),
    ).toHaveValue('1,500,000.00');
  },
};

/** Another state of the providers: the page shows it as the overview does. */
export const OnePaused: Story = {
  parameters: { msw: { handlers: [ONE_PAUSED] } },
  play: async ({ canvas }) => {
    await expect(
      within(await canvas.findByRole('article', { name: /^Flutterwave/ })).getByText(
        'Paused until 09:05',
      ),
    ).toBeVisible();
    const service = await row(canvas, 'MTN Data');
    await expect(service.getByText('Service')).toBeVisible();
    await expect(service.getByText('Flutterwave → VTpass')).toBeVisible();
  },
};

/**
 * Add Flutterwave to Data and put it first, by keyboard alone: the focus stays on the moved
 * provider's button. Saved: the row shows the new order, no longer the default, and it is audited.
 */
export const EditRoute: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEditor(canvas, userEvent, 'Data');
    await expect(dialog.getByRole('list', { name: 'Order' })).toHaveTextContent('1. VTpass');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Flutterwave' }));
    const up = dialog.getByRole('button', { name: 'Move up Flutterwave' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    const first = () =>
      within(dialog.getByRole('list', { name: 'Order' })).getAllByRole('listitem')[0];
    await expect(first()).toHaveTextContent(/^1\. Flutterwave/);
    // At the top its Move up is disabled: the keyboard is on its Move down instead.
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Move down Flutterwave' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Move up Flutterwave' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(first()).toHaveTextContent(/^1\. Flutterwave/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Data: Flutterwave → VTpass.')).toBeVisible();
    await expect(screen.queryByRole('dialog')).toBeNull();
    const data = await row(canvas, 'Data');
    await waitFor(() => expect(data.getByText('Flutterwave → VTpass')).toBeVisible());
    await expect(data.queryByText('Default')).toBeNull();
    await expect(db.audit[0]).toMatchObject({ action: 'provider.route', target_id: 'data' });
  },
};

/**
 * Keeping one provider where there were two asks first (ADR 0055): a purchase it refuses is
 * no longer tried elsewhere. Then it is saved.
 */
export const ConfirmSingleProvider: Story = {
  play: async ({ canvas, userEvent }) => {
    let dialog = await openEditor(canvas, userEvent, 'Airtime');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Flutterwave' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Airtime: VTpass → Flutterwave.')).toBeVisible();

    dialog = await openEditor(canvas, userEvent, 'Airtime');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove VTpass' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog.getByRole('status')).toHaveTextContent(
      'Keep Flutterwave alone for Airtime?',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Keep Flutterwave alone' }));
    await expect(await canvas.findByText('Airtime: Flutterwave.')).toBeVisible();
  },
};

/** Every provider removed: the contract's message, and no call. */
export const EmptyRoute: Story = {
  play: async ({ canvas, userEvent }) => {
    const audits = db.audit.length;
    const dialog = await openEditor(canvas, userEvent, 'Data');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove VTpass' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(PROVIDER_MSG.routeEmpty);
    await expect(db.audit).toHaveLength(audits);
  },
};

/** The server refuses Flutterwave for exam pins: its message stays in the editor. */
export const RouteError: Story = {
  play: async ({ canvas, userEvent }) => {
    const audits = db.audit.length;
    const dialog = await openEditor(canvas, userEvent, 'Education');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Flutterwave' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(PROVIDER_MSG.routeNotSold);
    await expect(db.audit).toHaveLength(audits);
  },
};

/** Saving: the button is busy until the server answers. */
export const RouteSaving: Story = {
  parameters: { msw: { handlers: [variants.setProviderRoute.slow] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEditor(canvas, userEvent, 'Data');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Flutterwave' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const RouteServerError: Story = {
  parameters: { msw: { handlers: [variants.setProviderRoute.error] } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openEditor(canvas, userEvent, 'Data');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

/** A new threshold in naira is sent in kobo; the card's warning follows it. */
export const ThresholdSaved: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = await setThreshold(canvas, userEvent, 'Flutterwave', '1,000,000');
    await expect(await form.findByText('Alert below ₦1,000,000.00 saved.')).toBeVisible();
    const card = within(await canvas.findByRole('article', { name: /^Flutterwave/ }));
    await waitFor(() => expect(card.queryByText(/^Float below/)).toBeNull());
    await expect(db.audit[0]).toMatchObject({
      action: 'provider.threshold',
      after: { threshold_kobo: 1_000_000_00 },
    });
  },
};

/**
 * The SMS account's threshold (ADR 0086), from the same form: raised above its ₦7,840 balance,
 * its card warns at once, audited like the others.
 */
export const SmsThresholdSaved: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = await setThreshold(canvas, userEvent, 'Termii (SMS)', '10,000');
    await expect(await form.findByText('Alert below ₦10,000.00 saved.')).toBeVisible();
    const card = within(await canvas.findByRole('article', { name: /^SMS \(Termii\)/ }));
    await expect(await card.findByText('SMS balance below ₦10,000.00')).toBeVisible();
    await expect(db.audit[0]).toMatchObject({
      action: 'provider.threshold',
      target_id: 'termii',
      after: { threshold_kobo: 10_000_00 },
    });
  },
};

/** Cleared: no alert for that float. */
export const ThresholdCleared: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = await setThreshold(canvas, userEvent, 'VTpass', '');
    await expect(await form.findByText('No float alert for VTpass.')).toBeVisible();
    await expect(db.audit[0]).toMatchObject({ after: { threshold_kobo: null } });
  },
};

/** Not an amount, or above ₦100,000,000: the contract's message, and no call. */
export const ThresholdInvalid: Story = {
  play: async ({ canvas, userEvent }) => {
    const audits = db.audit.length;
    const form = await setThreshold(canvas, userEvent, 'VTpass', '200,000,000');
    await expect(form.getByText(PROVIDER_MSG.thresholdInvalid)).toBeVisible();
    await setThreshold(canvas, userEvent, 'VTpass', '12abc');
    await expect(form.getByText(PROVIDER_MSG.thresholdInvalid)).toBeVisible();
    await expect(db.audit).toHaveLength(audits);
  },
};

export const ThresholdError: Story = {
  parameters: { msw: { handlers: [variants.setFloatThreshold.error] } },
  play: async ({ canvas, userEvent }) => {
    const form = await setThreshold(canvas, userEvent, 'VTpass', '400000');
    await expect(await form.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.adminProviders.slow] } },
  play: async ({ canvas }) => {
    await expect(await table(canvas)).toHaveAttribute('aria-busy', 'true');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adminProviders.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};
