import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { api } from '@contract';
import { db, DEMO_CUSTOMER, demoSession, handle } from '@mocks/index';
import { clearSession, saveTokens } from '@/lib/session';

/** Signed in as the demo customer (₦25,000, pin 123456); nothing is left for the next story. */
export function signedIn() {
  saveTokens(demoSession());
  return () => clearSession();
}

export const DEMO_PIN = '123456';

type Canvas = ReturnType<typeof within>;

/**
 * Opens the select labelled `label` and chooses the option whose name matches `option`. The
 * trigger is found again after the choice: an `OptionSelect` swaps its light trigger for the
 * Radix one when first opened.
 */
export async function choose(canvas: Canvas, label: RegExp | string, option: RegExp | string) {
  await userEvent.click(await canvas.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() =>
    expect(canvas.getByRole('combobox', { name: label })).toHaveTextContent(option),
  );
}

/**
 * The field labelled `label` on the tab shown: the other tab's form stays mounted, hidden
 * (Tabs keep their state), with fields of the same names.
 */
async function visibleField(canvas: Canvas, label: RegExp | string): Promise<HTMLElement> {
  let field: HTMLElement | undefined;
  await waitFor(() => {
    field = canvas.getAllByLabelText(label).find((el: HTMLElement) => el.checkVisibility());
    expect(field).toBeDefined();
  });
  return field!;
}

/** Types into the pin field (the PinInput is labelled "Secret pin"). */
export async function typePin(canvas: Canvas, pin = DEMO_PIN) {
  const field = await visibleField(canvas, /Secret pin/);
  await userEvent.clear(field);
  if (pin) await userEvent.type(field, pin);
}

/** Submits with the button named `name`. */
export async function submit(canvas: Canvas, name: string | RegExp) {
  await userEvent.click(canvas.getByRole('button', { name }));
}

/** Replaces a text field's value. */
export async function fill(canvas: Canvas, label: RegExp | string, value: string) {
  const field = await visibleField(canvas, label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

/** The "Total to pay" figure of the payment summary. */
export async function expectTotal(canvas: Canvas, text: string) {
  const summary = await canvas.findByRole('region', { name: 'Payment summary' });
  await expect(within(summary).getByTestId('total')).toHaveTextContent(text);
}

/** Switches to the "Use Coupon" tab and waits for its form (it loads on first use). */
export async function openCouponTab(canvas: Canvas) {
  await userEvent.click(await canvas.findByRole('tab', { name: 'Use Coupon' }));
  await canvas.findByRole('form', { name: 'Load coupon' });
}

/** Sets the demo customer's wallet (kobo) in the mock db, for "Insufficient funds." stories. */
export function setBalance(kobo: number) {
  const user = db.users.find((u) => u.id === DEMO_CUSTOMER.id);
  if (user) user.wallet_balance = kobo;
}

/** Opens the Select labelled `label` and chooses its first option. */
export async function chooseFirst(canvas: Canvas, label: RegExp | string) {
  const trigger = await canvas.findByRole('combobox', { name: label });
  await userEvent.click(trigger);
  const [first] = await screen.findAllByRole('option');
  if (first) await userEvent.click(first);
}

/**
 * Puts the demo customer on a price tier (ADR 0027) for one story: the forms show the tier's
 * prices. Use as a story's `beforeEach` after `signedIn`; the cleanup puts them back.
 */
export function onTier(tierId: string) {
  return () => {
    const user = db.users.find((u) => u.id === DEMO_CUSTOMER.id)!;
    user.tier_id = tierId;
    return () => {
      delete user.tier_id;
    };
  };
}

/**
 * Waits for the verified customer's name (a meter or smart card is paid only once it shows,
 * ADR 0046): the number field verifies itself when it loses focus.
 */
export async function verified(canvas: Canvas) {
  await waitFor(
    () =>
      expect(
        canvas.getAllByTestId('customer').some((el: HTMLElement) => el.checkVisibility()),
      ).toBe(true),
    { timeout: 5000 },
  );
}

/**
 * Every number is a customer: for stories of what the provider does with a number the
 * sandbox's look-up would refuse (…0000 fails the purchase and the look-up alike).
 */
export const anyCustomer = handle(api.verifyCustomer, () => ({
  message: { customer_name: 'ADEBAYO OKAFOR', address: '12 Allen Avenue, Ikeja' },
}));
