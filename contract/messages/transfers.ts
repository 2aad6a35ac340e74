/** Bank-transfer funding and held transfers (ADR 0024). */
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
