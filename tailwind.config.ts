import type { Config } from 'tailwindcss';

/**
 * Tailwind 4 reads this through `@config` in src/styles/globals.css.
 *
 * The design tokens in one place: colours are CSS variables (values for light and dark in
 * globals.css), so one class such as `bg-brand text-fg` follows the theme; dark mode is the
 * `.dark` class (`@custom-variant` there). Radii, spacing and the type scale are named here so
 * components say `rounded-control`, `h-control`, `text-sm` rather than magic numbers.
 */
const token = (name: string) => `var(--color-${name})`;

export default {
  // cn's merge config (src/lib/cn.ts) and its test list class-name parts and sample classes,
  // not classes the app renders: left out so they add no CSS.
  content: [
    './index.html',
    './src/**/*.{ts,tsx}',
    '!./src/lib/cn.ts',
    '!./src/lib/cn.test.ts',
    './stories/**/*.{ts,tsx,mdx}',
  ],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: token('brand'), fg: token('brand-fg'), soft: token('brand-soft') },
        bg: token('bg'),
        surface: token('surface'),
        fg: token('fg'),
        muted: token('muted'),
        border: token('border'),
        input: token('input'),
        overlay: token('overlay'),
        danger: { DEFAULT: token('danger'), fg: token('danger-fg'), soft: token('danger-soft') },
        success: { DEFAULT: token('success'), soft: token('success-soft') },
        /** Announcements' warning severity (ADR 0059). */
        warning: { DEFAULT: token('warning'), soft: token('warning-soft') },
        status: {
          'danger-bg': token('status-danger-bg'),
          'danger-fg': token('status-danger-fg'),
          'success-strong-bg': token('status-success-strong-bg'),
          'success-strong-fg': token('status-success-strong-fg'),
          'neutral-bg': token('status-neutral-bg'),
          'neutral-fg': token('status-neutral-fg'),
          'success-bg': token('status-success-bg'),
          'success-fg': token('status-success-fg'),
        },
      },
      borderRadius: {
        /** Buttons, inputs, selects. */
        control: 'var(--radius-md)',
        /** Cards, dialogs, tables. */
        card: 'var(--radius-lg)',
        /** Badges and small chips. */
        chip: 'var(--radius-sm)',
      },
      spacing: {
        /** Height of a touch-friendly control (44 px: the minimum target on phones). */
        control: '2.75rem',
        'control-sm': '2.25rem',
        /** Width of the sidebar, open and collapsed. */
        sidebar: '16rem',
        'sidebar-collapsed': '4.5rem',
      },
      // The type scale keeps Tailwind's names (cn() only resolves conflicts between the font
      // sizes tailwind-merge's table knows: xs…2xl and base).
      fontSize: {
        /** Captions, table footers, badges. */
        xs: ['0.75rem', { lineHeight: '1rem' }],
        /** Labels, hints, table cells, buttons. */
        sm: ['0.875rem', { lineHeight: '1.25rem' }],
        /** Body text and inputs (16 px: phones do not zoom into a focused field). */
        base: ['1rem', { lineHeight: '1.5rem' }],
        /** Dialog and card titles. */
        lg: ['1.125rem', { lineHeight: '1.75rem' }],
        /** Page titles. */
        xl: ['1.25rem', { lineHeight: '1.75rem' }],
        /** Overview figures (StatCard). */
        '2xl': ['1.5rem', { lineHeight: '2rem' }],
      },
      fontFamily: {
        // System fonts only: nothing is fetched from a third-party host.
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          '"Liberation Sans"',
          'Arial',
          'sans-serif',
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
        mono: [
          'ui-monospace',
          'SFMono-Regular',
          'Menlo',
          'Consolas',
          '"Liberation Mono"',
          'monospace',
        ],
      },
    },
  },
} satisfies Config;
