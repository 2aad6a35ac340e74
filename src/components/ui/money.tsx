import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import type { Kobo } from '@contract/money';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/money';

export const moneyVariants = cva('whitespace-nowrap tabular-nums', {
  variants: {
    tone: {
      /** Inherit the surrounding colour. */
      plain: '',
      muted: 'text-muted',
      /** Green above zero, red below, as on a statement. The sign is in the text too. */
      signed: '',
    },
    size: {
      inherit: '',
      sm: 'text-sm',
      md: 'text-base',
      lg: 'text-2xl font-bold',
    },
  },
  defaultVariants: { tone: 'plain', size: 'inherit' },
});

export type MoneyProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof moneyVariants> & {
    /** The amount in kobo (integer), as every contract money field is after parsing. */
    kobo: Kobo;
  };

/**
 * Kobo → "₦1,234.50" (spec §1: NGN with 2 decimals), through the one formatter
 * `formatNaira`. Negative amounts read "−₦250.00" (a real minus sign), zero "₦0.00".
 */
export function Money({ className, kobo, tone, size, ...props }: MoneyProps) {
  const signedClass =
    tone === 'signed' ? (kobo < 0 ? 'text-danger' : kobo > 0 ? 'text-success' : '') : '';
  return (
    <span
      data-slot="money"
      className={cn(moneyVariants({ tone, size }), signedClass, className)}
      {...props}
    >
      {formatNaira(kobo)}
    </span>
  );
}
