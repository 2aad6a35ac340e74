/**
 * Every user-facing sentence of the spec, word for word (spec §5, §8, §4).
 * Spelling and punctuation are the owner's ("vaild", "occured", "Opps") and are requirements:
 * change a string here only when the spec changes. Nothing else in the repo spells these out.
 */
export const MSG = {
  // Login (spec §5)
  loginRequired: 'Please fill in your details.',
  loginEmail: 'Please enter a vaild email address.',

  // Signup (spec §5)
  signupName: 'Name must be more than 5 characters.',
  signupPhone: 'Invalid Phone number.',
  passwordTooShort: 'Password too short.',
  passwordsNotEqual: 'Passwords not equal',
  signupEmail: 'Invalid email',

  // Forgot / reset password
  forgotEmail: 'Invalid Email Address.',
  resetPasswordRequired: 'Please enter  password.',

  // Create pin / reset pin
  pinRequired: 'pin is required.',
  pinInvalid: 'You have entered an invalid pin.',
  pinLength: 'Pin must be six(6) numbers.',

  // Shared money rule
  insufficientFunds: 'Insufficient funds.',

  // Airtime (wallet)
  airtimePinRequired: 'Pin Required.',
  airtimeMinimum: 'Minimum amount of ₦100 can be recharged.',
  airtimeInvalid: 'Invalid Phone Number or Amount.',
  inputsInvalid: 'Please make sure all inputs are valid.',

  // Coupon load
  couponBlank: 'Coupon code cannot be blank.',
  couponInvalid: 'Invalid coupon code supplied.',

  // Data
  dataAccountId: 'Invalid account id.',
  dataPhone: 'Invalid Phone Number',
  dataPinRequired: 'Pin Required',

  // Cable TV
  cableDecoder: 'Invalid Decoder Number',
  invalidPin: 'Invalid Pin',

  // Electricity
  electricityMinimum: 'Minimum amount of ₦500 can be recharged.',
  electricityAmountEmpty: 'Amount cannot be empty.',
  electricityMeterEmpty: 'Meter number cannot be empty.',
  electricityInvalid: 'Invalid Meter Number or amount',

  // Share funds
  shareAmount: 'Invalid Amount.',
  shareEmail: 'Please enter a valid email.',
  sharePin: 'Invalid Secret Pin.',

  // Fund wallet
  fundAmount: 'Invalid Amount',

  // Change password
  currentPasswordRequired: 'Please enter current password.',
  newPasswordRequired: 'Please enter your new password.',

  // Buy coupon
  couponMinimum: 'Minimum amount of ₦200 can be recharged.',
  couponAmount: 'Invalid Amount Entered.',

  // Session (spec §4, §8)
  sessionExpired: 'Your session has expired, please login again.',

  // Success messages (spec §8)
  fundsSent: 'Funds Sent Successfully.',
  pinChanged: 'Secret pin Changed Successfully.',
  passwordChanged: 'Password Changed Successfully.',
  emailVerified: 'Your Email has been successfully verified.',
  signupSuccess:
    'Thank you for signing up. A verification link has been sent to your email address. It expires in 24 hours; check your spam folder if you cannot find it.',
  verifyingEmail: 'Verifying Email...',
  pageNotFound: 'Page not found',
  stampDutyNote: 'Payments above ₦9,999 incur a ₦50 stamp duty charge, which is deducted.',
} as const;

/** Fallbacks shown when the server sends no message (spec §8), by screen. */
export const FALLBACK = {
  purchase: 'Oops!! a problem occured while trying to connect.',
  unblock: 'Oops!! a problem occured while trying to un-block the user.',
  block: 'Oops!! a problem occured while trying to block the user.',
  resetPin: 'Oops!! a problem occured while trying to reset your secret pin.',
  changePassword: 'Oops!! your password cannot be changed at this moment.',
  generic: 'Oops! there has been an error.',
  genericAlt: 'Oops!! there has been an error.',
  auth: 'opps! a problem occured.',
  couponVerify: 'Opps, error processing your request.',
} as const;

export type Message = (typeof MSG)[keyof typeof MSG];

/**
 * Maximum lengths the spec does not word (ADR 0015): most fields reuse their own message for
 * a value that is too long (a 255-character e-mail is an invalid e-mail); these two do not.
 */
export const LIMIT_MSG = {
  nameTooLong: 'Name must be at most 100 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
} as const;

/**
 * Refusals the spec does not word (decisions §3, §7): the server and the mocks send these as
 * `msg`, so the screen shows the same sentence on both. Functions take what the user must know.
 */
export const SERVER_MSG = {
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists.',
  emailNotVerified: 'Please verify your email address first. Check your inbox for the link.',
  accountBlocked: 'Your account has been blocked. Please contact support.',
  unauthorized: 'Please login to continue.',
  forbidden: 'You are not allowed to do this.',
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
  notDeletable: 'Only a finished transaction can be deleted.',
  deleted: 'Transaction deleted.',
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
  // Saved recipients (issue 17)
  recipientNameRequired: 'Give this recipient a name.',
  recipientNameTooLong: 'A name can be at most 40 characters.',
  recipientNumberInvalid: 'Enter the number this recipient uses (digits only).',
  recipientsFull: (max: number) =>
    `You can save up to ${max} recipients. Delete one to save another.`,
  recipientNotFound: 'Recipient not found.',
  recipientDeleted: 'Recipient deleted.',
} as const;

/** Bank-transfer funding and held transfers (issue 16; ADR 0024). */
export const TRANSFER_MSG = {
  bvnRequired: 'Please enter your BVN.',
  bvnInvalid: 'Your BVN is the 11 digits your bank gave you.',
  consentRequired: 'Please agree to share your BVN with our payment provider.',
  accountExists: 'You already have a bank account number for transfers.',
  transferNotFound: 'Transfer not found.',
  alreadyAssigned: 'This transfer has already been assigned.',
  assignEmail: 'Enter the e-mail of the customer to credit.',
  assigned: 'Transfer assigned and credited.',
} as const;

/**
 * A name before money leaves, pins typed twice, attempts left, and a word after every credit
 * (issue 24; ADR 0046). The spec's pin messages (MSG.pin*) stay as they are; these word what
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
  /** After a card checkout the provider confirmed: the amount, formatted (e.g. "₦5,000"). */
  fundsAdded: (amount: string) => `${amount} added`,
} as const;

/**
 * The catalogue from the provider (issue 23 item 2, issue 24 row 9; ADR 0044). The server and
 * the plan form send the same sentence; the cost is formatted by the caller (e.g. "₦350").
 */
export const CATALOGUE_MSG = {
  /** An admin price (or putting a plan back on sale) under what the provider charges us. */
  priceBelowCost: (cost: string) =>
    `The price cannot be below the provider's cost of ${cost}. Set at least ${cost}.`,
  synced: 'Catalogue synced with the providers.',
} as const;

/** Wrong pins in a row that lock purchases and transfers for 30 minutes (decisions §7). */
export const PIN_MAX_WRONG = 5;
/** From this many wrong pins in a row, the refusal says how many remain (issue 24). */
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
