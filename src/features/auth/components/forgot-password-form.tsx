import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/lib/link';
import { FALLBACK, forgotPasswordForm, TIMERS } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useInitiateReset } from '../api/initiate-reset';
import { AuthCard, authLinkClass } from './auth-card';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['email'] as const;

/**
 * Forgot password (spec §2, §5): asks for the e-mail (RESET). On success it confirms which
 * address the link went to, then goes to login after TIMERS.forgotPasswordRedirect (5 s).
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const initiate = useInitiateReset();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (!sentTo) return;
    const timer = setTimeout(
      () => navigate(paths.login, { replace: true }),
      TIMERS.forgotPasswordRedirect,
    );
    return () => clearTimeout(timer);
  }, [sentTo, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(forgotPasswordForm(), { email });
    if (!body) return;
    try {
      await initiate.trigger({ body });
      setSentTo(body.email);
    } catch {
      // shown from initiate.error
    }
  };

  const loginLink = (
    <p>
      Remembered it?{' '}
      <Link to={paths.login} className={authLinkClass}>
        Back to login
      </Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail" footer={loginLink}>
        <FormAlert tone="success">
          {initiate.data?.message}{' '}
          <span>
            We sent the reset link to <strong className="font-semibold break-all">{sentTo}</strong>.
          </span>
        </FormAlert>
        <p className="text-sm text-muted" role="status">
          Taking you to login in {TIMERS.forgotPasswordRedirect / 1000} seconds…
        </p>
      </AuthCard>
    );
  }

  const serverError = initiate.error ? errorMessage(initiate.error, FALLBACK.auth) : '';

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the e-mail you signed up with and we will send you a link to reset your password."
      footer={loginLink}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
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
              initiate.reset();
            }}
          />
        </Field>
        <Button type="submit" size="lg" block loading={initiate.isMutating}>
          Reset
        </Button>
      </form>
    </AuthCard>
  );
}
