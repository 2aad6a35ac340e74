/**
 * How each kind of waiting action is carried out once a second admin approves it (ADR 0070):
 * one table, so `four-eyes.ts` holds the rules without importing the services that move money.
 */
import type { ApprovalActions } from './four-eyes.ts';
import { reverseApproved } from '../purchases/reversal.ts';
import { assignApproved } from '../funding/transfers.ts';
import {
  afterLevelApproved,
  afterLimitsApproved,
  levelApproved,
  limitsApproved,
} from '../accounts/verification.ts';

export const APPROVAL_ACTIONS: ApprovalActions = {
  'transfer.assign': { run: assignApproved },
  'transaction.reverse': { run: reverseApproved },
  'verification.level': { run: levelApproved, after: afterLevelApproved },
  'verification.limits': { run: limitsApproved, after: afterLimitsApproved },
};
