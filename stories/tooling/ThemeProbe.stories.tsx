import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

/** Checks the tooling end to end: Tailwind tokens, the theme decorator, axe and `play`. */
function ThemeProbe({ label }: { label: string }) {
  return (
    <div className="rounded-md border border-border bg-brand p-4 text-brand-fg">
      <p>{label}</p>
    </div>
  );
}

const meta = {
  title: 'Tooling/ThemeProbe',
  component: ThemeProbe,
  args: { label: 'Brand colour on brand text' },
} satisfies Meta<typeof ThemeProbe>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(args.label)).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, args }) => {
    const text = canvas.getByText(args.label);
    await expect(text).toBeVisible();
    await expect(text.closest('.dark')).not.toBeNull();
  },
};
