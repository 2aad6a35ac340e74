import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/lib/link';
import { FALLBACK, loginForm } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { clearSessionNotice, getSession } from '@/lib/session';
import { useLandingPath } from '../api/landing';
import { useLogin } from '../api/login';
import { AuthCard, authLinkClass } from './auth-card';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['username', 'password'] as const;

/** An admin's second step (ADR 0051): loaded when a sign-in asks for it. */
const LoginCodeForm = lazy(() =>
  import('./login-code-form').then((module) => ({ default: module.LoginCodeForm })),
);

/**
 * Login (spec §5): both fields required, e-mail pattern; the server's message on failure,
 * else FALLBACK.auth; on success the dashboard (the admin's for an admin).
 * Shows why the last session ended, if it did.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const landingPath = useLandingPath();
  // Busy until the landing page is known, not only until the tokens arrive.
  const [landing, setLanding] = useState(false);
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState({ username: '', password: '' });
  // Read once: the notice belongs to this visit of the screen, then it is forgotten.
  const [notice] = useState(() => getSession().notice);
  // An admin with two-factor: the password was right, the code comes next (ADR 0051).
  const [challenge, setChallenge] = useState<string | null>(null);
  useEffect(() => {
    if (notice) clearSessionNotice();
  }, [notice]);

  const set = (field: (typeof FIELDS)[number], value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
    login.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(loginForm(), values);
    if (!body) return;
    try {
      const answer = await login.trigger({ body });
      if ('two_factor_required' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      setLanding(true);
      navigate(await landingPath(), { replace: true });
    } catch {
      // shown from login.error
    } finally {
      setLanding(false);
    }
  };

  const serverError = login.error ? errorMessage(login.error, FALLBACK.auth) : '';
  if (challenge) {
    return (
      <Suspense
        fallback={
          <Spinner
            size="lg"
            className="mx-auto my-12 text-brand"
            label="Loading the two-factor step"
          />
        }
      >
        <LoginCodeForm
          challenge={challenge}
          onBack={() => setChallenge(null)}
          onSignedIn={async () => navigate(await landingPath(), { replace: true })}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to pay bills from your wallet."
      footer={
        <p>
          New here?{' '}
          <Link to={paths.signup} className={authLinkClass}>
            Create an account
          </Link>
        </p>
      }
    >
      {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <Field label="E-mail address" controlId={idOf('username')} error={errors.username} required>
          <Input
            name="username"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={(e) => set('username', e.target.value)}
          />
        </Field>
        <Field label="Password" controlId={idOf('password')} error={errors.password} required>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
          />
        </Field>
        <div className="-mt-1 flex justify-end text-sm">
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" block loading={login.isMutating || landing}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
