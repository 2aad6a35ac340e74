import type { User } from '@contract/entities';

/**
 * Read-only profile (spec §2 Settings): name, e-mail and phone. The referral link the spec
 * lists here is shown with what it earned, in the Referrals section.
 */
export function ProfileCard({ user }: { user: Pick<User, 'name' | 'email' | 'phone'> }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted">Name</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{user.name}</dd>
      <dt className="text-muted">E-mail</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{user.email}</dd>
      <dt className="text-muted">Phone</dt>
      <dd className="font-mono font-medium">{user.phone}</dd>
    </dl>
  );
}
