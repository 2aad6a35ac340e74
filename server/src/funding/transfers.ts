/**
 * Funding by bank transfer (ADR 0024). Each verified customer gets one permanent virtual account from the provider (the
 * BVN is sent, only its last four digits kept). A transfer arrives as a signed webhook that
 * proves nothing: `receiveTransfer` asks the PROVIDER, then records it and credits it in one
 * DB transaction. `bank_transfers.provider_id` is unique (a transfer is recorded once) and the
 * credit's payment row is written in the same transaction, so any number and order of
 * webhooks credits once. A transfer whose reference is nobody's account is held for an admin,
 * who assigns it to a customer (`assignTransfer`, recorded in the audit log).
 *
 * Nothing is lost (ADR 0039): a verification that is not a definite answer is an error (the
 * webhook answers non-2xx, Flutterwave retries), and `pollTransfers` (a worker, every few
 * minutes) lists the provider's recent transactions and receives any transfer into our
 * accounts not yet recorded, through the same `receiveTransfer`.
 */
import { randomUUID } from 'node:crypto';
import {
  SERVER_MSG,
  stampDuty,
  TRANSFER_MSG,
  transferCredit,
  transferFee,
  type BankTransferInfo,
  type HeldTransfer,
  type Kobo,
  type VirtualAccount,
  type WaitReason,
} from '@contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { BankTransfersTable, VirtualAccountsTable } from '../platform/db/schema.ts';
import { fundingLegs } from './funding.ts';
import { postMovement, walletAccountId } from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { accountNameOf, type ListedTransfer, type WebhookRefs } from '../providers/index.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { heldOr } from '../accounts/verification.ts';
import { firstFundingBonus } from '../growth/referrals.ts';
import { startWorker } from '../platform/worker.ts';
import { type Actor, recordAudit } from '../admin/audit.ts';
import { type Executor, instantOrRequest, pendingFor, refuseOwnWallet } from '../admin/four-eyes.ts';
import type { UserRow } from '../accounts/users.ts';
import { requireVerified } from '../wallet/wallet.ts';
import { countRows, paged } from '../platform/paging.ts';

/** Our reference of a customer's account (`PBVA-<user id>`): the provider echoes it on each transfer. */
export const ACCOUNT_REF_PREFIX = 'PBVA-';

const toAccount = (row: Selectable<VirtualAccountsTable>): VirtualAccount => ({
  account_number: row.account_number,
  bank_name: row.bank_name,
  // Accounts stored before ADR 0039 kept Flutterwave's whole note as their name.
  account_name: accountNameOf(row.account_name, row.account_name),
  created_at: Number(row.created_at),
});

export async function bankTransferInfo(ctx: AppContext, user: UserRow): Promise<BankTransferInfo> {
  const row = await ctx.db
    .selectFrom('virtual_accounts')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return { account: row ? toAccount(row) : null, fee: ctx.config.transferFee };
}

/** Gets the customer's permanent account from the provider, once (a second call is 409). */
export async function createVirtualAccount(
  ctx: AppContext,
  user: UserRow,
  body: { bvn: string },
): Promise<VirtualAccount> {
  requireVerified(user);
  const existing = await bankTransferInfo(ctx, user);
  if (existing.account) throw new ApiError('conflict', TRANSFER_MSG.accountExists);
  const [first = user.name, ...rest] = user.name.trim().split(/\s+/);
  const txRef = `${ACCOUNT_REF_PREFIX}${user.id}`;
  let answer;
  try {
    answer = await ctx.providers.transfer.createVirtualAccount({
      txRef,
      bvn: body.bvn,
      email: user.email,
      firstName: first,
      lastName: rest.join(' ') || first,
      phone: user.phone,
      narration: `PayBills ${user.name}`.slice(0, 100),
    });
  } catch {
    // The provider's error may echo the request: nothing of it is logged or answered.
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  await ctx.db
    .insertInto('virtual_accounts')
    .values({
      user_id: user.id,
      account_number: answer.accountNumber,
      bank_name: answer.bankName.slice(0, 100),
      account_name: answer.accountName.slice(0, 200),
      tx_ref: txRef,
      provider: ctx.providers.transfer.name,
      provider_ref: answer.providerRef?.slice(0, 128) ?? null,
      bvn_last4: body.bvn.slice(-4),
      created_at: Date.now(),
    })
    // Two parallel requests: the first stored wins; both answer the stored account.
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const { account } = await bankTransferInfo(ctx, user);
  if (!account) throw new ApiError('server_error', SERVER_MSG.serverError);
  return account;
}

/**
 * Credits `amount` to the customer inside `trx`: a completed `bank_transfer` payment (its
 * unique tx_ref `TRF-<provider id>` makes a second credit of the same transfer fail) and the
 * funding movement (fee and stamp duty as for cards), and the customer's mail (ADR 0047).
 * Answers the payment id.
 */
async function creditTransfer(
  ctx: AppContext,
  trx: Db,
  t: { providerId: string; userId: string; amount: Kobo; now: number; assigned: boolean },
): Promise<string> {
  const rule = ctx.config.transferFee;
  const fee = transferFee(t.amount, rule);
  const duty = stampDuty(t.amount);
  const credit = transferCredit(t.amount, rule);
  const txRef = `TRF-${t.providerId}`;
  const { movementId, entries, held } = await postMovement(trx, {
    kind: 'transfer_funding',
    memo: txRef,
    legs: fundingLegs({
      userId: t.userId,
      amount: t.amount,
      fee,
      duty,
      credit,
      customerPaysFee: rule.customer_pays,
    }),
    now: t.now,
  });
  const paymentId = randomUUID();
  await trx
    .insertInto('payments')
    .values({
      id: paymentId,
      tx_ref: txRef,
      user_id: t.userId,
      amount: t.amount,
      credited: credit,
      status: 'completed',
      payment_reference: t.providerId,
      movement_id: movementId,
      channel: 'bank_transfer',
      created_at: t.now,
      updated_at: t.now,
    })
    .execute();
  // Over the level's limits the credit is held, and the mail says why (ADR 0058).
  await customerMail(
    trx,
    t.userId,
    heldOr(held, 'transfer_funding', {
      kind: 'transferFunded',
      ref: txRef,
      amount: t.amount,
      duty,
      fee: rule.customer_pays ? fee : 0,
      credited: credit,
      balance: entries.get(walletAccountId(t.userId))?.balanceAfter ?? 0,
      assigned: t.assigned,
    }),
    t.now,
  );
  // A referred friend's first funding may pay their referrer a bonus (ADR 0056): held, when
  // its release puts the money in the wallet.
  await firstFundingBonus(
    trx,
    t.userId,
    { movementId, credited: credit, held: held.length > 0 },
    t.now,
  );
  return paymentId;
}

export type ReceiveOutcome = 'credited' | 'held' | 'duplicate' | 'ignored';

/**
 * A transfer the provider reported (webhook): verified with the provider, then recorded and
 * credited (or held) at most once, whatever the number and order of calls.
 */
export async function receiveTransfer(
  ctx: AppContext,
  providerId: string,
): Promise<ReceiveOutcome> {
  if (!/^\d{1,20}$/.test(providerId)) return 'ignored';
  const seen = await ctx.db
    .selectFrom('bank_transfers')
    .select('id')
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (seen) return 'duplicate';
  let v;
  try {
    v = await ctx.providers.transfer.verifyTransfer(providerId);
  } catch (err) {
    // No definite answer: nothing recorded; the webhook's retry or the poller asks again.
    ctx.log.warn({ transfer: providerId, err: (err as Error).message }, 'transfer not verified');
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (v.status === 'pending') {
    ctx.log.warn({ transfer: providerId }, 'transfer still pending at the provider');
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (
    v.status !== 'successful' ||
    v.transactionId !== providerId ||
    v.currency !== 'NGN' ||
    v.paymentType !== 'bank_transfer' ||
    !Number.isSafeInteger(v.amount) ||
    v.amount <= 0
  ) {
    return 'ignored';
  }
  const account = v.txRef
    ? await ctx.db
        .selectFrom('virtual_accounts')
        .select(['user_id', 'account_number'])
        .where('tx_ref', '=', v.txRef)
        .executeTakeFirst()
    : undefined;
  const now = Date.now();
  return ctx.dbh.writeTx(async (trx) => {
    const id = randomUUID();
    const inserted = await trx
      .insertInto('bank_transfers')
      .values({
        id,
        provider_id: providerId,
        tx_ref: v.txRef?.slice(0, 128) ?? null,
        account_number: (account?.account_number ?? v.accountNumber)?.slice(0, 20) ?? null,
        sender: (v.sender || 'Unknown sender').slice(0, 200),
        amount: v.amount,
        status: account ? 'credited' : 'held',
        user_id: account?.user_id ?? null,
        payment_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate'; // another call recorded it first
    if (!account) return 'held';
    const paymentId = await creditTransfer(ctx, trx, {
      providerId,
      userId: account.user_id,
      amount: v.amount,
      now,
      assigned: false,
    });
    await trx
      .updateTable('bank_transfers')
      .set({ payment_id: paymentId })
      .where('id', '=', id)
      .execute();
    return 'credited';
  });
}

/**
 * A signed webhook that is not one of our card payments. With a transaction id: verified and
 * received. Without one (a flat body may carry only `txRef`/`orderRef`), the account it names
 * is looked up at the provider: its recent transactions say which transfer it was about.
 * Throws (non-2xx, retried) whenever something could not be settled for want of an answer.
 */
export async function transferWebhook(ctx: AppContext, refs: WebhookRefs): Promise<void> {
  if (refs.transactionId) {
    await receiveTransfer(ctx, refs.transactionId);
    return;
  }
  const { txRef, orderRef } = refs;
  const account = await ctx.db
    .selectFrom('virtual_accounts')
    .select('tx_ref')
    .where((eb) =>
      eb.or([
        ...(txRef ? [eb('tx_ref', '=', txRef)] : []),
        ...(orderRef ? [eb('provider_ref', '=', orderRef)] : []),
      ]),
    )
    .executeTakeFirst();
  if (!account) return; // nobody's account of ours: nothing to look for
  let outcome;
  try {
    outcome = await pollTransfers(ctx, { txRef: account.tx_ref });
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'transfer webhook: listing failed');
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (outcome.failed > 0) throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
}

const DAY_MS = 86_400_000;
/** The poller looks this far back (the provider lists by calendar day). */
export const TRANSFER_POLL_DAYS = 3;
/** …every so often (a missed webhook is credited within this, plus the provider's delay). */
export const TRANSFER_POLL_MS = 5 * 60_000;
/** At most this many pages a listing (ten transactions a page at Flutterwave). */
const LIST_MAX_PAGES = 50;

/**
 * Successful bank transfers into our accounts (reference `PBVA-…`, or `txRef` when given)
 * that the provider lists between `from` and `to`, every page up to a bound (`truncated`
 * then). Throws when a page could not be read: "none" must never stand for "unknown".
 */
export async function providerTransfers(
  ctx: Pick<AppContext, 'providers'>,
  o: { from: number; to: number; txRef?: string },
): Promise<{ items: ListedTransfer[]; truncated: boolean }> {
  const seen = new Map<string, ListedTransfer>();
  let page = 1;
  let pages = 1;
  do {
    const answer = await ctx.providers.transfer.listTransfers({
      from: new Date(o.from),
      to: new Date(o.to),
      page,
      ...(o.txRef ? { txRef: o.txRef } : {}),
    });
    pages = answer.pages;
    for (const t of answer.items) {
      const ours = o.txRef ? t.txRef === o.txRef : t.txRef?.startsWith(ACCOUNT_REF_PREFIX);
      if (ours && t.status === 'successful' && t.paymentType === 'bank_transfer') {
        seen.set(t.transactionId, t);
      }
    }
    page++;
  } while (page <= pages && page <= LIST_MAX_PAGES);
  return { items: [...seen.values()], truncated: pages > LIST_MAX_PAGES };
}

/** The ones of `ids` already recorded (credited, held or assigned). */
export async function recordedTransferIds(db: Db, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 200) {
    const rows = await db
      .selectFrom('bank_transfers')
      .select('provider_id')
      .where('provider_id', 'in', ids.slice(i, i + 200))
      .execute();
    for (const r of rows) out.add(r.provider_id);
  }
  return out;
}

/**
 * The transfers the provider listed recently and we have not recorded, received now (each
 * verified, then credited or held once: `receiveTransfer`'s guarantees). A webhook that
 * never came, or came while the provider could not confirm it, is credited here.
 */
export async function pollTransfers(
  ctx: AppContext,
  o: { now?: number; txRef?: string } = {},
): Promise<{ listed: number; credited: number; held: number; failed: number }> {
  const now = o.now ?? Date.now();
  const { items, truncated } = await providerTransfers(ctx, {
    from: now - TRANSFER_POLL_DAYS * DAY_MS,
    // A day ahead: the provider's calendar day may already be tomorrow in UTC terms.
    to: now + DAY_MS,
    ...(o.txRef ? { txRef: o.txRef } : {}),
  });
  if (truncated) ctx.log.warn('transfer poll: more transactions than it lists in one pass');
  const known = await recordedTransferIds(
    ctx.db,
    items.map((t) => t.transactionId),
  );
  const summary = { listed: items.length, credited: 0, held: 0, failed: 0 };
  for (const t of items) {
    if (known.has(t.transactionId)) continue;
    try {
      const outcome = await receiveTransfer(ctx, t.transactionId);
      if (outcome === 'credited') summary.credited++;
      if (outcome === 'held') summary.held++;
    } catch {
      summary.failed++; // logged by receiveTransfer; the next pass tries again
    }
  }
  if (summary.credited || summary.held) {
    ctx.log.info(summary, 'transfer poll: received transfers no webhook had settled');
  }
  return summary;
}

export function startTransferPollWorker(
  ctx: AppContext,
  everyMs = TRANSFER_POLL_MS,
): () => Promise<void> {
  return startWorker(ctx, 'transfer poll', () => pollTransfers(ctx), everyMs);
}

const toHeld = (
  row: Selectable<BankTransfersTable> & { email: string | null },
  waiting: { email: string | null; maker_email: string; why: string } | undefined,
): HeldTransfer => ({
  id: row.id,
  reference: row.provider_id,
  account_number: row.account_number ?? '',
  sender: row.sender,
  amount: Number(row.amount),
  status: row.status === 'assigned' ? 'assigned' : 'held',
  assigned_to: row.status === 'assigned' ? row.email : null,
  received_at: Number(row.created_at),
  awaiting:
    row.status === 'held' && waiting
      ? {
          customer: waiting.email ?? '',
          maker: waiting.maker_email,
          why: waiting.why as WaitReason,
        }
      : null,
});

/** Held transfers (still to assign) first, then the ones assigned, newest first. */
export async function listHeld(ctx: AppContext, query: { page: number; limit: number }) {
  const base = ctx.db
    .selectFrom('bank_transfers')
    .leftJoin('users', 'users.id', 'bank_transfers.user_id')
    .where('bank_transfers.status', 'in', ['held', 'assigned']);
  const total = await countRows(base);
  const rows = await base
    .selectAll('bank_transfers')
    .select('users.email')
    .orderBy('bank_transfers.status', 'desc') // held before assigned
    .orderBy('bank_transfers.created_at', 'desc')
    .orderBy('bank_transfers.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const waiting = await pendingFor(
    ctx.db,
    'transfer.assign',
    rows.filter((r) => r.status === 'held').map((r) => r.id),
  );
  return paged(
    rows.map((r) => toHeld(r, waiting.get(r.id))),
    query,
    total,
  );
}

/**
 * Credits a held transfer to a customer, in `trx`: the guarded `held → assigned` change (of
 * parallel assignments only one moves it), the credit, and the audit entry of `actor` (the
 * admin who assigned it, or who approved the assignment).
 */
async function applyAssignment(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  transferId: string,
  customer: { id: string; email: string },
  now: number,
): Promise<void> {
  const row = await trx
    .updateTable('bank_transfers')
    .set({ status: 'assigned', user_id: customer.id, updated_at: now })
    .where('id', '=', transferId)
    .where('status', '=', 'held')
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const exists = await trx
      .selectFrom('bank_transfers')
      .select('status')
      .where('id', '=', transferId)
      .executeTakeFirst();
    if (!exists) throw new ApiError('not_found', TRANSFER_MSG.transferNotFound);
    throw new ApiError('conflict', TRANSFER_MSG.alreadyAssigned);
  }
  const paymentId = await creditTransfer(ctx, trx, {
    providerId: row.provider_id,
    userId: customer.id,
    amount: Number(row.amount),
    now,
    assigned: true,
  });
  await trx
    .updateTable('bank_transfers')
    .set({ payment_id: paymentId })
    .where('id', '=', row.id)
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      action: 'transfer.assign',
      targetType: 'transfer',
      targetId: row.id,
      targetLabel: `Transfer ${row.provider_id}`,
      before: { status: 'held', customer: null, amount_kobo: Number(row.amount) },
      after: { status: 'assigned', customer: customer.email, amount_kobo: Number(row.amount) },
    },
    now,
  );
}

/**
 * An admin assigns a held transfer to a customer (ADR 0070): never to their own wallet; at
 * once when it fits the four-eyes rules, else it waits for a second admin (`approvals`), and
 * the transfer stays held meanwhile. Answers what happened in one sentence.
 */
export async function assignTransfer(
  ctx: AppContext,
  actor: Actor,
  body: { id: string; email: string },
): Promise<string> {
  return ctx.dbh.writeTx(async (trx) => {
    const customer = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', body.email)
      .executeTakeFirst();
    if (!customer) throw new ApiError('not_found', SERVER_MSG.userNotFound);
    // Locked (PostgreSQL) so that an instant assignment and a request to assign the same
    // transfer are decided one after the other, never leaving a request for a transfer gone.
    const transfer = await trx
      .selectFrom('bank_transfers')
      .select(['id', 'status', 'amount', 'provider_id'])
      .where('id', '=', body.id)
      .$if(ctx.dbh.engine === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    if (!transfer) throw new ApiError('not_found', TRANSFER_MSG.transferNotFound);
    if (transfer.status !== 'held') throw new ApiError('conflict', TRANSFER_MSG.alreadyAssigned);
    refuseOwnWallet(actor, customer.id);
    const now = Date.now();
    // While an assignment waits for approval, nobody assigns the transfer another way.
    const waits = await instantOrRequest(
      ctx,
      trx,
      actor,
      {
        kind: 'transfer.assign',
        targetId: transfer.id,
        userId: customer.id,
        amount: Number(transfer.amount),
        payload: {},
        summary: `Assign transfer ${transfer.provider_id} to ${customer.email}`,
      },
      now,
    );
    if (waits !== null) return waits;
    await applyAssignment(ctx, trx, actor, transfer.id, customer, now);
    return TRANSFER_MSG.assigned;
  });
}

/** An approved assignment: credited now, with the approver's audit entry. */
export const assignApproved: Executor = async (ctx, trx, approval, checker, now) => {
  const customer = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', approval.user_id!)
    .executeTakeFirstOrThrow();
  await applyAssignment(ctx, trx, checker, approval.target_id, customer, now);
};
