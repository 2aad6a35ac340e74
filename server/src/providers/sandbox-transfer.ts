/**
 * The default bank-transfer provider: virtual accounts and incoming transfers simulated by the
 * server itself (issue 16; ADR 0024). `createVirtualAccount` hands out a 10-digit number at
 * "Sandbox Bank"; the page at `/sandbox/transfer` (served by the server in sandbox mode only)
 * "sends" a transfer of any amount to any number with `sendTransfer`, which answers the
 * Flutterwave-shaped webhook to deliver (signed with this provider's secret). `verifyTransfer`
 * answers what was sent, so the server's credit path is the same as with Flutterwave.
 */
import { randomBytes } from 'node:crypto';
import type { Kobo } from '@contract';
import { pendingTransfer } from './card-verification.ts';
import type { TransferProvider, TransferVerification } from './types.ts';
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

/** One store, two kinds of record: `account:<number>` and `transfer:<id>`. */
export type SandboxTransferRecord =
  { account: SandboxVirtualAccount } | { transfer: SandboxTransfer };

export interface SandboxTransferOptions {
  store?: KeyValueStore<SandboxTransferRecord>;
  /** The `verif-hash` its webhooks carry (default: a random secret of this process). */
  webhookHash?: string;
  now?: () => Date;
}

export interface SandboxWebhook {
  headers: Record<string, string>;
  body: {
    event: 'charge.completed';
    data: {
      id: number;
      tx_ref: string;
      amount: number;
      currency: 'NGN';
      status: 'successful';
      payment_type: 'bank_transfer';
    };
  };
}

export interface SandboxTransferProvider extends TransferProvider {
  /** Records a transfer of `amount` to `accountNumber` and answers the webhook to deliver. */
  sendTransfer(input: {
    accountNumber: string;
    amount: Kobo;
    sender: string;
  }): Promise<{ transfer: SandboxTransfer; webhook: SandboxWebhook }>;
  getAccount(accountNumber: string): Promise<SandboxVirtualAccount | undefined>;
}

export function createSandboxTransferProvider(
  options: SandboxTransferOptions = {},
): SandboxTransferProvider {
  const store = options.store ?? memoryStore<SandboxTransferRecord>();
  const now = options.now ?? (() => new Date());
  const hash = options.webhookHash ?? randomBytes(24).toString('hex');

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
      return {
        transfer,
        webhook: {
          headers: { 'verif-hash': hash, 'content-type': 'application/json' },
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

    async verifyTransfer(transactionId): Promise<TransferVerification> {
      const r = await store.get(`transfer:${transactionId}`);
      if (!r || !('transfer' in r)) {
        return pendingTransfer(transactionId, { error: 'No transaction was found' });
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

    verifyWebhookSignature(headers) {
      const given = headerValue(headers, 'verif-hash');
      return Boolean(given && safeEqual(given, hash));
    },
  };
}
