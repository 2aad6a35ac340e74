import { CopyButton } from '@/components/ui/copy-button';
import { paths } from '@/config/routes';

/** The link a friend signs up with (spec §2: `/auth/signup?referral_code=…`). */
export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}${paths.signupWithReferral(code)}`;
}

/** The referral link with Copy (spec §2 Settings; "Copied!" for a second, spec §9). */
export function ReferralLink({ code }: { code: string }) {
  const link = referralLink(code);
  return (
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
  );
}
