import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/lib/link';
import type { z } from '@contract/zod';
import { FALLBACK, MSG, signupForm, type RegisterBody } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useRegister } from '../api/register';
import { useResendVerification } from '../api/resend-verification';
import { AuthCard, authLinkClass } from './auth-card';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['name', 'email', 'phone', 'password', 'confirm_password'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Signup (spec §2, §5): name, e-mail, phone, password and its confirmation; `referral_code`
 * comes from the query string. Success shows the thank-you screen with the 24-hour notice.
 */
export function SignupForm() {
  const [search] = useSearchParams();
  const referralCode = search.get('referral_code')?.trim() ?? '';
  const register = useRegister();
  // The refusal sits above the fields; on a small screen it is out of view when the button
  // is pressed: bring it into view and focus it, so it is seen and read out.
  const alertRef = useRef<HTMLDivElement>(null);
  const refused = Boolean(register.error);
  useEffect(() => {
    if (!refused) return;
    alertRef.current?.scrollIntoView?.({ block: 'center' });
    alertRef.current?.focus();
  }, [refused, register.error]);
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: '',
    email: '',
    phone: '',
    password: '',
    confirm_password: '',
  });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const set = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
    register.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = validate(signupForm(), { ...values, referral_code: referralCode });
    if (!parsed) return;
    // withConfirmation widens the parsed type; the fields are RegisterBody's, already checked.
    const { name, email, phone, password, referral_code } = parsed as z.output<typeof RegisterBody>;
    try {
      await register.trigger({ body: { name, email, phone, password, referral_code } });
      setRegisteredEmail(email);
    } catch {
      // shown from register.error
    }
  };

  if (registeredEmail) return <SignupThankYou email={registeredEmail} />;

  const serverError = register.error ? errorMessage(register.error, FALLBACK.auth) : '';

  return (
    <AuthCard
      title="Create your account"
      description="Fund your wallet once, then pay for airtime, data, TV and power in seconds."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {serverError ? (
          <FormAlert ref={alertRef} tabIndex={-1}>
            {serverError}
          </FormAlert>
        ) : null}
        <Field label="Full name" controlId={idOf('name')} error={errors.name} required>
          <Input
            name="name"
            autoComplete="name"
            autoCapitalize="words"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field label="E-mail address" controlId={idOf('email')} error={errors.email} required>
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </Field>
        <Field
          label="Phone number"
          hint="11 digits, starting 070, 080, 081, 090 or 091."
          controlId={idOf('phone')}
          error={errors.phone}
          required
        >
          <Input
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </Field>
        <Field
          label="Password"
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
            onChange={(e) => set('password', e.target.value)}
          />
        </Field>
        <Field
          label="Confirm password"
          controlId={idOf('confirm_password')}
          error={errors.confirm_password}
          required
        >
          <Input
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            value={values.confirm_password}
            onChange={(e) => set('confirm_password', e.target.value)}
          />
        </Field>
        {referralCode ? (
          <Field label="Referral code">
            <Input name="referral_code" value={referralCode} readOnly />
          </Field>
        ) : null}
        <Button type="submit" size="lg" block loading={register.isMutating}>
          Sign up
        </Button>
      </form>
    </AuthCard>
  );
}

/** After signup: the verification notice (spec §2) and a way to get a new link. */
export function SignupThankYou({ email }: { email: string }) {
  const resend = useResendVerification();

  const onResend = async () => {
    try {
      await resend.trigger({ body: { email } });
    } catch {
      // shown from resend.error
    }
  };

  return (
    <AuthCard
      title="Check your e-mail"
      footer={
        <p>
          Verified already?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      <FormAlert tone="success">{MSG.signupSuccess}</FormAlert>
      <p className="text-sm text-muted">
        We sent it to <strong className="font-semibold break-all text-fg">{email}</strong>.
      </p>
      {resend.data ? <FormAlert tone="info">{resend.data.message}</FormAlert> : null}
      {resend.error ? <FormAlert>{errorMessage(resend.error, FALLBACK.auth)}</FormAlert> : null}
      <Button variant="outline" block loading={resend.isMutating} onClick={onResend}>
        Resend verification link
      </Button>
    </AuthCard>
  );
}
