import { Link } from '@/lib/link';

import { WalletIcon } from '@/components/ui/icons';
import { brand } from '@/config/brand';
import { paths } from '@/config/routes';

/** Visible keyboard focus for links and buttons in the app shell. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The id every layout gives its <main>, the target of the skip link. */
export const MAIN_ID = 'main-content';

/** First focusable element on every page: jumps past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={`sr-only rounded-md bg-brand font-medium text-brand-fg focus:not-sr-only focus:fixed focus:px-4 focus:py-2 focus:top-2 focus:left-2 focus:z-50 ${focusRing}`}
    >
      Skip to main content
    </a>
  );
}

/** The brand name as a link home (the header's "logo"; text only, no image to download). */
export function BrandLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={`rounded-md text-lg font-bold tracking-tight text-fg ${focusRing} ${className}`}
    >
      <WalletIcon className="mr-1.5 inline size-5 align-[-0.2em] text-brand" strokeWidth={2.5} />
      {brand.name}
    </Link>
  );
}

/** Sets the document title for a page (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${brand.name}` : `${brand.name} — ${brand.tagline}`}</title>;
}
