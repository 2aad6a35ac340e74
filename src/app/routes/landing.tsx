import type { ReactNode } from 'react';
import { Link } from '@/lib/link';

import { focusRing, PageTitle } from '@/app/layouts/layout-parts';
import { brand } from '@/config/brand';
import { paths } from '@/config/routes';
import { HeroPhone } from './hero-phone';

const primaryButton = `inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 py-2.5 font-semibold text-brand-fg hover:opacity-90 ${focusRing}`;
const secondaryButton = `inline-flex min-h-11 items-center justify-center rounded-md border border-border bg-bg px-5 py-2.5 font-semibold text-fg hover:bg-brand/10 ${focusRing}`;

const reasons = [
  {
    title: 'Delivered in seconds',
    text: 'Most purchases arrive moments after you pay. If a provider cannot deliver, the money goes back to your wallet.',
  },
  {
    title: 'Protected by your pin',
    text: 'Every purchase, transfer and coupon needs the 6-digit transaction pin that only you know.',
  },
  {
    title: 'Every naira accounted for',
    text: 'Your history lists each transaction with its status and your balance before and after.',
  },
  {
    title: 'Gift without a phone number',
    text: 'Buy coupons for airtime, data and more. The person you give one to redeems it on their own account.',
  },
  {
    title: 'Share funds',
    text: 'Send money from your wallet to another user with just their e-mail address.',
  },
  {
    title: 'People who answer',
    text: `Write to ${brand.supportEmail} and a member of our team will help you.`,
  },
];

const services = [
  { name: 'Airtime', text: 'Top up any MTN, Airtel, Glo or 9mobile line.' },
  {
    name: 'Data',
    text: 'Data bundles for MTN, Airtel, Glo and 9mobile, plus Smile and Spectranet.',
  },
  { name: 'Cable TV', text: 'Renew or change your DStv, GOtv, StarTimes or Showmax plan.' },
  {
    name: 'Electricity',
    text: 'Prepaid tokens and postpaid bills for Ikeja, Eko, Abuja and the other distribution companies.',
  },
  {
    name: 'Exam pins',
    text: 'WAEC result checkers and registration pins, and JAMB UTME and DE e-pins.',
  },
];

type BillerKind = 'network' | 'tv' | 'power' | 'exam';

/** Networks and billers on the landing page (spec §2 "partner logos"). */
const billers: { name: string; short: string; kind: BillerKind }[] = [
  { name: 'MTN', short: 'MTN', kind: 'network' },
  { name: 'Airtel', short: 'AIR', kind: 'network' },
  { name: 'Glo', short: 'GLO', kind: 'network' },
  { name: '9mobile', short: '9M', kind: 'network' },
  { name: 'DStv', short: 'DStv', kind: 'tv' },
  { name: 'GOtv', short: 'GOtv', kind: 'tv' },
  { name: 'StarTimes', short: 'ST', kind: 'tv' },
  { name: 'Showmax', short: 'SM', kind: 'tv' },
  { name: 'Ikeja Electric', short: 'IE', kind: 'power' },
  { name: 'Eko Electric', short: 'EKO', kind: 'power' },
  { name: 'Abuja Electric', short: 'AE', kind: 'power' },
  { name: 'WAEC', short: 'WAEC', kind: 'exam' },
  { name: 'JAMB', short: 'JAMB', kind: 'exam' },
];

/**
 * A simple monochrome mark per biller, drawn here (no third-party host, no trademark artwork):
 * the kind of service as a shape (a signal tower, a screen, a bolt, a certificate) and the
 * biller's initials. It takes the text colour, so it follows the theme.
 */
function BillerMark({ short, kind }: { short: string; kind: BillerKind }) {
  const shape = {
    network: (
      <path d="M8 30 L14 18 M20 30 L14 18 M10 26 H18 M6 12 Q14 4 22 12 M9 15 Q14 10 19 15" />
    ),
    tv: <path d="M5 10 H23 V24 H5 Z M11 28 H17 M14 24 V28" />,
    power: <path d="M16 4 L8 17 H14 L12 28 L21 13 H15 Z" />,
    exam: <path d="M7 5 H21 V23 L14 28 L7 23 Z M10 11 H18 M10 15 H18 M10 19 H15" />,
  }[kind];
  return (
    <svg
      viewBox="0 0 96 32"
      width="96"
      height="32"
      aria-hidden="true"
      className="shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="1" y="1" width="94" height="30" rx="8" strokeOpacity="0.35" />
      <g transform="translate(4 0)">{shape}</g>
      <text
        x="62"
        y="21"
        textAnchor="middle"
        fill="currentColor"
        stroke="none"
        fontSize="13"
        fontWeight="700"
        letterSpacing="0.5"
      >
        {short}
      </text>
    </svg>
  );
}

export function LandingPage() {
  return (
    <>
      <PageTitle />

      <section id="home" aria-labelledby="hero-title" className="bg-brand/5">
        <div className="mx-auto flex max-w-6xl items-center gap-10 px-4 py-14 md:py-24">
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-brand">{brand.name}</p>
            <h1
              id="hero-title"
              className="mt-2 max-w-3xl text-3xl leading-tight font-bold md:text-5xl"
            >
              {brand.tagline}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-muted">
              Fund your wallet once with your bank card, then top up phones, renew TV and buy
              electricity tokens whenever you need to — day or night.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={paths.signup} className={primaryButton}>
                Sign up
              </Link>
              <Link to={paths.login} className={secondaryButton}>
                Log in
              </Link>
            </div>
            <p className="mt-6 text-sm text-muted">
              On your phone?{' '}
              <a
                href={brand.appStoreUrl}
                className={`rounded font-medium text-brand underline ${focusRing}`}
              >
                Get the {brand.name} app on {brand.appStoreName}
              </a>
            </p>
          </div>
          <HeroPhone />
        </div>
      </section>

      <Section id="about" title="About us">
        <div className="max-w-3xl space-y-4 text-muted">
          <p>{brand.description}</p>
          <p>
            You fund your wallet through our payment processor&apos;s secure card checkout, and the
            balance is yours to spend on any service below. No queues, no scratch cards, no
            searching for a vendor late at night.
          </p>
        </div>
      </Section>

      <Section id="why-us" title={`Why ${brand.name}`} tinted>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason.title} className="rounded-lg border border-border bg-bg p-5">
              <h3 className="font-semibold">{reason.title}</h3>
              <p className="mt-2 text-muted">{reason.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="services" title="Our services">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {services.map((service) => (
            <li key={service.name} className="rounded-lg border border-border p-5">
              <h3 className="font-semibold text-brand">{service.name}</h3>
              <p className="mt-2 text-muted">{service.text}</p>
            </li>
          ))}
        </ul>
        <h3 className="mt-10 font-semibold">Networks and billers you can pay</h3>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {billers.map((biller) => (
            <li key={biller.name} className="flex flex-col items-start gap-1 text-sm text-muted">
              <BillerMark short={biller.short} kind={biller.kind} />
              <span>{biller.name}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="get-started" title="Ready to pay your next bill?" tinted>
        <p className="max-w-2xl text-muted">
          Sign up with your e-mail address, verify it, choose your transaction pin and fund your
          wallet. Questions first? Read the{' '}
          <Link to={paths.faq} className={`rounded text-brand underline ${focusRing}`}>
            frequently asked questions
          </Link>{' '}
          or see how we handle your data in our{' '}
          <Link to={paths.privacyPolicy} className={`rounded text-brand underline ${focusRing}`}>
            privacy policy
          </Link>
          .
        </p>
        <div className="mt-6">
          <Link to={paths.signup} className={primaryButton}>
            Create your account
          </Link>
        </div>
      </Section>
    </>
  );
}

function Section({
  id,
  title,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 ${tinted ? 'bg-brand/5' : ''}`}
    >
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <h2 id={`${id}-title`} className="mb-6 text-2xl font-bold md:text-3xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
