import type { Transaction } from '@contract/entities';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { ShareReceiptButton } from '@/components/ui/share-receipt-button';
import { Money } from '@/components/ui/money';
import { StatusBadge } from '@/components/ui/status-badge';

export type PurchaseResultProps = {
  /** The transaction the purchase call answered. */
  transaction: Transaction;
  /** Back to an empty form. */
  onDone: () => void;
};

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

/**
 * What happened to a purchase (decisions §5): successful (with the electricity token or exam
 * pins to keep), pending (the provider is still working on it) or failed (its message).
 */
export function PurchaseResult({ transaction: t, onDone }: PurchaseResultProps) {
  const codes = splitCodes(t.purchased_code);
  return (
    <div className="flex flex-col gap-4" data-testid="purchase-result">
      {t.status === 'successful' ? (
        <FormAlert tone="success" title="Purchase successful">
          {t.plan ?? t.product} — <Money kobo={t.value} />
        </FormAlert>
      ) : t.status === 'pending' ? (
        <FormAlert tone="info" title="Purchase pending">
          Your purchase is being processed. Check your transaction history for its final status.
        </FormAlert>
      ) : (
        <FormAlert title="Purchase failed">
          {t.response_msg ?? 'The provider could not complete this purchase.'}
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
        <dt className="text-muted">Transaction</dt>
        <dd className="break-all">{t.transaction_id}</dd>
        <dt className="text-muted">Status</dt>
        <dd>
          <StatusBadge kind="transaction" status={t.status} />
        </dd>
        <dt className="text-muted">Charged</dt>
        <dd>
          <Money kobo={t.amountCharged} />
        </dd>
        {t.customerName ? (
          <>
            <dt className="text-muted">Customer</dt>
            <dd>{t.customerName}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        <ShareReceiptButton transaction={t} />
        <Button variant="secondary" onClick={onDone}>
          Make another purchase
        </Button>
      </div>
    </div>
  );
}
