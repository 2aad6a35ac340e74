import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';
import { formatDate, formatDateTime, formatDateTimeSeconds, formatTime } from '@/lib/dates';

export const dateTextVariants = cva('whitespace-nowrap tabular-nums', {
  variants: {
    tone: {
      plain: '',
      muted: 'text-muted',
    },
  },
  defaultVariants: { tone: 'plain' },
});

const FORMAT = {
  date: formatDate,
  time: formatTime,
  datetime: formatDateTime,
  seconds: formatDateTimeSeconds,
} as const;

export type DateTextProps = Omit<React.ComponentProps<'time'>, 'children' | 'dateTime'> &
  VariantProps<typeof dateTextVariants> & {
    /** The moment, in epoch milliseconds (every contract date is). */
    epochMs: number;
    /**
     * `date` "DD - MM - YYYY" (spec §2), `time` "HH:MM" (24 h), `datetime` both, or
     * `seconds` both with the seconds.
     * Always in Nigerian time (Africa/Lagos), whatever the device's zone.
     */
    show?: keyof typeof FORMAT;
  };

/** A date as the spec writes it, in a `<time>` element with the exact ISO instant. */
export function DateText({ className, epochMs, show = 'date', tone, ...props }: DateTextProps) {
  return (
    <time
      data-slot="date-text"
      dateTime={new Date(epochMs).toISOString()}
      className={cn(dateTextVariants({ tone }), className)}
      {...props}
    >
      {FORMAT[show](epochMs)}
    </time>
  );
}
