import type { User } from '@contract/entities';
import { CopyButton } from '@/components/ui/copy-button';
import { paths } from '@/config/routes';

/** The link a friend signs up with (spec §2: `/auth/signup?referral_code=…`). */
export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}${paths.signupWithReferral(code)}`;
}

/** Read-only profile (spec §2 Settings): name, e-mail, phone and the referral link. */
export function ProfileCard({
  user,
}: {
  user: Pick<User, 'name' | 'email' | 'phone' | 'referral_code'>;
}) {
  const link = referralLink(user.referral_code);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted">Name</dt>
        <dd className="font-medium [overflow-wrap:anywhere]">{user.name}</dd>
        <dt className="text-muted">E-mail</dt>
        <dd className="font-medium [overflow-wrap:anywhere]">{user.email}</dd>
        <dt className="text-muted">Phone</dt>
        <dd className="font-mono font-medium">{user.phone}</dd>
      </dl>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium" id="referral-label">
          Referral link
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            aria-labelledby="referral-label"
            className="min-w-0 flex-1 rounded-control border border-border bg-surface px-3 py-2 text-sm [overflow-wrap:anywhere]"
          >
            {link}
          </code>
          <CopyButton text={link} label="Copy link" />
        </div>
      </div>
    </div>
  );
}
