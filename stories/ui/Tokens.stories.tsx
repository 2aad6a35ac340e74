import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { brand } from '@/config/brand';

const COLOURS = [
  ['brand', 'bg-brand', 'text-brand-fg'],
  ['brand-soft', 'bg-brand-soft', 'text-fg'],
  ['bg', 'bg-bg', 'text-fg'],
  ['surface', 'bg-surface', 'text-fg'],
  ['fg', 'bg-fg', 'text-bg'],
  ['muted', 'bg-muted', 'text-bg'],
  ['border', 'bg-border', 'text-fg'],
  ['input', 'bg-input', 'text-bg'],
  ['danger', 'bg-danger', 'text-danger-fg'],
  ['danger-soft', 'bg-danger-soft', 'text-fg'],
  ['success', 'bg-success', 'text-bg'],
  ['success-soft', 'bg-success-soft', 'text-fg'],
  ['status-danger', 'bg-status-danger-bg', 'text-status-danger-fg'],
  ['status-success-strong', 'bg-status-success-strong-bg', 'text-status-success-strong-fg'],
  ['status-neutral', 'bg-status-neutral-bg', 'text-status-neutral-fg'],
  ['status-success', 'bg-status-success-bg', 'text-status-success-fg'],
] as const;

const TYPE = [
  ['text-xs', 'Caption · 12/16'],
  ['text-sm', 'Label, hint, table · 14/20'],
  ['text-base', 'Body, input · 16/24'],
  ['text-lg', 'Dialog title · 18/28'],
  ['text-xl', 'Page title · 20/28'],
  ['text-2xl', 'Figure · 24/32'],
] as const;

/** Every colour, radius and text size token, as classes, in the current theme. */
function Tokens() {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="tokens-colours">
        <h2 id="tokens-colours" className="mb-2 text-lg font-semibold">
          Colours
        </h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {COLOURS.map(([name, bg, fg]) => (
            <li key={name} className="flex flex-col gap-1 text-xs">
              <span
                data-token={name}
                className={`flex h-12 items-center justify-center rounded-control border border-border font-semibold ${bg} ${fg}`}
              >
                {fg.startsWith('text-status') || fg === 'text-brand-fg' || fg === 'text-danger-fg'
                  ? 'Aa'
                  : ''}
              </span>
              <span>{name}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tokens-radii">
        <h2 id="tokens-radii" className="mb-2 text-lg font-semibold">
          Radii
        </h2>
        <div className="flex gap-3 text-xs">
          <div className="flex size-16 items-center justify-center rounded-chip border border-input">
            chip
          </div>
          <div className="flex size-16 items-center justify-center rounded-control border border-input">
            control
          </div>
          <div className="flex size-16 items-center justify-center rounded-card border border-input">
            card
          </div>
        </div>
      </section>
      <section aria-labelledby="tokens-type">
        <h2 id="tokens-type" className="mb-2 text-lg font-semibold">
          Type scale
        </h2>
        <ul className="flex flex-col gap-1">
          {TYPE.map(([cls, use]) => (
            <li key={cls} className={cls}>
              {cls} — {use}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tokens-spacing">
        <h2 id="tokens-spacing" className="mb-2 text-lg font-semibold">
          Control heights
        </h2>
        <div className="flex items-end gap-3 text-xs">
          <div className="flex h-control-sm w-24 items-center justify-center rounded-control bg-surface ring-1 ring-border">
            control-sm 36
          </div>
          <div className="flex h-control w-24 items-center justify-center rounded-control bg-surface ring-1 ring-border">
            control 44
          </div>
        </div>
      </section>
    </div>
  );
}

const meta = {
  title: 'UI/Tokens',
  component: Tokens,
} satisfies Meta<typeof Tokens>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The light theme's brand colour is the brand config's (src/config/brand.ts). */
export const Light: Story = {
  play: async ({ canvasElement, globals }) => {
    if (globals.theme === 'dark') return; // the visual test also shoots this story dark
    const swatch = canvasElement.querySelector('[data-token="brand"]') as HTMLElement;
    const probe = document.createElement('span');
    probe.style.color = brand.primaryColor;
    document.body.appendChild(probe);
    const expected = getComputedStyle(probe).color;
    probe.remove();
    await expect(getComputedStyle(swatch).backgroundColor).toBe(expected);
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
