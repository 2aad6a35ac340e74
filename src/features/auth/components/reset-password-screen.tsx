import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '@/lib/link';
import { FALLBACK, resetPasswordForm, TIMERS } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useResetPassword } from '../api/reset-password';
import { useVerifyResetToken } from '../api/verify-reset-token';
import { AuthCard, authLinkClass } from './auth-card';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['password', 'confirm_password'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Reset password (spec §2, §5): the link's token is checked after TIMERS.resetTokenCheck
 * (1 s); when it passes the form shows. After the new password is saved the message shows and
 * the form hides after TIMERS.resetFormHide (2 s).
 */
export function ResetPasswordScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const check = useVerifyResetToken();
  const reset = useResetPassword();
  const { trigger: checkToken } = check;
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState<Record<FieldName, string>>({
    password: '',
    confirm_password: '',
  });
  const [formHidden, setFormHidden] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      checkToken({ body: { token } }).catch(() => {
        // shown from check.error
      });
    }, TIMERS.resetTokenCheck);
    return () => clearTimeout(timer);
  }, [token, checkToken]);

  const done = reset.data !== undefined;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setFormHidden(true), TIMERS.resetFormHide);
    return () => clearTimeout(timer);
  }, [done]);

  const set = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
    if (reset.error) reset.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return;
    const parsed = validate(resetPasswordForm(), values);
    if (!parsed) return;
    try {
      await reset.trigger({ body: { token, password: String(parsed.password) } });
    } catch {
      // shown from reset.error
    }
  };

  const footer = (
    <p>
      <Link to={paths.login} className={authLinkClass}>
        Back to login
      </Link>
    </p>
  );

  let body;
  if (check.error) {
    body = (
      <>
        <FormAlert>{errorMessage(check.error, FALLBACK.auth)}</FormAlert>
        <p className="text-sm text-muted">
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Request a new reset link
          </Link>
        </p>
      </>
    );
  } else if (!check.data) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner size="sm" label={null} />
        Checking your reset link…
      </p>
    );
  } else {
    const serverError = reset.error ? errorMessage(reset.error, FALLBACK.auth) : '';
    body = (
      <>
        {done ? <FormAlert tone="success">{reset.data?.message}</FormAlert> : null}
        {formHidden ? null : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            {serverError ? <FormAlert>{serverError}</FormAlert> : null}
            <Field
              label="New password"
              hint="At least 8 letters or digits."
              controlId={idOf('password')}
              error={errors.password}
              required
            >
              <Input
                name="password"
                type="password"
                autoComplete="new-password"
                value={values.password}
                disabled={done}
                onChange={(e) => set('password', e.target.value)}
              />
            </Field>
            <Field
              label="Confirm new password"
              controlId={idOf('confirm_password')}
              error={errors.confirm_password}
              required
            >
              <Input
                name="confirm_password"
                type="password"
                autoComplete="new-password"
                value={values.confirm_password}
                disabled={done}
                onChange={(e) => set('confirm_password', e.target.value)}
              />
            </Field>
            <Button type="submit" size="lg" block loading={reset.isMutating} disabled={done}>
              Reset password
            </Button>
          </form>
        )}
      </>
    );
  }

  return (
    <AuthCard title="Reset password" description="Choose a new password." footer={footer}>
      {body}
    </AuthCard>
  );
}
