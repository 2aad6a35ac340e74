import type { Transaction } from '@contract/entities';
import { FAILURE_MSG } from '@contract/messages/history';
import { PURCHASE_PENDING_MSG } from '@contract/messages/purchase';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { CopyButton } from '@/components/ui/copy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { ShareReceiptButton } from '@/components/ui/share-receipt-button';
import { Money } from '@/components/ui/money';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatNaira } from '@/lib/money';
import { isRefunded } from '@/lib/statement';
import { usePurchaseStatus, type PendingRefresh } from '../api/purchase-status';

export type PurchaseResultProps = {
  /** The transaction the purchase call answered. */
  transaction: Transaction;
  /** Back to an empty form. */
  onDone: () => void;
  /**
   * Where it went when the transaction does not say: a JAMB profile id is sent to the
   * provider but not kept on the transaction.
   */
  destination?: { label: string; value: string };
  /** How a pending purchase is asked about (PENDING_REFRESH; stories shorten it). */
  refresh?: PendingRefresh;
};

/** Where the purchase went, as the transaction records it (spec §7 fields). */
function destinationOf(t: Transaction): { label: string; value: string } | undefined {
  if (t.transaction_phone) return { label: 'Phone number', value: t.transaction_phone };
  if (t.meter_number) return { label: 'Meter number', value: t.meter_number };
  if (t.smart_card_number) return { label: 'Smart card number', value: t.smart_card_number };
  if (t.account_id) return { label: 'Account ID', value: t.account_id };
  return undefined;
}

/** One value the customer must keep (a token, a pin), large and copyable. */
function Keepsake({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="font-mono text-lg font-bold break-all">{value}</p>
      </div>
      <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}

/** Exam cards as the provider returns them ("Serial No: …, Pin: …; …"), one per card. */
function splitCodes(code: string | undefined): string[] {
  return (code ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** A failed purchase whose money has not come back yet: when and how it will. */
export const NOT_REFUNDED_YET =
  'Your money has not come back yet: an admin reviews failed purchases and refunds them, and we e-mail you when it is back in your wallet.';

/**
 * What happened to a purchase (decisions §5): successful (with the electricity token or exam
 * pins to keep), pending (the provider is still working on it, past the purchase's answer
 * budget: the screen says what happens next and when, offers no receipt, asks again by itself
 * and turns into the outcome; ADR 0075) or failed (its message, and the refund
 * once the money came back). What was bought and where it went head the details.
 */
export function PurchaseResult({ transaction, onDone, destination, refresh }: PurchaseResultProps) {
  const status = usePurchaseStatus(transaction, refresh);
  const t = status.transaction;
  const codes = splitCodes(t.purchased_code);
  const refunded = isRefunded(t);
  const to = destinationOf(t) ?? destination;
  return (
    <div className="flex flex-col gap-4" data-testid="purchase-result">
      {t.status === 'successful' ? (
        <FormAlert tone="success" title="Purchase successful">
          {t.plan ?? t.product} — <Money kobo={t.value} />
        </FormAlert>
      ) : t.status === 'pending' ? (
        <FormAlert tone="info" title="Purchase pending">
          <p>{status.gaveUp ? PURCHASE_PENDING_MSG.stillPending : PURCHASE_PENDING_MSG.body}</p>
          <p className="mt-1 text-muted">{PURCHASE_PENDING_MSG.next}</p>
        </FormAlert>
      ) : (
        <FormAlert title="Purchase failed">
          {/* The server's plain sentence for the reason (ADR 0074), never the provider's words. */}
          {t.response_msg ?? FAILURE_MSG.unknown('purchase')}
          {refunded ? (
            <> {FAILURE_MSG.refunded(formatNaira(t.refund?.amount ?? t.amountCharged))}</>
          ) : (
            // Auto-refund off (AUTO_REVERSE_FAILED=0): an admin refunds it.
            ` ${NOT_REFUNDED_YET}`
          )}
        </FormAlert>
      )}
      {t.status === 'successful' ? (
        <div className="flex flex-col gap-3">
          {t.token ? <Keepsake label="Token" value={t.token} /> : null}
          {t.units ? <Keepsake label="Units" value={t.units} /> : null}
          {t.exchangeReference ? (
            <Keepsake label="Exchange reference" value={t.exchangeReference} />
          ) : null}
          {codes.map((code, i) => (
            <Keepsake key={code} label={codes.length > 1 ? `Pin ${i + 1}` : 'Pin'} value={code} />
          ))}
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Product</dt>
        <dd className="[overflow-wrap:anywhere]">
          {t.plan ? `${t.product} · ${t.plan}` : t.product}
        </dd>
        {to ? (
          <>
            <dt className="text-muted">{to.label}</dt>
            <dd className="font-mono break-all">{to.value}</dd>
          </>
        ) : null}
        <dt className="text-muted">Transaction</dt>
        <dd className="break-all">{t.transaction_id}</dd>
        <dt className="text-muted">Status</dt>
        <dd>
          <StatusBadge kind="transaction" status={t.status} />
        </dd>
        {refunded ? (
          <>
            <dt className="text-muted">Refunded</dt>
            <dd>
              <Money kobo={t.refund?.amount ?? t.amountCharged} />
            </dd>
            {t.refund ? (
              <>
                <dt className="text-muted">Refunded on</dt>
                <dd>
                  <DateText epochMs={t.refund.date} />{' '}
                  <DateText epochMs={t.refund.date} show="time" />
                </dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt className="text-muted">Charged</dt>
            <dd>
              <Money kobo={t.amountCharged} />
            </dd>
          </>
        )}
        {t.customerName ? (
          <>
            <dt className="text-muted">Customer</dt>
            <dd>{t.customerName}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        {status.gaveUp ? (
          <Button variant="secondary" onClick={status.checkAgain}>
            Check again
          </Button>
        ) : null}
        {/* A receipt is proof of what was bought: none until the provider delivered it. */}
        {t.status === 'successful' ? <ShareReceiptButton transaction={t} /> : null}
        <Button variant="secondary" onClick={onDone}>
          Make another purchase
        </Button>
      </div>
    </div>
  );
}
