import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '@/lib/link';
import { FALLBACK, forgotPasswordForm, MSG } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard, authLinkClass } from './auth-card';
import { useFormErrors } from '@/lib/use-form-errors';

/**
 * Verify e-mail (spec §2, §8): "Verifying Email..." until the answer; then the success
 * sentence (or "already verified" for a link opened again) with a login link, or the server's message (else FALLBACK.auth) and a way to ask
 * for a new link.
 */
export function VerifyEmailScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const verify = useVerifyEmail();
  const { trigger } = verify;
  // A link token is single use: send it once, even when React runs effects twice (dev).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    trigger({ body: { token } }).catch(() => {
      // shown from verify.error
    });
  }, [token, trigger]);

  if (verify.data) {
    return (
      <AuthCard title="E-mail verified">
        {/* "Verified" or "already verified": the server's sentence, the spec's by default. */}
        <FormAlert tone="success">{verify.data.message || MSG.emailVerified}</FormAlert>
        <Link
          to={paths.login}
          className="inline-flex h-12 w-full items-center justify-center rounded-control bg-brand px-6 text-base font-medium text-brand-fg outline-none hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Log in
        </Link>
      </AuthCard>
    );
  }

  if (verify.error) {
    return (
      <AuthCard
        title="We could not verify your e-mail"
        footer={
          <p>
            <Link to={paths.login} className={authLinkClass}>
              Back to login
            </Link>
          </p>
        }
      >
        <FormAlert>{errorMessage(verify.error, FALLBACK.auth)}</FormAlert>
        <ResendVerification />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verify e-mail">
      <p role="status" className="flex items-center gap-2 text-fg">
        <Spinner size="sm" label={null} />
        {MSG.verifyingEmail}
      </p>
    </AuthCard>
  );
}

const FIELDS = ['email'] as const;

/** Asks for the address and sends a new verification link. */
function ResendVerification() {
  const resend = useResendVerification();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [email, setEmail] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(forgotPasswordForm(), { email });
    if (!body) return;
    try {
      await resend.trigger({ body });
    } catch {
      // shown from resend.error
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">Enter your e-mail address to get a new link.</p>
      {resend.data ? <FormAlert tone="success">{resend.data.message}</FormAlert> : null}
      {resend.error ? <FormAlert>{errorMessage(resend.error, FALLBACK.auth)}</FormAlert> : null}
      <Field label="E-mail address" controlId={idOf('email')} error={errors.email} required>
        <Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            clear('email');
            resend.reset();
          }}
        />
      </Field>
      <Button type="submit" variant="outline" block loading={resend.isMutating}>
        Resend verification link
      </Button>
    </form>
  );
}
