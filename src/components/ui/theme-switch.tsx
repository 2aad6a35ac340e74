import type * as React from 'react';

import { cn } from '@/lib/cn';
import { nextTheme, setTheme, useTheme, type ThemeChoice } from '@/lib/theme';

import { focusRing } from './button';
import { DarkThemeIcon, LightThemeIcon, SystemThemeIcon, type IconComponent } from './icons';

const LABELS: Record<ThemeChoice, { text: string; Icon: IconComponent }> = {
  system: { text: 'Theme: phone setting', Icon: SystemThemeIcon },
  light: { text: 'Theme: light', Icon: LightThemeIcon },
  dark: { text: 'Theme: dark', Icon: DarkThemeIcon },
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
  const { text, Icon } = LABELS[choice];
  return (
    <button
      type="button"
      data-slot="theme-switch"
      aria-label={iconOnly ? text : undefined}
      title={text}
      // 44 px on touch screens (WCAG 2.5.5) wherever it is placed, as the small controls.
      className={cn(
        'inline-flex items-center gap-3 pointer-coarse:min-h-control pointer-coarse:min-w-control',
        focusRing,
        className,
      )}
      onClick={() => setTheme(nextTheme(choice))}
      {...props}
    >
      <span className="inline-flex size-6 shrink-0 items-center justify-center text-muted">
        <Icon className="size-5" />
      </span>
      {iconOnly ? null : <span>{text}</span>}
    </button>
  );
}
