import { useId, useState, type ReactNode } from 'react';
import { MAIL_PREFS_MSG, type MailPreferences, type SwitchableKind } from '@contract';
import { FALLBACK } from '@contract/messages';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useMailPreferences, useSetMailPreferences } from '../api/mail-preferences';

type Channel = 'sms' | 'email';

/** The change being saved, shown while it is. */
interface Wanted {
  kind: SwitchableKind;
  channel: Channel;
  on: boolean;
}

const CHANNEL_NAME = { sms: 'SMS', email: 'E-mail' } as const;

/**
 * One switch: the whole row is the target, 44 px tall on a touch screen (ADR 0046). Its name
 * says the kind and the channel ("Purchases by SMS"); a locked one says why beside it.
 */
function Switch({
  name,
  visible,
  checked,
  disabled,
  describedBy,
  onChange,
}: {
  name: string;
  visible: string;
  checked: boolean;
  disabled: boolean;
  describedBy?: string;
  onChange?: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex min-h-control-sm items-center pointer-coarse:min-h-control justify-between gap-4 text-sm font-medium"
    >
      <span>{visible}</span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-label={name}
        className="size-5 shrink-0 accent-brand pointer-coarse:size-6"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        readOnly={!onChange}
      />
    </label>
  );
}

function Kind({
  kind,
  children,
}: {
  kind: keyof typeof MAIL_PREFS_MSG.kinds;
  children: ReactNode;
}) {
  const id = useId();
  const words = MAIL_PREFS_MSG.kinds[kind];
  return (
    <div
      role="group"
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-hint`}
      className="flex flex-col gap-1 border-t border-border pt-3 first:border-t-0 first:pt-0"
    >
      <h3 id={`${id}-name`} className="text-base font-semibold">
        {words.name}
      </h3>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {words.hint}
      </p>
      {children}
    </div>
  );
}

/**
 * Settings → Messages (ADR 0081; the e-mails ADR 0047): SMS, e-mail or both for purchases and
 * for wallet alerts. A refund's SMS and the security messages have no switch: each is shown on
 * and disabled, with the sentence that says why.
 */
export function MailPreferencesPanel() {
  const lockedId = useId();
  const prefs = useMailPreferences();
  const save = useSetMailPreferences();
  const [wanted, setWanted] = useState<Wanted | null>(null);

  if (prefs.error) return <FormAlert>{errorMessage(prefs.error, FALLBACK.generic)}</FormAlert>;
  const stored: MailPreferences | undefined = prefs.data?.message;
  if (stored === undefined) return <Skeleton className="h-16" />;

  // While saving, the switch shows the choice being saved; a refusal puts back the stored one.
  const shown = (kind: SwitchableKind, channel: Channel) =>
    save.isMutating && wanted?.kind === kind && wanted.channel === channel
      ? wanted.on
      : stored[kind][channel];

  const choose = (kind: SwitchableKind, channel: Channel) => (on: boolean) => {
    save.reset();
    setWanted({ kind, channel, on });
    const change = channel === 'sms' ? { sms: on } : { email: on };
    const body = kind === 'purchases' ? { purchases: change } : { alerts: change };
    void save.trigger({ body }).catch(() => undefined);
  };

  const switchable = (kind: SwitchableKind) =>
    (['sms', 'email'] as const).map((channel) => (
      <Switch
        key={channel}
        name={MAIL_PREFS_MSG[channel](MAIL_PREFS_MSG.kinds[kind].name)}
        visible={CHANNEL_NAME[channel]}
        checked={shown(kind, channel)}
        disabled={save.isMutating}
        onChange={choose(kind, channel)}
      />
    ));

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{MAIL_PREFS_MSG.hint}</p>
      <Kind kind="purchases">
        {switchable('purchases')}
        <Switch
          name={MAIL_PREFS_MSG.refundSms}
          visible={MAIL_PREFS_MSG.refundSms}
          checked
          disabled
          describedBy={`${lockedId}-refund`}
        />
        <p id={`${lockedId}-refund`} className="text-sm text-muted">
          {MAIL_PREFS_MSG.refundLocked}
        </p>
      </Kind>
      <Kind kind="alerts">{switchable('alerts')}</Kind>
      <Kind kind="security">
        {(['sms', 'email'] as const).map((channel) => (
          <Switch
            key={channel}
            name={MAIL_PREFS_MSG[channel](MAIL_PREFS_MSG.kinds.security.name)}
            visible={CHANNEL_NAME[channel]}
            checked
            disabled
            describedBy={`${lockedId}-security`}
          />
        ))}
        <p id={`${lockedId}-security`} className="text-sm text-muted">
          {MAIL_PREFS_MSG.securityLocked}
        </p>
      </Kind>
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
