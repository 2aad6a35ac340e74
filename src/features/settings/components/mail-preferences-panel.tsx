import { useId, useState } from 'react';
import { MAIL_PREFS_MSG } from '@contract';
import { FALLBACK } from '@contract/messages';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useMailPreferences, useSetMailPreferences } from '../api/mail-preferences';

/**
 * Settings → E-mails (issue 24; ADR 0047): one switch for the mails after funding, purchases,
 * refunds and money received. Security mails have no switch, and the hint says so.
 */
export function MailPreferencesPanel() {
  const id = useId();
  const prefs = useMailPreferences();
  const save = useSetMailPreferences();
  /** The choice being saved, shown while it is. */
  const [wanted, setWanted] = useState<boolean | null>(null);

  if (prefs.error) return <FormAlert>{errorMessage(prefs.error, FALLBACK.generic)}</FormAlert>;
  const stored = prefs.data?.message.money_mail;
  if (stored === undefined) return <Skeleton className="h-16" />;
  // While saving, the box shows the choice being saved; a refusal puts back the stored one.
  const checked = save.isMutating && wanted !== null ? wanted : stored;

  return (
    <div className="flex flex-col gap-3">
      {/* The whole row is the target: 44 px tall on a touch screen (ADR 0046). */}
      <label
        htmlFor={id}
        className="flex min-h-control-sm items-center pointer-coarse:min-h-control justify-between gap-4 text-sm font-medium"
      >
        <span>{MAIL_PREFS_MSG.label}</span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="size-5 shrink-0 accent-brand pointer-coarse:size-6"
          checked={checked}
          disabled={save.isMutating}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            save.reset();
            setWanted(event.target.checked);
            void save
              .trigger({ body: { money_mail: event.target.checked } })
              .catch(() => undefined);
          }}
        />
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {MAIL_PREFS_MSG.hint}
      </p>
      <div aria-live="polite">
        {save.isMutating ? (
          <p className="text-sm text-muted">Saving…</p>
        ) : save.error ? (
          <FormAlert>{errorMessage(save.error, FALLBACK.generic)}</FormAlert>
        ) : save.data ? (
          <FormAlert tone="success">{MAIL_PREFS_MSG.saved}</FormAlert>
        ) : null}
      </div>
    </div>
  );
}
