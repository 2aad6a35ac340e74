import { TRUST_MSG } from './trust';
import { MSG } from './spec';
import { ACCOUNT_MSG } from './account';

/**
 * Refusals the spec does not word (decisions §3, §7): the server and the mocks send these as
 * `msg`, so the screen shows the same sentence on both. Functions take what the user must know.
 */
export const SERVER_MSG = {
  ...ACCOUNT_MSG,
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists.',
  wrongPin: 'Incorrect transaction pin.',
  pinLocked: (minutes: number) =>
    `Too many wrong pins. Purchases and transfers are locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
  pinAlreadySet: 'You have already created a secret pin.',
  noPin: 'Please create your secret pin first.',
  wrongPassword: 'Your current password is incorrect.',
  commonPassword: 'This password is too common. Please choose another.',
  userNotFound: 'No user was found with this email.',
  selfTransfer: 'You cannot send funds to yourself.',
  tokenInvalid: 'This link is invalid or has expired.',
  /** A verification link opened again after the account was verified: not an error. */
  emailAlreadyVerified: 'Your e-mail is already verified. You can log in.',
  resetLinkSent: 'If an account exists for this email, a reset link has been sent.',
  verificationSent: 'A new verification link has been sent to your email.',
  /** A reset also clears the pin (ADR 0033): the overview then sends the customer to create one. */
  passwordReset: 'Your password has been reset. You can now login and create a new secret pin.',
  pinCreated: 'Secret pin created successfully.',
  loggedOut: 'Logged out.',
  /** A 429 with the wait in minutes (Retry-After holds it in seconds). */
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  notFound: 'Not found.',
  productNotFound: 'This product is not available.',
  transactionNotFound: 'Transaction not found.',
  notReversible: 'Only a failed transaction can be reversed.',
  reversed: 'Transaction reversed successfully.',
  couponNotFound: MSG.couponInvalid,
  couponUsed: 'This coupon has already been used.',
  couponExpired: 'This coupon has expired.',
  /** The owner's account is blocked: the code is frozen until an admin unblocks it (ADR 0015). */
  couponFrozen: 'This coupon is on hold. Please contact support.',
  couponWrongProduct: MSG.couponInvalid,
  userBlocked: 'User blocked successfully.',
  userUnblocked: 'User unblocked successfully.',
  alreadyBlocked: 'This user is already blocked.',
  notBlocked: 'This user is not blocked.',
  productUpdated: 'Plan updated successfully.',
  paymentNotFound: 'Payment not found.',
  idempotencyConflict: 'This request id was already used for a different request.',
  requestInProgress:
    'This request is still being processed. Please check your history before trying again.',
  providerUnavailable: 'The service provider is not reachable right now. Please try again.',
  customerNotFound: 'We could not find a customer with this number.',
  serverError: 'Something went wrong on our side. Please try again.',
  resetTokenValid: 'Reset link is valid.',
  webhookReceived: 'Webhook received.',
  fundsReceived: 'Funds received.',
  jambProfileId: "Enter the candidate's 10-digit JAMB profile ID.",
  chooseDisco: 'Choose the electricity company (DisCo) of the meter.',
  // Saved recipients
  recipientNameRequired: 'Give this recipient a name.',
  recipientNameTooLong: 'A name can be at most 40 characters.',
  recipientNumberInvalid: 'Enter the number this recipient uses (digits only).',
  recipientsFull: (max: number) =>
    `You can save up to ${max} recipients. Delete one to save another.`,
  recipientNotFound: 'Recipient not found.',
  recipientDeleted: 'Recipient deleted.',
} as const;

/** Wrong pins in a row that lock purchases and transfers for 30 minutes (decisions §7). */
export const PIN_MAX_WRONG = 5;

/** From this many wrong pins in a row, the refusal says how many remain. */
export const PIN_WARN_FROM = 3;

/**
 * The refusal of a wrong pin, given how many wrong ones in a row it makes: the plain sentence
 * for the first two, then "N attempts left", so the lock never comes unannounced.
 */
export function wrongPinMessage(wrongInARow: number): string {
  return wrongInARow >= PIN_WARN_FROM && wrongInARow < PIN_MAX_WRONG
    ? TRUST_MSG.wrongPinAttemptsLeft(PIN_MAX_WRONG - wrongInARow)
    : SERVER_MSG.wrongPin;
}
