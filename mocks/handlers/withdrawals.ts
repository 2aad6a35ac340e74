import {
  api,
  FOUR_EYES_MSG,
  reviewReasonMessage,
  WITHDRAWAL_MSG,
  WITHDRAWAL_RESOLVE_MSG,
  withdrawalCost,
  type Withdrawal,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, nextId } from '../db';
import { MockApiError } from '../errors';
import { MOCK_BANKS, mockAccountName, type WithdrawalRecord } from '../fixtures/withdrawals';
import { paginate } from '../services/paging';
import { assertCanSpend, checkPin, credit } from '../services/wallet';
import { approverMayApprove, reviewReasonFor } from '../services/withdrawal-review';
import { impl } from './impl';

/**
 * Withdrawals to bank accounts (ADR 0084) over the mock store, with the sandbox's rules, the
 * server's simulator's (mocks/README.md): an account number ending in 9999 does not resolve;
 * one ending in 0000 fails at once (the whole debit comes back); 1111 is processing, then
 * successful at the next read; 2222 processing, then failed; any other is successful at once.
 * A withdrawal waits for a finance admin, debited, by the server's rules
 * (services/withdrawal-review.ts): above the review amount (₦200,000 by default), when the
 * day's withdrawals pass it, or when it would draw on money an admin credited lately.
 *
 * The provider's answers stored on each withdrawal follow Flutterwave's create-transfer and
 * get-transfer answers (`{ status, message, data: { id, status: NEW|PENDING|SUCCESSFUL|FAILED,
 * complete_message } }`), https://developer.flutterwave.com/docs/transfers/bank-account-transfers.
 */

const FAILED_REASON =
  'The receiving bank could not credit the account. The whole amount is back in your wallet.';

const bankOf = (code: string) => {
  const bank = MOCK_BANKS.find((b) => b.code === code);
  if (!bank) throw new MockApiError('validation_error', WITHDRAWAL_MSG.bankUnknown);
  return bank;
};

/** The account's name, or the refusal of an account the bank does not know (…9999). */
function resolveName(accountNumber: string): string {
  if (accountNumber.endsWith('9999')) {
    throw new MockApiError('validation_error', WITHDRAWAL_MSG.accountNotFound, 422);
  }
  return mockAccountName(accountNumber);
}

function event(w: WithdrawalRecord, source: string, status: string, message: string | null) {
  w.events.push({
    source,
    status,
    message,
    raw: JSON.stringify({
      status: 'success',
      message:
        source === 'create' || source === 'approve'
          ? 'Transfer Queued Successfully'
          : 'Transfer fetched',
      data: { id: Number(w.provider_id), status, complete_message: message ?? '' },
    }),
    created_at: now(),
  });
}

/** The whole debit back in the owner's wallet, with the customer's reason. */
function refund(w: WithdrawalRecord): void {
  w.status = 'failed';
  w.reason = FAILED_REASON;
  const owner = db.users.find((u) => u.id === w.user_id);
  if (owner) credit(owner, w.total);
}

/** Hands a withdrawal to the mock bank: the outcome its account number asks for. */
function send(w: WithdrawalRecord, source = 'create'): void {
  w.provider_id = String(1_000_000 + ++db.seq);
  w.reads = 0;
  w.updated_at = now();
  if (w.account_number.endsWith('0000')) {
    refund(w);
    event(w, source, 'FAILED', 'DISBURSE FAILED: Beneficiary bank unavailable');
  } else if (w.account_number.endsWith('1111') || w.account_number.endsWith('2222')) {
    w.status = 'pending';
    event(w, source, 'NEW', null);
  } else {
    w.status = 'successful';
    event(w, source, 'SUCCESSFUL', 'Approved or completed successfully');
  }
}

/** A processing withdrawal settles at its second read (the first is the screen right after). */
function advance(w: WithdrawalRecord, force = false): void {
  if (w.status !== 'pending') return;
  if (!force && w.reads < 1) {
    w.reads += 1;
    return;
  }
  w.updated_at = now();
  if (w.account_number.endsWith('2222')) {
    refund(w);
    event(
      w,
      force ? 'requery' : 'webhook',
      'FAILED',
      'DISBURSE FAILED: Beneficiary bank unavailable',
    );
  } else {
    w.status = 'successful';
    event(w, force ? 'requery' : 'webhook', 'SUCCESSFUL', 'Approved or completed successfully');
  }
}

const customerView = (w: WithdrawalRecord): Withdrawal => ({
  id: w.id,
  status: w.status,
  amount: w.amount,
  fee: w.fee,
  duty: w.duty,
  total: w.total,
  account_name: w.account_name,
  account_number: w.account_number,
  bank_code: w.bank_code,
  bank_name: w.bank_name,
  reason: w.reason,
  created_at: w.created_at,
  updated_at: w.updated_at,
});

const adminView = ({ events: _events, reads: _reads, ...rest }: WithdrawalRecord) => rest;
const detailView = ({ reads: _reads, ...rest }: WithdrawalRecord) => rest;

function findWithdrawal(id: string): WithdrawalRecord {
  const w = db.withdrawals.withdrawals.find((x) => x.id === id);
  if (!w) throw new MockApiError('not_found', WITHDRAWAL_MSG.notFound);
  return w;
}

function awaitingReview(id: string): WithdrawalRecord {
  const w = findWithdrawal(id);
  if (w.status !== 'awaiting_review') {
    throw new MockApiError('conflict', WITHDRAWAL_MSG.notAwaitingReview);
  }
  return w;
}

export const withdrawals = {
  banks: impl(api.banks, () => ({ message: MOCK_BANKS })),

  resolveAccount: impl(api.resolveAccount, ({ body }) => {
    bankOf(body.bank_code);
    return { message: { account_name: resolveName(body.account_number) } };
  }),

  withdrawalQuote: impl(api.withdrawalQuote, ({ query }) => ({
    // The query is naira, as typed; the answer is kobo inside.
    message: withdrawalCost(Math.round(query.amount * 100), db.withdrawals.settings.fee),
  })),

  withdrawalState: impl(api.withdrawalState, () => {
    const { enabled, paused_message } = db.withdrawals.settings;
    return { message: { enabled, message: enabled ? null : paused_message } };
  }),

  withdraw: impl(api.withdraw, (ctx) => {
    const user = me(ctx);
    const { body } = ctx;
    const { settings } = db.withdrawals;
    if (!settings.enabled) throw new MockApiError('conflict', settings.paused_message);
    assertCanSpend(user);
    checkPin(user, body.pin);
    const bank = bankOf(body.bank_code);
    const account_name = resolveName(body.account_number);
    const cost = withdrawalCost(body.amount, settings.fee);
    if (cost.total > user.wallet_balance) {
      throw new MockApiError('insufficient_funds', WITHDRAWAL_MSG.insufficient);
    }
    user.wallet_balance -= cost.total;
    const at = now();
    // Asked before this one joins the list: the day's total counts it by its amount.
    const why = reviewReasonFor(
      { userId: user.id, amount: body.amount, balanceAfter: user.wallet_balance },
      settings,
      at,
    );
    const w: WithdrawalRecord = {
      id: nextId('wd'),
      status: 'awaiting_review',
      ...cost,
      account_name,
      account_number: body.account_number,
      bank_code: bank.code,
      bank_name: bank.name,
      reason: null,
      created_at: at,
      updated_at: at,
      user: user.email,
      user_id: user.id,
      provider_id: null,
      reviewer: null,
      reviewed_at: null,
      review_reason: why,
      events: [],
      reads: 0,
    };
    if (!why) send(w);
    db.withdrawals.withdrawals.unshift(w);
    const saved = db.withdrawals.beneficiaries.find(
      (b) =>
        b.user_id === user.id &&
        b.account_number === w.account_number &&
        b.bank_code === w.bank_code,
    );
    if (saved) saved.last_paid_at = at;
    else {
      db.withdrawals.beneficiaries.unshift({
        id: nextId('ben'),
        user_id: user.id,
        bank_code: bank.code,
        bank_name: bank.name,
        account_number: w.account_number,
        account_name,
        first_paid_at: at,
        last_paid_at: at,
      });
    }
    return {
      message: {
        id: w.id,
        status: w.status,
        amount: w.amount,
        fee: w.fee,
        duty: w.duty,
        total: w.total,
        account_name,
        bank_name: bank.name,
        ...(why ? { note: reviewReasonMessage(why, settings.review_above) } : {}),
      },
    };
  }),

  myWithdrawals: impl(
    api.myWithdrawals,
    (ctx) => {
      const user = me(ctx);
      const mine = db.withdrawals.withdrawals.filter((w) => w.user_id === user.id);
      mine.forEach((w) => advance(w));
      return paginate(mine.map(customerView), ctx.query);
    },
    (ctx) => paginate([], ctx.query),
  ),

  beneficiaries: impl(
    api.beneficiaries,
    (ctx) => {
      const user = me(ctx);
      return {
        message: db.withdrawals.beneficiaries
          .filter((b) => b.user_id === user.id)
          .sort((a, b) => b.last_paid_at - a.last_paid_at)
          .map(({ user_id: _owner, ...b }) => b),
      };
    },
    () => ({ message: [] }),
  ),

  deleteBeneficiary: impl(api.deleteBeneficiary, (ctx) => {
    const user = me(ctx);
    const list = db.withdrawals.beneficiaries;
    const index = list.findIndex((b) => b.id === ctx.params.id && b.user_id === user.id);
    if (index < 0) throw new MockApiError('not_found', WITHDRAWAL_MSG.beneficiaryNotFound);
    list.splice(index, 1);
    return { message: WITHDRAWAL_MSG.beneficiaryDeleted };
  }),

  adminWithdrawals: impl(
    api.adminWithdrawals,
    ({ query }) => {
      const term = query.q?.toLowerCase();
      const found = db.withdrawals.withdrawals.filter(
        (w) =>
          (!query.status || w.status === query.status) &&
          (!term ||
            [w.id, w.user, w.account_number, w.account_name].some((v) =>
              v.toLowerCase().includes(term),
            )),
      );
      found.forEach((w) => advance(w));
      return paginate(found.map(adminView), query);
    },
    ({ query }) => paginate([], query),
  ),

  adminWithdrawal: impl(api.adminWithdrawal, ({ params }) => {
    const w = findWithdrawal(params.id);
    advance(w);
    return { message: detailView(w) };
  }),

  requeryWithdrawal: impl(api.requeryWithdrawal, ({ params }) => {
    const w = findWithdrawal(params.id);
    if (w.status !== 'pending') throw new MockApiError('conflict', WITHDRAWAL_MSG.notRequeryable);
    advance(w, true);
    return { message: detailView(w) };
  }),

  // An admin's resolve of a stuck one (ADR 0089), by the mock bank's rule: 2222 failed (the
  // whole debit back), any other paid; never on the admin's own wallet.
  resolveWithdrawal: impl(api.resolveWithdrawal, (ctx) => {
    const admin = me(ctx);
    const w = findWithdrawal(ctx.params.id);
    if (w.user_id === admin.id) throw new MockApiError('forbidden', FOUR_EYES_MSG.ownWallet);
    if (w.status !== 'pending') {
      throw new MockApiError('conflict', WITHDRAWAL_RESOLVE_MSG.notPending);
    }
    advance(w, true);
    w.events[w.events.length - 1]!.source = 'admin';
    // Read again: `advance` settled it.
    const settled = findWithdrawal(w.id).status;
    return {
      message: settled === 'failed' ? WITHDRAWAL_RESOLVE_MSG.failed : WITHDRAWAL_RESOLVE_MSG.paid,
    };
  }),

  approveWithdrawal: impl(api.approveWithdrawal, (ctx) => {
    const admin = me(ctx);
    const w = awaitingReview(ctx.params.id);
    if (w.user_id === admin.id) throw new MockApiError('forbidden', WITHDRAWAL_MSG.ownWithdrawal);
    approverMayApprove(admin, w, db.withdrawals.settings, now());
    w.reviewer = admin.email;
    w.reviewed_at = now();
    send(w, 'approve');
    return { message: detailView(w) };
  }),

  rejectWithdrawal: impl(api.rejectWithdrawal, (ctx) => {
    const admin = me(ctx);
    const w = awaitingReview(ctx.params.id);
    w.status = 'refunded';
    w.reason = ctx.body.reason;
    w.reviewer = admin.email;
    w.reviewed_at = now();
    w.updated_at = now();
    const owner = db.users.find((u) => u.id === w.user_id);
    if (owner) credit(owner, w.total);
    return { message: detailView(w) };
  }),

  withdrawalSettings: impl(api.withdrawalSettings, () => ({
    message: db.withdrawals.settings,
  })),

  setWithdrawalSettings: impl(api.setWithdrawalSettings, ({ body }) => {
    // As the server: no amount below zero (the approvers' total included; 0 is an owner's).
    if (
      body.fee.flat < 0 ||
      body.review_above < 0 ||
      body.new_beneficiary_cap < 0 ||
      body.approver_daily < 0
    ) {
      throw new MockApiError('validation_error', WITHDRAWAL_MSG.thresholdInvalid);
    }
    db.withdrawals.settings = { ...body };
    return { message: db.withdrawals.settings };
  }),
};
