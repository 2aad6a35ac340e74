import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { ThemeSwitch } from '@/components/ui/theme-switch';
import { setTheme } from '@/lib/theme';

/** Light, dark or the phone's setting; each press moves on, the choice stays on the device. */
const meta = {
  title: 'UI/ThemeSwitch',
  component: ThemeSwitch,
  args: { className: 'rounded-control px-3 py-2 text-sm font-medium' },
  beforeEach: () => {
    setTheme('system');
    return () => setTheme('system');
  },
} satisfies Meta<typeof ThemeSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Presses go phone setting → light → dark → phone setting; <html> carries the choice. */
export const Cycle: Story = {
  play: async ({ canvas, userEvent }) => {
    const html = document.documentElement;
    const button = canvas.getByRole('button', { name: 'Theme: phone setting' });
    await userEvent.click(button);
    await expect(button).toHaveAccessibleName('Theme: light');
    await expect(html).toHaveClass('light');
    await expect(localStorage.getItem('theme')).toBe('light');
    await userEvent.click(button);
    await expect(button).toHaveAccessibleName('Theme: dark');
    await expect(html).toHaveClass('dark');
    await expect(html).not.toHaveClass('light');
    await userEvent.click(button);
    await expect(button).toHaveAccessibleName('Theme: phone setting');
    await expect(html).not.toHaveClass('dark');
    await expect(localStorage.getItem('theme')).toBeNull();
    // Settled: the switch keeps focus, drawn with the design system's ring (a solid outline in
    // the brand colour), not the browser's own, which each Chromium version paints differently.
    await expect(button).toHaveFocus();
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
  },
};

/** In the collapsed sidebar: the icon, with the label as its name. */
export const IconOnly: Story = {
  args: { iconOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Theme: phone setting' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
