import type { Config } from 'tailwindcss';

/**
 * Tailwind 4 reads this through `@config` in src/styles/globals.css.
 *
 * Colours are CSS variables (set for light and dark in globals.css), so one class such as
 * `bg-brand text-fg` follows the theme; dark mode is the `.dark` class (`@custom-variant` there).
 */
const token = (name: string) => `var(--color-${name})`;

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}', './stories/**/*.{ts,tsx,mdx}'],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: token('brand'), fg: token('brand-fg') },
        bg: token('bg'),
        fg: token('fg'),
        muted: token('muted'),
        border: token('border'),
        danger: token('danger'),
        success: token('success'),
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
