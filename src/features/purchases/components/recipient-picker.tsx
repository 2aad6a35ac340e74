import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Recipient, RecipientProduct } from '@contract/entities';
import { LIMITS } from '@contract/business-limits';
import { recipientKey } from '@contract/recipients';
import { Button, focusRing } from '@/components/ui/button';
import { CloseIcon, RecentIcon, SavedIcon } from '@/components/ui/icons';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { findRecipient, RECIPIENT_PARAM, recipientsFor, useRecipients } from '@/lib/recipients';
import { useDeleteRecipient } from '../api/delete-recipient';
import type { RecipientDraft } from './save-recipient-form';

/** Where the form's purchase would go, once the customer has filled it in. */
export type { RecipientDraft } from './save-recipient-form';

export type RecipientPickerProps = {
  product: RecipientProduct;
  /** The network's, provider's or DisCo's name for a recipient (from the catalogue). */
  providerName: (recipient: Recipient) => string | undefined;
  /** Fills the form with a recipient. */
  onChoose: (recipient: Recipient) => void;
  /** What the form holds now (null while incomplete): offered for saving with a name. */
  draft: RecipientDraft | null;
  /** The recipient to start with; by default the page's `?recipient=` (the overview's links). */
  initial?: string | null;
};

function recipientInUrl(): string | null {
  return new URLSearchParams(window.location.search).get(RECIPIENT_PARAM);
}

/** The "Save this recipient" editor loads when the customer opens it. */
const SaveRecipientForm = lazy(() =>
  import('./save-recipient-form').then((module) => ({ default: module.SaveRecipientForm })),
);

/**
 * A purchase form's saved and recent recipients: one tap fills the number and its
 * network, provider or DisCo; the number typed can be saved with a name ("Mum's MTN"); a saved
 * one can be deleted. A page opened with `?recipient=` (the overview's "Buy again") starts with
 * that recipient chosen.
 */
export function RecipientPicker({
  product,
  providerName,
  onChoose,
  draft,
  initial,
}: RecipientPickerProps) {
  const { data } = useRecipients();
  const list = recipientsFor(data?.message, product);
  const [wanted] = useState(() => (initial === undefined ? recipientInUrl() : initial));
  const applied = useRef(false);
  const [naming, setNaming] = useState(false);

  // Open with the recipient the link names, once, as soon as the list has loaded.
  useEffect(() => {
    if (applied.current || !data) return;
    applied.current = true;
    const chosen = findRecipient(list, wanted);
    if (chosen) onChoose(chosen);
  }, [data, list, wanted, onChoose]);

  const draftKey = draft ? recipientKey({ product, ...draft }) : null;
  const saved = data?.message.saved ?? [];
  const alreadySaved = draftKey ? saved.find((r) => recipientKey(r) === draftKey) : undefined;
  const canSave = !!draft && !alreadySaved && saved.length < LIMITS.savedRecipients;

  if (list.length === 0 && !canSave && !naming) return null;

  return (
    <section aria-label="Saved and recent recipients" className="flex flex-col gap-2">
      {list.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {list.map((r) => (
            <RecipientChip
              key={recipientKey(r)}
              recipient={r}
              provider={providerName(r)}
              chosen={recipientKey(r) === draftKey}
              onChoose={() => onChoose(r)}
            />
          ))}
        </ul>
      ) : null}
      {naming && draft ? (
        <Suspense
          fallback={
            <SkeletonGroup label="Loading the name field">
              <Skeleton shape="block" className="h-12" />
            </SkeletonGroup>
          }
        >
          <SaveRecipientForm product={product} draft={draft} onDone={() => setNaming(false)} />
        </Suspense>
      ) : canSave ? (
        <div>
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setNaming(true)}>
            <SavedIcon className="size-4" aria-hidden />
            Save this recipient
          </Button>
        </div>
      ) : alreadySaved?.name ? (
        <p className="text-sm text-muted">Saved as {alreadySaved.name}.</p>
      ) : null}
    </section>
  );
}

function RecipientChip({
  recipient,
  provider,
  chosen,
  onChoose,
}: {
  recipient: Recipient;
  provider: string | undefined;
  chosen: boolean;
  onChoose: () => void;
}) {
  const remove = useDeleteRecipient();
  const Icon = recipient.id ? SavedIcon : RecentIcon;
  const title = recipient.name ?? recipient.destination;
  const detail = [recipient.name ? recipient.destination : null, provider]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className={cn(
        'flex items-stretch rounded-control border bg-surface text-sm',
        chosen ? 'border-brand ring-1 ring-brand' : 'border-border',
      )}
    >
      <button
        type="button"
        aria-pressed={chosen}
        onClick={onChoose}
        className={cn(
          // 44 px on touch screens (WCAG 2.5.5), as the design system's small controls.
          'flex items-center gap-2 rounded-control px-3 py-2 text-left pointer-coarse:min-h-control',
          focusRing,
        )}
      >
        <Icon className="size-4 shrink-0 text-muted" aria-hidden />
        <span className="flex flex-col">
          <span className="font-medium">{title}</span>
          {detail ? <span className="text-xs text-muted">{detail}</span> : null}
        </span>
      </button>
      {recipient.id ? (
        <button
          type="button"
          aria-label={`Delete ${title}`}
          disabled={remove.isMutating}
          onClick={() =>
            void remove.trigger({ params: { id: recipient.id ?? '' } }).catch(() => {})
          }
          className={cn(
            'flex items-center justify-center rounded-control px-2 text-muted hover:text-danger disabled:opacity-50 pointer-coarse:min-w-control',
            focusRing,
          )}
        >
          <CloseIcon className="size-4" aria-hidden />
        </button>
      ) : null}
    </li>
  );
}
