import type { ReactNode } from 'react';
import { Link } from '@/lib/link';

import { focusRing, PageTitle } from '@/app/layouts/layout-parts';
import { brand } from '@/config/brand';
import { paths } from '@/config/routes';

const link = `rounded text-brand underline ${focusRing}`;

function SupportEmail() {
  return (
    <a href={`mailto:${brand.supportEmail}`} className={link}>
      {brand.supportEmail}
    </a>
  );
}

type Question = { id: string; question: string; answer: ReactNode };
type Topic = { id: string; title: string; questions: Question[] };

// Topics and steps from spec §2 (/frequently-asked-questions); amounts and limits from §9.
const topics: Topic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    questions: [
      {
        id: 'open-account',
        question: 'How do I open an account?',
        answer: (
          <>
            <p>
              Choose{' '}
              <Link to={paths.signup} className={link}>
                Sign up
              </Link>{' '}
              and enter your name, e-mail address, phone number and a password. We send a
              verification link to your e-mail: open it within 24 hours (check your spam folder if
              you cannot find it).
            </p>
            <p>
              Then log in and create your 6-digit transaction pin. You need the pin for every
              purchase, transfer and coupon, so keep it to yourself.
            </p>
          </>
        ),
      },
      {
        id: 'forgot-pin',
        question: 'I forgot my password or my pin. What can I do?',
        answer: (
          <p>
            For your password, choose{' '}
            <Link to={paths.forgotPassword} className={link}>
              Forgot password
            </Link>{' '}
            on the login page and follow the link we e-mail you. To change your transaction pin,
            open Settings in your dashboard and reset it there.
          </p>
        ),
      },
    ],
  },
  {
    id: 'funding',
    title: 'Funding your wallet',
    questions: [
      {
        id: 'fund-wallet',
        question: 'How do I fund my wallet?',
        answer: (
          <p>
            In your dashboard, open Wallet, choose Fund Wallet, enter the amount and press PAY. You
            are taken to our payment processor&apos;s secure checkout to pay with your card. When
            you return, the money is added to your wallet as soon as the payment is confirmed.
          </p>
        ),
      },
      {
        id: 'funding-charges',
        question: 'Is there a charge for funding?',
        answer: (
          <p>
            Payments above ₦9,999 carry the ₦50 stamp duty charge, which is deducted from the amount
            added to your wallet. Smaller payments have no stamp duty.
          </p>
        ),
      },
      {
        id: 'share-funds',
        question: 'Can I send money to another user?',
        answer: (
          <p>
            Yes. On the Wallet page, use Share Funds: enter the other user&apos;s e-mail address,
            the amount and your transaction pin.
          </p>
        ),
      },
    ],
  },
  {
    id: 'verification',
    title: 'Verifying your e-mail',
    questions: [
      {
        id: 'expired-link',
        question: 'My verification link has expired. What should I do?',
        answer: (
          <p>
            Verification links last 24 hours. If yours has expired, e-mail us at <SupportEmail />{' '}
            from the address you signed up with, and we will help you verify your account.
          </p>
        ),
      },
    ],
  },
  {
    id: 'coupons',
    title: 'Coupons',
    questions: [
      {
        id: 'what-are-coupons',
        question: 'What are coupons?',
        answer: (
          <p>
            A coupon is a prepaid code for one product — airtime, data, cable TV, electricity or an
            exam pin — that you buy from your wallet and give to someone. They redeem it on their
            own {brand.name} account, so you can gift airtime or data without knowing their phone
            number.
          </p>
        ),
      },
      {
        id: 'buy-coupons',
        question: 'How do I buy coupons?',
        answer: (
          <ol className="list-decimal space-y-1 pl-6">
            <li>Open Buy Coupon in your dashboard.</li>
            <li>Pick the product (and its plan or amount).</li>
            <li>Use the minus and plus buttons to choose how many units you want.</li>
            <li>Enter your 6-digit transaction pin.</li>
            <li>Press Generate.</li>
            <li>
              Copy the code from your list of coupons and send it to the person you are gifting.
            </li>
          </ol>
        ),
      },
      {
        id: 'redeem-coupons',
        question: 'How do I redeem a coupon?',
        answer: (
          <ol className="list-decimal space-y-1 pl-6">
            <li>
              Look at the end of the code: it ends with the product name (for example, a code ending
              in AIRTIME is for airtime).
            </li>
            <li>In your dashboard, open that product&apos;s section and choose Use Coupon.</li>
            <li>Paste the code with no spaces and press Load.</li>
            <li>
              Check the product details, then enter your pin and where it should go (phone, smart
              card or meter number) to finish.
            </li>
          </ol>
        ),
      },
    ],
  },
];

export function FaqPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <PageTitle title="Frequently asked questions" />
      <h1 className="text-3xl font-bold">Frequently asked questions</h1>
      <p className="mt-3 text-muted">
        Short answers about your {brand.name} account, wallet and coupons. Cannot find yours? Write
        to <SupportEmail />.
      </p>

      <nav aria-label="FAQ topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {topics.map((topic) => (
            <li key={topic.id}>
              <a
                href={`#${topic.id}`}
                className={`block rounded-full border border-border px-3 py-1 text-sm hover:bg-brand/10 ${focusRing}`}
              >
                {topic.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {topics.map((topic) => (
        <section
          key={topic.id}
          id={topic.id}
          aria-labelledby={`${topic.id}-title`}
          className="mt-10 scroll-mt-20"
        >
          <h2 id={`${topic.id}-title`} className="text-xl font-bold">
            {topic.title}
          </h2>
          {topic.questions.map((item) => (
            <div key={item.id} className="mt-5 border-t border-border pt-5">
              <h3 id={item.id} className="font-semibold">
                {item.question}
              </h3>
              <div className="mt-2 space-y-3 text-muted">{item.answer}</div>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
