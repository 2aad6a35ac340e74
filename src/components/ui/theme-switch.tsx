import type * as React from 'react';

import { cn } from '@/lib/cn';
import { nextTheme, setTheme, useTheme, type ThemeChoice } from '@/lib/theme';

import { focusRing } from './button';

const LABELS: Record<ThemeChoice, { text: string; icon: string }> = {
  system: { text: 'Theme: phone setting', icon: '◐' },
  light: { text: 'Theme: light', icon: '☀' },
  dark: { text: 'Theme: dark', icon: '☾' },
};

export type ThemeSwitchProps = Omit<React.ComponentProps<'button'>, 'onClick' | 'children'> & {
  /** Icon only (the sidebar's collapsed mode); the label stays the accessible name. */
  iconOnly?: boolean;
};

/**
 * Light, dark, or the phone's setting: each press moves to the next. The choice is kept on
 * this device (src/lib/theme.ts).
 */
export function ThemeSwitch({ className, iconOnly = false, ...props }: ThemeSwitchProps) {
  const choice = useTheme();
  const { text, icon } = LABELS[choice];
  return (
    <button
      type="button"
      data-slot="theme-switch"
      aria-label={iconOnly ? text : undefined}
      title={text}
      className={cn('inline-flex items-center gap-3', focusRing, className)}
      onClick={() => setTheme(nextTheme(choice))}
      {...props}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-6 shrink-0 items-center justify-center rounded-chip bg-border/70 text-sm"
      >
        {icon}
      </span>
      {iconOnly ? null : <span>{text}</span>}
    </button>
  );
}
