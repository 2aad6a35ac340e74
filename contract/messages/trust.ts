/**
 * A name before money leaves, pins typed twice, attempts left, and a word after every credit
 * (ADR 0046). The spec's pin messages (MSG.pin*) stay as they are; these word what
 * the spec does not.
 */
export const TRUST_MSG = {
  /** All a look-up says about an e-mail no account uses: nothing about who or why. */
  noAccount: 'There is no PayBills account with this e-mail.',
  /** The confirmation of a pin differs from the pin (create and reset). */
  pinsNotEqual: 'Pins do not match.',
  /** A wrong pin from the third in a row: how many remain before purchases lock. */
  wrongPinAttemptsLeft: (left: number) =>
    `Incorrect transaction pin. ${left} attempt${left === 1 ? '' : 's'} left before purchases and transfers are locked.`,
  /** Electricity and TV: the form submits only after the meter or card was verified. */
  verifyFirst: 'Verify the customer name before paying.',
  /**
   * A purchase went through but the screen that shows its result could not load (the network
   * dropped just after): where its status, token or pins are kept.
   */
  resultUnavailable:
    'Your purchase was sent, but its result could not be shown here. Its status, and any token or pin, are in your transaction history.',
  /** Back from the card checkout, while the server asks the provider what happened. */
  confirmingPayment: 'Confirming your card payment…',
  /** After a card checkout the provider confirmed: the amount, formatted (e.g. "₦5,000"). */
  fundsAdded: (amount: string) => `${amount} added`,
  /**
   * After the spec's 'Invalid coupon code supplied.' when a valid coupon was loaded on another
   * product's screen: which page redeems it (e.g. "Data", "Cable TV").
   */
  couponForScreen: (page: string) => `This is a ${page} coupon: redeem it on the ${page} page.`,
  /** Back from a checkout that did not take the money: what happened, in plain grammar. */
  paymentNotCompleted: (status: 'cancelled' | 'failed') =>
    status === 'failed'
      ? 'Your card payment failed. No money was added to your wallet.'
      : 'Your card payment was cancelled. No money was added to your wallet.',
} as const;
