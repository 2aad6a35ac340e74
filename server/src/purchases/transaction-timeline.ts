/**
 * One transaction's story (ADR 0083), merged at read time from where each fact is kept: the
 * row itself (created), `transaction_events` (provider calls, requeries, callbacks, failover
 * hops, status changes: transaction-events.ts and migration 0042's trigger), the ledger (the
 * entries of its movements: memo = its id, with the balance before and after), the audit log
 * (admin actions on it), `mail_outbox` (by `transaction_id`) and `sms_outbox` (by its event
 * key, `<kind>:<transaction id>`). Each source is read by an index on the transaction's id,
 * except the SMS outbox, whose key ends with it (a scan of that table; ADR 0083 says when to
 * index it).
 *
 * The admin's answer is everything, redacted where it was written; the customer's is only the
 * statuses it took and the messages sent, never a provider, a code or a request.
 */
import {
  AUDIT_ACTION_LABELS,
  SERVER_MSG,
  TRANSACTION_STATUSES,
  type AuditAction,
  type CustomerTimelineEvent,
  type MessageState,
  type TimelineEvent,
  type TransactionStatus,
  type TransactionTimeline,
} from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import { providerLabel } from './disputes.ts';
import { toAdminTransaction } from '../wallet/transaction-view.ts';

/** The mail worker gives a mail up after this many attempts (mail.ts). */
const MAIL_MAX_ATTEMPTS = 10;

const blank = {
  provider: null,
  code: null,
  detail: null,
  latency_ms: null,
  request: null,
  status: null,
  account: null,
  amount: null,
  balance_before: null,
  balance_after: null,
} satisfies Partial<TimelineEvent>;

const ASKERS: Record<string, string> = {
  purchase: 'System',
  worker: 'Requery worker',
  admin: 'An admin',
  callback: 'Provider callback',
};

const MOVEMENT_TITLES: Record<string, string> = {
  purchase: 'Debited for the purchase',
  coupon_redemption: 'Paid with a coupon',
  reversal: 'Refunded',
};

/** A ledger account as support calls it. */
function accountLabel(account: string): string {
  if (account.startsWith('wallet:')) return "Customer's wallet";
  if (account.startsWith('system:provider_float')) return 'Provider float';
  if (account === 'system:coupon_liability') return 'Coupon liability';
  return account.replace(/^system:/, '').replace(/_/g, ' ');
}

/** An audit entry's before and after as one short line: `status: pending → reversed`. */
function auditDetail(before: string | null, after: string | null): string | null {
  const parse = (text: string | null): Record<string, unknown> => {
    if (!text) return {};
    try {
      const value = JSON.parse(text) as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const b = parse(before);
  const a = parse(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const parts = keys.map((k) =>
    k in b && k in a && b[k] !== a[k]
      ? `${k}: ${String(b[k])} → ${String(a[k])}`
      : `${k}: ${String(k in a ? a[k] : b[k])}`,
  );
  return parts.length ? parts.join(', ').slice(0, 500) : null;
}

const mailState = (row: { sent_at: number | null; attempts: number }): MessageState =>
  row.sent_at !== null ? 'sent' : Number(row.attempts) >= MAIL_MAX_ATTEMPTS ? 'failed' : 'queued';

const smsState = (status: string): MessageState =>
  status === 'sent' ? 'sent' : status === 'failed' || status === 'skipped' ? 'failed' : 'queued';

/** `2348031234567` → `+234 803 ••• 4567`: enough to tell which phone, not the whole number. */
const maskedNumber = (n: string) =>
  n.length > 7 ? `+${n.slice(0, 3)} ${n.slice(3, 6)} ••• ${n.slice(-4)}` : '•••';

/** The SMS outbox rows about a transaction: their key is `<kind>:<transaction id>`. */
function smsAbout(db: Db, id: string) {
  return db
    .selectFrom('sms_outbox')
    .select([
      'event_key',
      'to_number',
      'status',
      'created_at',
      'sent_at',
      'last_error',
      'delivery_status',
      'delivery_detail',
    ])
    .where('event_key', 'like', `%:${id.replace(/[%_]/g, '')}`)
    .orderBy('id')
    .execute();
}

function mailsAbout(db: Db, id: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['subject', 'created_at', 'sent_at', 'attempts', 'last_error'])
    .where('transaction_id', '=', id)
    .orderBy('id')
    .execute();
}

function statusEvents(db: Db, id: string) {
  return db
    .selectFrom('transaction_events')
    .selectAll()
    .where('transaction_id', '=', id)
    .orderBy('id')
    .execute();
}

/**
 * Facts of one millisecond in the order the code writes them: the record and its debit (one
 * database transaction, committed before the call), then the provider's answers, then the
 * status change they caused, its ledger movement, the admin's audit entry (written last in the
 * same transaction), the messages; within a kind, as read.
 */
const TIE_RANK: Record<string, number> = {
  created: 0,
  provider_call: 1,
  requery: 1,
  callback: 1,
  failover: 1,
  status: 2,
  ledger: 3,
  audit: 4,
  mail: 5,
  sms: 5,
  message: 5,
};

/** Stable by time, ties by TIE_RANK (or the rank `withRecord` events share with it), then as read. */
const byTime = <T extends { at: number; kind: string }>(
  events: T[],
  withRecord: ReadonlySet<T> = new Set(),
): T[] => {
  const rank = (e: T) => (withRecord.has(e) ? TIE_RANK.created! : (TIE_RANK[e.kind] ?? 9));
  return events
    .map((e, i) => ({ e, i }))
    .sort((x, y) => x.e.at - y.e.at || rank(x.e) - rank(y.e) || x.i - y.i)
    .map(({ e }) => e);
};

/** The admin's timeline of transaction `id`; 404 when there is none. */
export async function adminTimeline(ctx: AppContext, id: string): Promise<TransactionTimeline> {
  const row = await ctx.db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .selectAll('transactions')
    .select('users.email')
    .where('transactions.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  const { email, ...tx } = row;
  const events: TimelineEvent[] = [];

  const destination =
    tx.transaction_phone ?? tx.meter_number ?? tx.smart_card_number ?? tx.account_id;
  events.push({
    ...blank,
    at: Number(tx.created_at),
    kind: 'created',
    title: [tx.product, tx.plan, destination].filter(Boolean).join(' · '),
    actor: tx.api_key_id ? `${email} (API key)` : email,
    provider: tx.provider ? providerLabel(tx.provider) : null,
    detail: tx.provider_request_id ? `Request id ${tx.provider_request_id}` : null,
    amount: Number(tx.amount_charged),
  });

  const movementIds = await ctx.db
    .selectFrom('movements')
    .select(['id', 'kind'])
    .where((eb) =>
      eb.or([eb('memo', '=', id), ...(tx.movement_id ? [eb('id', '=', tx.movement_id)] : [])]),
    )
    .execute();
  const kinds = new Map(movementIds.map((m) => [m.id, m.kind]));
  const entries = movementIds.length
    ? await ctx.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where(
          'movement_id',
          'in',
          movementIds.map((m) => m.id),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  // Within a movement the customer's wallet first: the line support reads to the customer.
  const wallet = (account: string) => (account.startsWith('wallet:') ? 0 : 1);
  entries.sort(
    (a, b) =>
      Number(a.created_at) - Number(b.created_at) ||
      (a.movement_id === b.movement_id ? wallet(a.account_id) - wallet(b.account_id) : 0),
  );
  // The purchase's own debit is written with its record, before the call.
  const withRecord = new Set<TimelineEvent>();
  for (const e of entries) {
    const kind = kinds.get(e.movement_id) ?? '';
    const event: TimelineEvent = {
      ...blank,
      at: Number(e.created_at),
      kind: 'ledger',
      title: MOVEMENT_TITLES[kind] ?? kind.replace(/_/g, ' '),
      actor: 'Ledger',
      account: accountLabel(e.account_id),
      amount: Number(e.amount),
      balance_before: Number(e.balance_before),
      balance_after: Number(e.balance_after),
    };
    events.push(event);
    if (e.movement_id === tx.movement_id) withRecord.add(event);
  }

  for (const e of await statusEvents(ctx.db, id)) {
    const label = e.provider ? providerLabel(e.provider) : 'the provider';
    const common = {
      ...blank,
      at: Number(e.at),
      provider: e.provider ? providerLabel(e.provider) : null,
      code: e.code,
      detail: e.description,
      latency_ms: e.latency_ms === null ? null : Number(e.latency_ms),
      request: e.request,
      status: e.outcome,
    };
    switch (e.kind) {
      case 'provider_call':
        events.push({
          ...common,
          kind: 'provider_call',
          title: `Sent to ${label}`,
          actor: ASKERS[e.actor ?? 'purchase'] ?? 'System',
        });
        break;
      case 'requery':
        events.push({
          ...common,
          kind: 'requery',
          title: `Asked ${label} about it`,
          actor: ASKERS[e.actor ?? 'worker'] ?? 'System',
        });
        break;
      case 'callback':
        events.push({
          ...common,
          kind: 'callback',
          title: `Callback from ${label}`,
          actor: label,
          detail: e.outcome ? `It reported: ${e.outcome}` : null,
        });
        break;
      case 'failover':
        events.push({
          ...common,
          kind: 'failover',
          title: `Moved from ${e.previous ? providerLabel(e.previous) : 'the provider'} to ${label}`,
          actor: 'System',
          status: null,
        });
        break;
      case 'status':
        events.push({
          ...common,
          provider: null,
          kind: 'status',
          title: `${e.previous ?? 'new'} → ${e.outcome ?? ''}`,
          actor: 'System',
        });
        break;
    }
  }

  const audit = await ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', id)
    .orderBy('created_at')
    .execute();
  for (const a of audit) {
    events.push({
      ...blank,
      at: Number(a.created_at),
      kind: 'audit',
      title: AUDIT_ACTION_LABELS[a.action as AuditAction] ?? a.action,
      actor: a.admin_email,
      detail: auditDetail(a.before_json, a.after_json),
    });
  }

  for (const m of await mailsAbout(ctx.db, id)) {
    events.push({
      ...blank,
      at: Number(m.created_at),
      kind: 'mail',
      title: m.subject.slice(0, 200),
      actor: 'System',
      detail: m.last_error && m.sent_at === null ? `Last error: ${m.last_error}` : null,
      status: mailState({ sent_at: m.sent_at, attempts: Number(m.attempts) }),
    });
  }
  for (const s of await smsAbout(ctx.db, id)) {
    const what = s.event_key.slice(0, s.event_key.indexOf(':'));
    events.push({
      ...blank,
      at: Number(s.created_at),
      kind: 'sms',
      title: `${what} to ${maskedNumber(s.to_number)}`,
      actor: 'System',
      // Termii's delivery report when it gave one (ADR 0086), in its words.
      detail: s.delivery_detail
        ? `Termii: ${s.delivery_detail}`
        : s.last_error && s.status !== 'sent'
          ? `Last error: ${s.last_error}`
          : null,
      status: s.status === 'sent' && s.delivery_status ? s.delivery_status : smsState(s.status),
    });
  }

  return { transaction: toAdminTransaction(tx, email), events: byTime(events, withRecord) };
}

const isStatus = (s: string | null): s is TransactionStatus =>
  s !== null && (TRANSACTION_STATUSES as readonly string[]).includes(s);

/**
 * The customer's part of their own transaction `id`: the statuses it took, when, and the
 * messages sent about it. Another customer's transaction is not found (404), as a missing one.
 */
export async function customerTimeline(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<CustomerTimelineEvent[]> {
  const tx = await ctx.db
    .selectFrom('transactions')
    .select(['id', 'status', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!tx) throw new ApiError('not_found', SERVER_MSG.transactionNotFound);
  const changes = (await statusEvents(ctx.db, id)).filter((e) => e.kind === 'status');
  // The status it was made with: the first change's `previous`, or the status it still has.
  const first = changes[0]?.previous ?? tx.status;
  const none = { status: null, channel: null, state: null };
  const events: CustomerTimelineEvent[] = [];
  if (isStatus(first)) {
    events.push({ ...none, kind: 'status', at: Number(tx.created_at), status: first });
  }
  for (const c of changes) {
    if (isStatus(c.outcome)) {
      events.push({ ...none, kind: 'status', at: Number(c.at), status: c.outcome });
    }
  }
  for (const m of await mailsAbout(ctx.db, id)) {
    events.push({
      ...none,
      kind: 'message',
      at: Number(m.created_at),
      channel: 'email',
      state: mailState({ sent_at: m.sent_at, attempts: Number(m.attempts) }),
    });
  }
  for (const s of await smsAbout(ctx.db, id)) {
    events.push({
      ...none,
      kind: 'message',
      at: Number(s.created_at),
      channel: 'sms',
      state: smsState(s.status),
    });
  }
  return byTime(events);
}
