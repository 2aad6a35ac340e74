import { MSG } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { ShareReceiptButton } from '@/components/ui/share-receipt-button';
import { useSentShareLine, type SentShare } from '../api/share-funds';

export type ShareFundsResultProps = {
  sent: SentShare;
  /** Back to an empty form. */
  onDone: () => void;
};

/**
 * After Share Funds (ADR 0075): "Funds Sent Successfully." (spec §8), then what was sent, to
 * whom (the masked name the customer confirmed, ADR 0046), the transaction id and time, the new
 * balance, and the same shareable receipt as a purchase's and History's, made of the share's
 * statement line with the confirmed name. Until the line is found the id and time say so.
 */
export function ShareFundsResult({ sent, onDone }: ShareFundsResultProps) {
  const { line, failed } = useSentShareLine(sent);
  const receipt = line ? { ...line, counterparty_name: sent.name } : undefined;
  const pendingText = failed ? 'See Transaction History' : 'Loading…';
  return (
    <div className="flex flex-col gap-4" data-testid="share-result">
      <FormAlert tone="success" title={MSG.fundsSent}>
        <Money kobo={sent.amount} /> to {sent.name}
      </FormAlert>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-muted">Amount</dt>
        <dd>
          <Money kobo={sent.amount} />
        </dd>
        <dt className="text-muted">Recipient</dt>
        <dd>
          <span className="font-semibold">{sent.name}</span>
          <span className="block text-muted">{sent.email}</span>
        </dd>
        <dt className="text-muted">Transaction</dt>
        <dd className="break-all">{line ? line.transaction_id : pendingText}</dd>
        <dt className="text-muted">Time</dt>
        <dd>
          {line ? (
            <>
              <DateText epochMs={line.date} /> <DateText epochMs={line.date} show="time" />
            </>
          ) : (
            pendingText
          )}
        </dd>
        <dt className="text-muted">New balance</dt>
        <dd>
          <Money kobo={sent.balance} />
        </dd>
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        {receipt ? <ShareReceiptButton transaction={receipt} /> : null}
        <Button variant="secondary" onClick={onDone}>
          Send more
        </Button>
      </div>
    </div>
  );
}
