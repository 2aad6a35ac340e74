import { useState, type FormEvent } from 'react';
import { FALLBACK, TWO_FACTOR_MSG } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { useLoginCode } from '../api/login-code';
import { AuthCard } from './auth-card';

/**
 * The second step of an admin's sign-in (ADR 0051): the code from the authenticator app, or a
 * recovery code. An expired challenge sends the admin back to the password.
 */
export function LoginCodeForm({
  challenge,
  onBack,
  onSignedIn,
}: {
  challenge: string;
  onBack: () => void;
  /** Where the sign-in goes on: the same landing as a sign-in without a code. */
  onSignedIn: () => Promise<void> | void;
}) {
  const send = useLoginCode();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [landing, setLanding] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = otp.trim();
    if (!code) {
      setError(TWO_FACTOR_MSG.codeRequired);
      return;
    }
    try {
      await send.trigger({ body: { challenge, otp: code } });
      setLanding(true);
      await onSignedIn();
    } catch {
      // shown from send.error
    } finally {
      setLanding(false);
    }
  };

  const serverError = send.error ? errorMessage(send.error, FALLBACK.auth) : '';
  const expired = serverError === TWO_FACTOR_MSG.challengeExpired;

  return (
    <AuthCard
      title="Two-factor sign-in"
      description="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      footer={
        <Button type="button" variant="ghost" onClick={onBack}>
          Use another account
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <Field label="Code" controlId="login-otp" error={error} required>
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
              send.reset();
            }}
          />
        </Field>
        {expired ? (
          <Button type="button" size="lg" block onClick={onBack}>
            Enter your password again
          </Button>
        ) : (
          <Button type="submit" size="lg" block loading={send.isMutating || landing}>
            Verify
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
