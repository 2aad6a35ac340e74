import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, type within } from 'storybook/test';
import { api, FALLBACK, MSG, SERVER_MSG, TRUST_MSG, type EndpointName } from '@contract';
import { errorHandler, refuse, variants } from '@mocks/index';
import { anyCustomer, setBalance, submit, typePin, verified } from './helpers';

/**
 * One story set for the five purchase forms, as the forms are one ProductForm: the
 * catalogue loading and failing, and the purchase flows (refused, failed on the server,
 * successful, pending, failed at the provider, more than the wallet holds). Each story file
 * describes its product once, as a `Product`, and says only what differs:
 *
 *   export const WrongPin: Story = purchase.wrongPin(cable);
 */

type Story = StoryObj;
type Canvas = ReturnType<typeof within>;

/** What a valid fill may change: the recipient's number and the amount, where the form has them. */
export type FillWith = { number?: string; amount?: string };

export type Product = {
  /** The purchase endpoint (`api` key): refused or failing in the error stories. */
  buys: EndpointName;
  /** The catalogue endpoint (`api` key) and its loading state's name ("Loading networks"). */
  catalogue: EndpointName;
  loading: string;
  /** The submit button's name. */
  submit: string;
  /** The field the form shows first once the catalogue has loaded. */
  first: (canvas: Canvas) => Promise<HTMLElement>;
  /** Fills the form validly (the pin apart), with another number or amount where asked. */
  fill: (canvas: Canvas, values?: FillWith) => Promise<void>;
  /** The recipient's valid number (sandbox: one ending 1111 stays pending, 0000 fails). */
  number?: string;
  /**
   * The form pays a verified customer only (a meter or smart card, ADR 0046): wait for the name
   * before paying; `lookUp` starts the look-up where leaving the field does not.
   */
  verifies?: boolean;
  lookUp?: (canvas: Canvas) => Promise<void>;
  /** The saved recipient of the demo customer: its button, the number it fills and its provider. */
  saved?: {
    button: RegExp;
    numberField: RegExp;
    provider: RegExp;
    providerText: RegExp | string;
  };
};

/** The sandbox's number for an outcome: the valid number with `digits` for its last four. */
const ending = (p: Product, digits: '1111' | '0000') => `${p.number!.slice(0, -4)}${digits}`;

/**
 * Fills the form validly, types the pin, waits for the customer's name where the form verifies
 * one (unless `waitForName` is false), pays, then checks `then`.
 */
function paying(
  p: Product,
  then: (canvas: Canvas) => Promise<void>,
  {
    pin,
    waitForName = p.verifies,
    ...values
  }: FillWith & { pin?: string; waitForName?: boolean } = {},
): Story['play'] {
  return async ({ canvas }) => {
    await p.fill(canvas, values);
    await typePin(canvas, pin);
    if (waitForName) await verified(canvas);
    await submit(canvas, p.submit);
    await then(canvas);
  };
}

const shows = (text: string) => async (canvas: Canvas) => {
  await expect(await canvas.findByText(text)).toBeVisible();
};

/** The server's refusal shows, in the form's alert. */
const refused = (text: string) => async (canvas: Canvas) => {
  await expect(await canvas.findByText(text)).toBeVisible();
  await expect(canvas.getByRole('alert')).toHaveTextContent(text);
};

/** Empty form once the catalogue has loaded. */
export const idle = (p: Product): Story => ({
  play: async ({ canvas }) => {
    await expect(await p.first(canvas)).toBeVisible();
  },
});

/** The catalogue is still loading. */
export const loadingCatalogue = (p: Product): Story => ({
  parameters: { msw: { handlers: [variants[p.catalogue].slow] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: p.loading })).toBeVisible();
  },
});

/** The catalogue could not load: the server's message and a retry. */
export const catalogueError = (p: Product): Story => ({
  parameters: { msw: { handlers: [variants[p.catalogue].error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
});

/**
 * More than the wallet holds: the demo customer's wallet set to `balance` (kobo), or an
 * `amount` above the ₦25,000 they have.
 */
export const insufficientFunds = (
  p: Product,
  more: { balance: number } | { amount: string },
): Story => ({
  ...('balance' in more ? { beforeEach: () => setBalance(more.balance) } : {}),
  play: paying(p, shows(MSG.insufficientFunds), {
    waitForName: false,
    amount: 'amount' in more ? more.amount : undefined,
  }),
});

/** The server refuses the pin with its message. */
export const wrongPin = (p: Product): Story => ({
  parameters: { msw: { handlers: [refuse(api[p.buys], 'wrong_pin', SERVER_MSG.wrongPin)] } },
  play: paying(p, refused(SERVER_MSG.wrongPin), { pin: '654321' }),
});

/** No message from the server: the spec's fallback word for word. */
export const serverErrorFallback = (p: Product): Story => ({
  parameters: { msw: { handlers: [errorHandler(api[p.buys], 500, 'server_error', '')] } },
  play: paying(p, refused(FALLBACK.purchase)),
});

/** Paid: "Purchase successful", or what `then` checks of the result. */
export const success = (p: Product, then = shows('Purchase successful')): Story => ({
  play: paying(p, then),
});

/** Sandbox: a number ending 1111 stays pending. */
export const pending = (p: Product): Story => ({
  play: paying(p, shows('Purchase pending'), { number: ending(p, '1111') }),
});

/**
 * Sandbox: a number ending 0000 fails, with the provider's message (where the form verifies
 * the customer, every number is one: the sandbox's look-up would refuse it).
 */
export const failed = (p: Product): Story => ({
  ...(p.verifies ? { parameters: { msw: { handlers: [anyCustomer] } } } : {}),
  play: paying(p, shows('Purchase failed'), { number: ending(p, '0000') }),
});

/** The customer's name (and address) shows once the number is looked up. */
export const customerVerified = (p: Product): Story => ({
  play: async ({ canvas }) => {
    await p.fill(canvas);
    await p.lookUp?.(canvas);
    await expect(await canvas.findByTestId('customer')).toBeVisible();
  },
});

/** Sandbox: a number ending 0000 is nobody's: the look-up's message. */
export const customerNotFound = (p: Product): Story => ({
  play: async ({ canvas }) => {
    await p.fill(canvas, { number: ending(p, '0000') });
    await p.lookUp?.(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.customerNotFound);
  },
});

/**
 * The name has not come back yet (the look-up hangs): the form refuses to pay until the
 * customer has seen whom they pay (ADR 0046).
 */
export const verifyFirst = (p: Product): Story => ({
  parameters: { msw: { handlers: [variants.verifyCustomer.slow] } },
  play: paying(
    p,
    async (canvas) => {
      await shows(TRUST_MSG.verifyFirst)(canvas);
      await expect(canvas.queryByTestId('purchase-result')).toBeNull();
    },
    { waitForName: false },
  ),
});

/** the saved recipient fills the number and the provider; then any `more`. */
export const savedRecipient = (p: Product, more?: (canvas: Canvas) => Promise<void>): Story => ({
  play: async ({ canvas }) => {
    const saved = p.saved!;
    await userEvent.click(
      await canvas.findByRole('button', { name: saved.button }, { timeout: 5000 }),
    );
    await expect(canvas.getByLabelText(saved.numberField)).toHaveValue(p.number);
    await expect(canvas.getByRole('combobox', { name: saved.provider })).toHaveTextContent(
      saved.providerText,
    );
    await more?.(canvas);
  },
});
