import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import { OtpField, TWO_FACTOR_MSG, type TwoFactorSetup } from '@contract/two-factor';
import { brand } from '@/config/brand';
import { Button, buttonVariants } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { DownloadIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useAdminSelf } from '../api/admin-self';
import { useConfirmTwoFactor, useStartTwoFactor } from '../api/two-factor';
import { LoadError, ScreenHeading } from './admin-parts';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": groups of four are easier to type by hand. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const section = 'flex flex-col gap-4 rounded-card border border-border p-4';

/** Step 2: the key (typed or opened as a link) and the first code from it. */
function KeyStep({
  setup,
  onEnrolled,
}: {
  setup: TwoFactorSetup;
  onEnrolled: (codes: string[]) => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OtpField.safeParse(otp);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TWO_FACTOR_MSG.codeRequired);
      return;
    }
    try {
      const res = await confirm.trigger({ body: { otp: parsed.data } });
      onEnrolled(res.message.recovery_codes);
    } catch {
      // shown from confirm.error
    }
  };
  const failure = confirm.error ? errorMessage(confirm.error, FALLBACK.genericAlt) : '';
  return (
    <section aria-labelledby="two-factor-key" className={section}>
      <h2 id="two-factor-key" className="text-lg font-semibold">
        Add the key to your authenticator app
      </h2>
      <p className="text-sm">
        In any authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) add
        an account and type this key, or on this phone{' '}
        <a href={setup.uri} className="text-brand underline underline-offset-4">
          open the key in your authenticator app
        </a>
        . It is a time-based key.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="two-factor-key"
          aria-label="Key"
          className="rounded-control bg-surface px-3 py-2 font-mono text-lg tracking-wider break-all"
        >
          {groupKey(setup.secret)}
        </code>
        <CopyButton text={setup.secret} label="Copy key" className="sm:w-fit" />
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          label="Code from the app"
          hint="The 6 digits the app shows for this account now."
          error={error || undefined}
          required
          className="sm:w-64"
        >
          <Input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={otp}
            onChange={(e) => {
              setOtp(e.target.value);
              setError('');
              confirm.reset();
            }}
          />
        </Field>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" className="sm:w-fit" loading={confirm.isMutating}>
          Turn on two-factor sign-in
        </Button>
      </form>
    </section>
  );
}

/** Step 3: the ten recovery codes, shown this once; the admin says they saved them. */
function RecoveryStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const text = `${brand.name} admin recovery codes. Each works once, in place of a code from the app.\n\n${codes.join('\n')}\n`;
  return (
    <section aria-labelledby="recovery-codes" className={section}>
      <h2 id="recovery-codes" className="text-lg font-semibold">
        Save your recovery codes
      </h2>
      <FormAlert tone="info" title="Shown only now">
        If you lose your phone, each code signs you in once in place of a code from the app. Keep
        them somewhere safe, away from your phone: they are not shown again.
      </FormAlert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-control bg-surface px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <a
          className={buttonVariants({ variant: 'outline' })}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`${brand.name.toLowerCase().replace(/\s+/g, '-')}-recovery-codes.txt`}
        >
          <DownloadIcon aria-hidden className="size-4" />
          Download as text
        </a>
        <Button onClick={onSaved}>I have saved them</Button>
      </div>
    </section>
  );
}

/**
 * The signed-in admin's two-factor sign-in (ADR 0051): start → the key (grouped
 * for typing, with Copy, and its otpauth:// link; no QR image) → a code from the app turns it
 * on → the ten recovery codes, shown once, copied or downloaded → on. In live mode every admin
 * must do this before any other page (the shell sends them here).
 */
export function TwoFactorScreen() {
  const self = useAdminSelf();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const state = self.data?.message.two_factor;

  const begin = async () => {
    try {
      const res = await start.trigger();
      setSetup(res.message);
    } catch {
      // shown from start.error
    }
  };

  let body;
  // The codes stay on screen after the confirmation, whatever GET /me now says (enrolled).
  if (codes && !saved) {
    body = <RecoveryStep codes={codes} onSaved={() => setSaved(true)} />;
  } else if (saved || state?.enrolled) {
    body = (
      <section aria-label="Two-factor sign-in" className={section}>
        <FormAlert tone="success">{TWO_FACTOR_MSG.enrolled}</FormAlert>
        <p className="text-sm">
          Each sign-in asks for the code from your authenticator app after your password. Lost your
          phone? Sign in with a recovery code, or ask an owner to reset two-factor; you then set it
          up again.
        </p>
      </section>
    );
  } else if (setup) {
    body = <KeyStep setup={setup} onEnrolled={setCodes} />;
  } else if (state) {
    body = (
      <section aria-label="Two-factor sign-in" className={section}>
        {state.required ? <FormAlert tone="info">{TWO_FACTOR_MSG.enrolFirst}</FormAlert> : null}
        <p className="text-sm">
          Two-factor sign-in is off. With it on, a stolen password alone signs nobody in: each
          sign-in also asks for a code from an authenticator app on your phone.
        </p>
        {start.error ? (
          <FormAlert>{errorMessage(start.error, FALLBACK.genericAlt)}</FormAlert>
        ) : null}
        <Button className="sm:w-fit" loading={start.isMutating} onClick={() => void begin()}>
          Set up two-factor sign-in
        </Button>
      </section>
    );
  } else if (self.error) {
    body = <LoadError error={self.error} />;
  } else {
    body = <Skeleton className="h-40 w-full" />;
  }

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Two-factor sign-in"
        description="A code from an authenticator app on your phone, asked after your password."
      />
      {body}
    </div>
  );
}
