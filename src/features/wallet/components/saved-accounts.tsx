import { useState } from 'react';
import type { Beneficiary } from '@contract/withdrawals';
import { FALLBACK } from '@contract/messages';
import { Button, focusRing } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeleteIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useDeleteBeneficiary } from '../api/withdrawals';

/** "ADAEZE NWOSU, Guaranty Trust Bank 0123456785": how a saved account is named aloud. */
export const accountLabel = (
  b: Pick<Beneficiary, 'account_name' | 'bank_name' | 'account_number'>,
) => `${b.account_name}, ${b.bank_name} ${b.account_number}`;

/**
 * The accounts the customer has sent money to, last used first: one tap picks one (its name
 * was resolved when it was first paid), and each can be removed after a confirmation.
 */
export function SavedAccounts({
  accounts,
  onPick,
}: {
  accounts: readonly Beneficiary[];
  onPick: (account: Beneficiary) => void;
}) {
  const remove = useDeleteBeneficiary();
  const [removing, setRemoving] = useState<Beneficiary | null>(null);
  const [removed, setRemoved] = useState('');

  const confirm = async () => {
    if (!removing) return;
    try {
      const { message } = await remove.trigger({ params: { id: removing.id } });
      setRemoved(message);
      setRemoving(null);
    } catch {
      // shown in the dialog, from remove.error
    }
  };

  return (
    <section aria-labelledby="saved-accounts-heading" className="flex flex-col gap-2">
      <h2 id="saved-accounts-heading" className="text-lg font-semibold">
        Saved accounts
      </h2>
      <p role="status" className="text-sm text-muted empty:hidden">
        {removed}
      </p>
      <ul className="flex flex-col gap-2">
        {accounts.map((account) => (
          <li
            key={account.id}
            className="flex items-center gap-2 rounded-card border border-border p-2"
          >
            <button
              type="button"
              className={cn(
                'flex min-h-control min-w-0 flex-1 flex-col items-start rounded-control px-2 py-1 text-left hover:bg-surface',
                focusRing,
              )}
              onClick={() => onPick(account)}
            >
              {/* Named by what it shows, so a voice command saying the name reaches it. */}
              <span className="sr-only">Send to </span>
              <span className="font-semibold [overflow-wrap:anywhere]">{account.account_name}</span>
              <span className="text-sm text-muted">
                {account.bank_name} · {account.account_number}
              </span>
            </button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${accountLabel(account)}`}
              onClick={() => {
                setRemoved('');
                remove.reset();
                setRemoving(account);
              }}
            >
              <DeleteIcon className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this saved account?"
        description="You can add it again by sending money to it."
        confirmLabel="Remove"
        loading={remove.isMutating}
        error={remove.error ? errorMessage(remove.error, FALLBACK.genericAlt) : undefined}
        onConfirm={() => void confirm()}
      >
        {removing ? (
          <p className="text-sm font-semibold [overflow-wrap:anywhere]">{accountLabel(removing)}</p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
