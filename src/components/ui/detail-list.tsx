import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

export type Detail = {
  label: ReactNode;
  value: ReactNode;
  /** The value that names who or what (the customer's name): bold. */
  strong?: boolean;
  /** A reference or id: monospace, small. */
  mono?: boolean;
  testId?: string;
};

/**
 * What a confirmation or a row's details say, as label and value pairs: a two-column list
 * that wraps long e-mails and references instead of overflowing a phone's width.
 */
export function DetailList({ items, className }: { items: readonly Detail[]; className?: string }) {
  return (
    <dl
      className={cn(
        'grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]',
        className,
      )}
    >
      {items.map((item, i) => (
        <DetailRow key={i} {...item} />
      ))}
    </dl>
  );
}

function DetailRow({ label, value, strong, mono, testId }: Detail) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd
        className={cn(strong && 'font-semibold', mono && 'font-mono text-xs')}
        data-testid={testId}
      >
        {value}
      </dd>
    </>
  );
}
