import { endpoint, IdParams, Text } from './endpoint';

/**
 * How long after a withdrawal was last sent Flutterwave's "no record" proves it was never made
 * (ADR 0089). Flutterwave documents no such window; this is ours, the purchases' 24 hours (ADR
 * 0082): no call of ours to Flutterwave can still be on its way a day after it ended.
 */
export const WITHDRAWAL_NO_RECORD_HOURS = 24;

/** What an admin's resolve of a stuck withdrawal answers (ADR 0089). */
export const WITHDRAWAL_RESOLVE_MSG = {
  paid: 'Flutterwave says this withdrawal was paid: it is now successful.',
  failed:
    'Flutterwave says this withdrawal failed: the whole debit is back in the customer’s wallet.',
  neverMade: `Flutterwave has no record of this withdrawal ${WITHDRAWAL_NO_RECORD_HOURS} hours after it was last sent: it was never made, and the whole debit is back in the customer’s wallet.`,
  tooSoon: `Flutterwave has no record of this withdrawal yet, but it was last sent less than ${WITHDRAWAL_NO_RECORD_HOURS} hours ago and may still arrive: nothing was changed.`,
  unproven:
    'Flutterwave’s answer does not show whether it holds this withdrawal: nothing was changed. Check it on the Flutterwave dashboard.',
  stillProcessing: (status: string) =>
    `Flutterwave says this withdrawal is still processing (${status}): nothing was changed. Ask again later.`,
  unreachable:
    'Flutterwave could not be asked now: nothing was changed. Try again in a few minutes.',
  notPending: 'Only a processing withdrawal can be resolved.',
  settledMeanwhile:
    'This withdrawal was settled or sent again while Flutterwave was asked: nothing more was changed.',
  /** The refund's reason, as the customer reads it. */
  neverMadeReason: 'The bank transfer was never made.',
} as const;

export const resolveWithdrawal = endpoint({
  name: 'admin.resolveWithdrawal',
  method: 'POST',
  path: '/api/admin/withdrawals/:id/resolve',
  access: 'admin',
  summary:
    'Settles a stuck processing withdrawal from what Flutterwave says about its reference: paid is successful, failed (or no record a day after it was last sent) is refunded in full, anything else changes nothing; never on the admin’s own withdrawal (403).',
  params: IdParams,
  response: Text,
  errors: [400, 401, 403, 404, 409, 423, 429, 500, 502],
});
