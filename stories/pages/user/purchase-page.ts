import type { StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { demoSession } from '@mocks/index';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * One story set for every purchase page: the five pages are one frame
 * (`PurchaseScreen`) around one form (`ProductForm`), so their page stories are one factory
 * fed with what differs: the heading, the catalogue's name and its MSW variants.
 */

/** A page opened at its path, signed in as the demo customer. */
export const signedInAt = (path: string) => ({
  parameters: { router: { initialEntries: [path] } },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
});

type Story = StoryObj;

export function purchasePageStories(page: {
  /** The page's h1. */
  heading: string;
  /** The catalogue as its loading state names it ("networks", "TV plans"). */
  what: string;
  /** The catalogue's MSW variants. */
  catalogue: { slow: HttpHandler; error: HttpHandler };
}) {
  const Default: Story = {
    play: async ({ canvas }) => {
      await expect(
        await canvas.findByRole('heading', { level: 1, name: page.heading }),
      ).toBeVisible();
      await expect(canvas.getByRole('tab', { name: 'Use wallet' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(canvas.getByRole('tab', { name: 'Use Coupon' })).toBeVisible();
      // The coupon tab's panel stays empty (its form not even loading) until it is opened.
      const couponTab = canvas.getByRole('tab', { name: 'Use Coupon' });
      const couponPanel = document.getElementById(couponTab.getAttribute('aria-controls') ?? '');
      await expect(couponPanel).toBeInTheDocument();
      await expect(couponPanel).toBeEmptyDOMElement();
      await expect(await canvas.findByText(/Wallet balance/)).toBeVisible();
    },
  };
  return {
    Default,
    Phone: { ...Default, globals: { viewport: { value: 'phone', isRotated: false } } },
    Dark: { ...Default, globals: { theme: 'dark' } },
    LoadingCatalogue: {
      parameters: { msw: { handlers: [page.catalogue.slow] } },
      play: async ({ canvas }) => {
        await expect(
          await canvas.findByRole('status', { name: `Loading ${page.what}` }),
        ).toBeVisible();
      },
    },
    CatalogueError: {
      parameters: { msw: { handlers: [page.catalogue.error] } },
      play: async ({ canvas }) => {
        await expect(await canvas.findByRole('alert')).toHaveTextContent(SERVER_MSG.serverError);
      },
    },
    CouponTab: {
      play: async ({ canvas, userEvent }) => {
        await userEvent.click(await canvas.findByRole('tab', { name: 'Use Coupon' }));
        await expect(await canvas.findByLabelText(/Coupon code/)).toBeVisible();
        await expect(canvas.getByRole('button', { name: 'Load' })).toBeVisible();
      },
    },
  } satisfies Record<string, Story>;
}
