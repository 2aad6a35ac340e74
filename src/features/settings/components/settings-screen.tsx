import type { ReactNode } from 'react';
import { FALLBACK } from '@contract/messages';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { ApiKeysPanel } from './api-keys-panel';
import { ChangePasswordForm } from './change-password-form';
import { MailPreferencesPanel } from './mail-preferences-panel';
import { ProfileCard } from './profile-card';
import { ReferralsPanel } from './referrals-panel';
import { ResetPinForm } from './reset-pin-form';
import { VerificationPanel } from './verification-panel';
import { WebhookPanel } from './webhook-panel';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-card border border-border p-4"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Settings (spec §2 page 8): profile, the referral link with what it earned,
 * change password, reset pin, messages (SMS and e-mail, ADR 0081).
 */
export function SettingsScreen() {
  const { data, error } = useCurrentUser();
  const user = data?.message;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:px-8">
      <h1 className="text-2xl font-bold">Settings</h1>
      <Section id="profile-heading" title="Profile">
        {user ? (
          <ProfileCard user={user} />
        ) : error ? (
          <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert>
        ) : (
          <Skeleton className="h-32" />
        )}
      </Section>
      {/* Wallet limits by verification level and level 2 by BVN. */}
      <Section id="verification-heading" title="Verification">
        <VerificationPanel />
      </Section>
      <Section id="referrals-heading" title="Referrals">
        <ReferralsPanel code={user?.referral_code} />
      </Section>
      <Section id="password-heading" title="Change password">
        <ChangePasswordForm />
      </Section>
      <Section id="pin-heading" title="Reset transaction pin">
        <ResetPinForm />
      </Section>
      <Section id="mail-heading" title="Messages">
        <MailPreferencesPanel />
      </Section>
      {/* Reseller API: keys and webhooks. */}
      <Section id="api-keys-heading" title="API keys">
        <ApiKeysPanel />
      </Section>
      <Section id="webhook-heading" title="Webhooks">
        <WebhookPanel />
      </Section>
    </div>
  );
}
