import { useId, useState } from 'react';
import { BEARER_FIELD_LABEL, REVEAL_REASON_MAX, type BearerItem } from '@contract/bearer-secrets';
import { RevealBody } from '@contract/endpoints/admin/transactions';
import type { AdminTransaction } from '@contract/entities';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { useRevealSecret } from '../api/reveal-secret';

const keyOf = (s: Pick<BearerItem, 'field' | 'item'>) => `${s.field}:${s.item}`;

/** "Token", or "Purchased code 2" when the field holds several. */
function labelOf(s: BearerItem, all: readonly BearerItem[]): string {
  const several = all.filter((x) => x.field === s.field).length > 1;
  return several ? `${BEARER_FIELD_LABEL[s.field]} ${s.item + 1}` : BEARER_FIELD_LABEL[s.field];
}

/** The transaction without its bearer fields: the list below shows them, masked. */
export function withoutBearerFields(t: AdminTransaction): AdminTransaction {
  return { ...t, token: undefined, purchased_code: undefined, coupon_code: undefined };
}

/**
 * Reason first (ADR 0071): the admin says why they need to see this one item; the audit log
 * keeps the reason with their name. The rule is the contract's, with its sentences.
 */
function RevealDialog({
  transactionId,
  item,
  label,
  onClose,
  onRevealed,
}: {
  transactionId: string;
  item: BearerItem | null;
  label: string;
  onClose: () => void;
  onRevealed: (value: string) => void;
}) {
  const reveal = useRevealSecret();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setReason('');
    setError('');
    reveal.reset();
    onClose();
  };
  const confirm = async () => {
    if (!item) return;
    const parsed = RevealBody.safeParse({ field: item.field, item: item.item, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FALLBACK.genericAlt);
      return;
    }
    try {
      const res = await reveal.trigger({ params: { id: transactionId }, body: parsed.data });
      onRevealed(res.message.value);
      close();
    } catch {
      // shown in the dialog, from reveal.error
    }
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={`Reveal ${label}?`}
      description="It is shown to you once. The audit log records who saw it, when, and why."
      confirmLabel="Reveal"
      loading={reveal.isMutating}
      error={reveal.error ? errorMessage(reveal.error, FALLBACK.genericAlt) : ''}
      onConfirm={() => void confirm()}
    >
      <Field
        label="Why do you need to see it?"
        hint="For example, the customer's question it answers."
        error={error || undefined}
        required
      >
        <Input
          autoComplete="off"
          maxLength={REVEAL_REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
            reveal.reset();
          }}
        />
      </Field>
    </ConfirmDialog>
  );
}

/**
 * A transaction's coupon codes, token and exam pins for an admin who may reveal them (ADR
 * 0071; owners, and a support admin an owner allowed): masked (`••••1234`), each with Reveal,
 * one at a time, after a reason. A revealed value shows here until the popup closes, with
 * Copy; nothing else keeps it. Other admins see the masked values in the details alone.
 */
export function BearerSecrets({ transaction }: { transaction: AdminTransaction }) {
  const id = useId();
  const [shown, setShown] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<BearerItem | null>(null);
  const items = transaction.secrets;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 text-sm">
      <h3 id={id} className="text-muted">
        Codes, tokens and pins
      </h3>
      <p className="text-muted">
        Masked: reveal one only when you need it. The audit log records each reveal with your
        reason.
      </p>
      <ul aria-labelledby={id} className="flex flex-col divide-y divide-border">
        {items.map((s) => {
          const label = labelOf(s, items);
          const value = shown[keyOf(s)];
          return (
            <li key={keyOf(s)} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="min-w-32 text-muted">{label}</span>
              <span className="min-w-0 flex-1 font-mono font-medium [overflow-wrap:anywhere]">
                {value ?? s.masked}
              </span>
              {value !== undefined ? (
                <CopyButton size="sm" text={value} label="Copy" aria-label={`Copy ${label}`} />
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Reveal ${label}`}
                  onClick={() => setAsking(s)}
                >
                  Reveal
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <RevealDialog
        transactionId={transaction.transaction_id}
        item={asking}
        label={asking ? labelOf(asking, items) : ''}
        onClose={() => setAsking(null)}
        onRevealed={(value) => {
          if (asking) setShown((all) => ({ ...all, [keyOf(asking)]: value }));
        }}
      />
    </section>
  );
}
