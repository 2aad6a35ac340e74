import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Button } from '@/components/ui/button';
import * as icons from '@/components/ui/icons';
import { StatusBadge } from '@/components/ui/status-badge';

type IconEntry = [name: string, Icon: icons.IconComponent];

/** Every icon the design system exports, by the name the app imports it under. */
const ALL = Object.entries(icons).filter(
  (entry): entry is IconEntry => typeof entry[1] === 'object' || typeof entry[1] === 'function',
);

function IconGallery({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <ul
      aria-label="Icons"
      className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6"
      data-testid="icon-gallery"
    >
      {ALL.map(([name, Icon]) => (
        <li
          key={name}
          className="flex min-w-0 items-center gap-2 rounded-control border border-border bg-surface px-2 py-2 text-xs"
        >
          <Icon className={size === 'lg' ? 'size-7 shrink-0' : 'size-5 shrink-0'} />
          <span className="truncate font-mono">{name}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One icon set (Lucide, installed from npm, inline SVG) for every screen. Import icons from
 * `@/components/ui/icons` by their app name; ESLint refuses `lucide-react` anywhere else.
 * Icons are decorative (`aria-hidden`): the text beside them is the accessible name.
 */
const meta = {
  title: 'UI/Icons',
  component: IconGallery,
} satisfies Meta<typeof IconGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon, each an SVG hidden from screen readers (its label is the text next to it). */
export const AllIcons: Story = {
  play: async ({ canvas }) => {
    const gallery = canvas.getByTestId('icon-gallery');
    const svgs = gallery.querySelectorAll('svg');
    await expect(svgs.length).toBe(ALL.length);
    await expect(ALL.length).toBeGreaterThan(30);
    for (const svg of svgs) await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByText('AirtimeIcon')).toBeVisible();
  },
};

export const Large: Story = { args: { size: 'lg' } };

/** Icons in use: a labelled button, an icon-only button (named by aria-label) and badges. */
export const InUse: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button>
          <icons.ShareIcon className="size-4" />
          Share receipt
        </Button>
        <Button variant="outline">
          <icons.DownloadIcon className="size-4" />
          Download
        </Button>
        <Button variant="ghost" size="icon" aria-label="Delete saved number">
          <icons.DeleteIcon className="size-5" />
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge kind="transaction" status="successful" />
        <StatusBadge kind="transaction" status="pending" />
        <StatusBadge kind="transaction" status="failed" />
        <StatusBadge kind="transaction" status="reversed" />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Share receipt' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete saved number' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
