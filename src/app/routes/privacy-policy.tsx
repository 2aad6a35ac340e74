import type { ReactNode } from 'react';

import { focusRing, PageTitle } from '@/app/layouts/layout-parts';
import { brand, formatBrandAddress } from '@/config/brand';

const link = `rounded text-brand underline ${focusRing}`;

function SupportEmail() {
  return (
    <a href={`mailto:${brand.supportEmail}`} className={link}>
      {brand.supportEmail}
    </a>
  );
}

// Content from spec §2 (/privacy-policy); the 30-day deletion window is spec §9.
export function PrivacyPolicyPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <PageTitle title="Privacy policy" />
      <h1 className="text-3xl font-bold">Privacy policy</h1>
      <p className="mt-3 text-muted">
        This policy explains what personal information {brand.name} collects, why, who we share it
        with and how you can ask us to delete it.
      </p>

      <PolicySection id="what-we-collect" title="What we collect">
        <p>When you create an account we collect:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>your name;</li>
          <li>your e-mail address;</li>
          <li>your phone number.</li>
        </ul>
        <p>
          We also keep the records of the transactions you make, because you and we need them to
          account for your money.
        </p>
      </PolicySection>

      <PolicySection id="how-we-use-it" title="How we use it">
        <p>
          We use your information to run your account: to verify your e-mail address, deliver what
          you buy, send you messages about your account and payments, and help you when you contact
          support.
        </p>
      </PolicySection>

      <PolicySection id="who-we-share-it-with" title="Who we share it with">
        <p>We share only what each of these services needs to do its job for us:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong className="text-fg">Payment processors</strong>, to take your card payments when
            you fund your wallet;
          </li>
          <li>
            <strong className="text-fg">An e-mail provider</strong>, to send you verification,
            password-reset and account e-mails;
          </li>
          <li>
            <strong className="text-fg">Analytics</strong>, to understand how the app is used so we
            can improve it.
          </li>
        </ul>
        <p>
          When you buy a service, the phone, meter or smart card number you enter is passed to the
          provider that delivers it.
        </p>
      </PolicySection>

      <PolicySection id="deleting-your-data" title="Deleting your data">
        <p>
          You can ask us to delete your personal information at any time by e-mailing{' '}
          <SupportEmail /> from the address registered on your account. We process deletion requests
          within 30 days.
        </p>
      </PolicySection>

      <PolicySection id="privacy-contact" title="Contact">
        <p>
          Questions about this policy: <SupportEmail />, or write to {brand.name},{' '}
          {formatBrandAddress()}.
        </p>
      </PolicySection>
    </div>
  );
}

function PolicySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-8">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-muted">{children}</div>
    </section>
  );
}
