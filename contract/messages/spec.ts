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
} as const; /** Fallbacks shown when the server sends no message (spec §8), by screen. */
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
export type Message = (typeof MSG)[keyof typeof MSG]; /**
 * Maximum lengths the spec does not word (ADR 0015): most fields reuse their own message for
 * a value that is too long (a 255-character e-mail is an invalid e-mail); these two do not.
 */
export const LIMIT_MSG = {
  nameTooLong: 'Name must be at most 100 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
} as const;
