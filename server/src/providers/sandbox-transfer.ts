/**
 * The default bank-transfer provider: virtual accounts and incoming transfers simulated by the
 * server itself (issue 16; ADR 0024). `createVirtualAccount` hands out a 10-digit number at
 * "Sandbox Bank"; the page at `/sandbox/transfer` (served by the server in sandbox mode only)
 * "sends" a transfer of any amount to any number with `sendTransfer`, which answers the
 * Flutterwave-shaped webhook to deliver (signed with this provider's secret). `verifyTransfer`
 * answers what was sent, so the server's credit path is the same as with Flutterwave;
 * `listTransfers` answers the recent ones, newest first, for the poller (ADR 0039).
 */
import { randomBytes } from 'node:crypto';
import type { Kobo } from '@contract';
import { pendingTransfer } from './card-verification.ts';
import type { ListedTransfer, TransferProvider, TransferVerification } from './types.ts';
import { type KeyValueStore, headerValue, memoryStore, randomDigits, safeEqual } from './util.ts';

export const SANDBOX_TRANSFER_PATH = '/sandbox/transfer';
export const SANDBOX_BANK = 'Sandbox Bank';

export interface SandboxVirtualAccount {
  accountNumber: string;
  accountName: string;
  txRef: string;
  createdAt: string;
}

export interface SandboxTransfer {
  id: string;
  accountNumber: string;
  /** The account's tx_ref; a number that is nobody's gets a reference no account has. */
  txRef: string;
  amount: Kobo;
  sender: string;
  createdAt: string;
}

/**
 * One store, three kinds of record: `account:<number>`, `transfer:<id>` and `recent` (the
 * newest transfer ids, for `listTransfers`: the store cannot enumerate its keys).
 */
export type SandboxTransferRecord =
  { account: SandboxVirtualAccount } | { transfer: SandboxTransfer } | { recent: string[] };

/** How many transfer ids `recent` keeps (a sandbox: older ones are no longer listed). */
const RECENT_MAX = 500;
const PAGE_SIZE = 10;

export interface SandboxTransferOptions {
  store?: KeyValueStore<SandboxTransferRecord>;
  /** The `verif-hash` its webhooks carry (default: a random secret of this process). */
  webhookHash?: string;
  now?: () => Date;
}

/** `{ event, data }`, as developer.flutterwave.com/docs/webhooks shows it. */
export interface SandboxNestedBody {
  event: 'charge.completed';
  data: {
    id: number;
    tx_ref: string;
    amount: number;
    currency: 'NGN';
    status: 'successful';
    payment_type: 'bank_transfer';
  };
}

/** The older flat shape bank transfers may still arrive in (ADR 0039). */
export interface SandboxFlatBody {
  id: number;
  txRef: string;
  orderRef: string;
  amount: number;
  currency: 'NGN';
  status: 'successful';
  createdAt: string;
  'event.type': 'BANK_TRANSFER_TRANSACTION';
}

export interface SandboxWebhook<B = SandboxNestedBody> {
  headers: Record<string, string>;
  body: B;
}

export interface SandboxTransferProvider extends TransferProvider {
  /** Records a transfer of `amount` to `accountNumber` and answers the webhook to deliver. */
  sendTransfer(input: {
    accountNumber: string;
    amount: Kobo;
    sender: string;
  }): Promise<{ transfer: SandboxTransfer; webhook: SandboxWebhook }>;
  /** The same transfer's webhook in the older flat shape. */
  flatWebhook(transfer: SandboxTransfer): SandboxWebhook<SandboxFlatBody>;
  getAccount(accountNumber: string): Promise<SandboxVirtualAccount | undefined>;
}

export function createSandboxTransferProvider(
  options: SandboxTransferOptions = {},
): SandboxTransferProvider {
  const store = options.store ?? memoryStore<SandboxTransferRecord>();
  const now = options.now ?? (() => new Date());
  const hash = options.webhookHash ?? randomBytes(24).toString('hex');
  const signed = { 'verif-hash': hash, 'content-type': 'application/json' };

  const getAccount = async (n: string) => {
    const r = await store.get(`account:${n}`);
    return r && 'account' in r ? r.account : undefined;
  };

  return {
    name: 'sandbox-transfer',

    async createVirtualAccount(req) {
      let accountNumber = '';
      do accountNumber = `99${randomDigits(8)}`;
      while (await store.get(`account:${accountNumber}`));
      const accountName = `PayBills / ${req.firstName} ${req.lastName}`.trim().slice(0, 200);
      await store.set(`account:${accountNumber}`, {
        account: { accountNumber, accountName, txRef: req.txRef, createdAt: now().toISOString() },
      });
      return { accountNumber, bankName: SANDBOX_BANK, accountName, providerRef: req.txRef };
    },

    getAccount,

    async sendTransfer({ accountNumber, amount, sender }) {
      const account = await getAccount(accountNumber);
      const id = `${randomDigits(1).replace('0', '8')}${randomDigits(9)}`;
      const transfer: SandboxTransfer = {
        id,
        accountNumber,
        txRef: account?.txRef ?? `SANDBOX-NOBODY-${accountNumber}`,
        amount,
        sender,
        createdAt: now().toISOString(),
      };
      await store.set(`transfer:${id}`, { transfer });
      // Read-modify-write: two transfers sent at the same instant may drop one from the list
      // (it is still verified and credited by its webhook). Good enough for a sandbox.
      const recent = await store.get('recent');
      const ids = recent && 'recent' in recent ? recent.recent : [];
      await store.set('recent', { recent: [id, ...ids].slice(0, RECENT_MAX) });
      return {
        transfer,
        webhook: {
          headers: signed,
          body: {
            event: 'charge.completed',
            data: {
              id: Number(id),
              tx_ref: transfer.txRef,
              amount: amount / 100,
              currency: 'NGN',
              status: 'successful',
              payment_type: 'bank_transfer',
            },
          },
        },
      };
    },

    flatWebhook(transfer) {
      return {
        headers: signed,
        body: {
          id: Number(transfer.id),
          txRef: transfer.txRef,
          orderRef: transfer.txRef,
          amount: transfer.amount / 100,
          currency: 'NGN',
          status: 'successful',
          createdAt: transfer.createdAt,
          'event.type': 'BANK_TRANSFER_TRANSACTION',
        },
      };
    },

    async verifyTransfer(transactionId): Promise<TransferVerification> {
      const r = await store.get(`transfer:${transactionId}`);
      if (!r || !('transfer' in r)) {
        return {
          ...pendingTransfer(transactionId, { error: 'No transaction was found' }),
          status: 'not_found',
        };
      }
      const t = r.transfer;
      return {
        status: 'successful',
        transactionId: t.id,
        txRef: t.txRef,
        accountNumber: t.accountNumber,
        amount: t.amount,
        currency: 'NGN',
        paymentType: 'bank_transfer',
        sender: t.sender,
        raw: { sandbox: true, transfer: t },
      };
    },

    async listTransfers(query) {
      const recent = await store.get('recent');
      const from = Date.parse(query.from.toISOString().slice(0, 10));
      const to = Date.parse(query.to.toISOString().slice(0, 10)) + 86_400_000;
      const all: ListedTransfer[] = [];
      for (const id of recent && 'recent' in recent ? recent.recent : []) {
        const r = await store.get(`transfer:${id}`);
        if (!r || !('transfer' in r)) continue;
        const t = r.transfer;
        const at = Date.parse(t.createdAt);
        if (at < from || at >= to || (query.txRef && t.txRef !== query.txRef)) continue;
        all.push({
          transactionId: t.id,
          txRef: t.txRef,
          status: 'successful',
          amount: t.amount,
          currency: 'NGN',
          paymentType: 'bank_transfer',
          createdAt: at,
        });
      }
      const start = (query.page - 1) * PAGE_SIZE;
      return {
        items: all.slice(start, start + PAGE_SIZE),
        pages: Math.max(1, Math.ceil(all.length / PAGE_SIZE)),
      };
    },

    verifyWebhookSignature(headers) {
      const given = headerValue(headers, 'verif-hash');
      return Boolean(given && safeEqual(given, hash));
    },
  };
}
